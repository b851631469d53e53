import { afterAll, describe, expect, test } from 'vitest'
import * as App from '../app.js'
import * as Config from '../Config.js'
import * as Projects from '../projects/Projects.js'
import * as TestApp from '../TestApp.js'
import * as Dashboard from './Dashboard.js'
import * as DashboardTokens from './DashboardTokens.js'
import * as DashboardRoutes from './routes.js'

const t = await TestApp.create()
afterAll(() => t.close())
const orm = t.deps.db.orm
await Projects.create(orm, { projectId: 'shop', name: 'Shop', allowedOrigins: [TestApp.DEMO_URL] })

const post = (projectId: string, props: Record<string, unknown>) =>
  t.app.request(`/e?projectId=${projectId}&st=frontdoor&sv=1.0.0`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: TestApp.MODAL_URL },
    body: JSON.stringify({
      eventId: crypto.randomUUID(),
      url: 'http://localhost:5173/',
      domain: 'localhost',
      timestamp: Date.now(),
      props,
    }),
  })
/** The API's own origin (its configured public URL's): where its login form posts from. */
const API_ORIGIN = new URL(t.deps.config.publicUrl).origin

/** The dashboard's login form, posted as a browser does from the API's own page. */
const login = (projectId: string, token: string, headers: Record<string, string> = {}, app = t.app) =>
  app.request(`/dashboard/${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: API_ORIGIN, ...headers },
    body: new URLSearchParams({ token }).toString(),
  })

const track = (event: string, properties: Record<string, unknown> = {}) =>
  post('shop', { type: 'track', event, properties })

describe('summary', () => {
  test('counts the funnel, the methods, the days and lists error reports (newest first)', async () => {
    const before = await Dashboard.summary(orm, 'shop')
    expect(before.funnel).toEqual({ opened: 0, chose: 0, attempted: 0, connected: 0, failed: 0 })
    expect(before.days).toHaveLength(Dashboard.DAYS)
    for (const [event, properties] of [
      ['MODAL_OPEN', {}],
      ['MODAL_OPEN', {}],
      ['SELECT_METHOD', { method: 'injected', kind: 'injected' }],
      ['CONNECT_ATTEMPT', { method: 'injected', kind: 'injected' }],
      ['CONNECT_ERROR', { method: 'injected', kind: 'injected' }],
      ['SELECT_METHOD', { method: 'walletConnect', kind: 'walletConnect' }],
      ['CONNECT_ATTEMPT', { method: 'walletConnect', kind: 'walletConnect' }],
      ['CONNECT_SUCCESS', { method: 'walletConnect', kind: 'walletConnect', chainId: 31337 }],
    ] as const)
      expect((await track(event, properties)).status).toBe(202)
    const error = (message: string) => ({
      type: 'error',
      event: 'ERROR',
      properties: { source: 'modal', kind: 'uncaught', name: 'TypeError', message },
    })
    expect((await post('shop', error('first'))).status).toBe(202)
    expect((await post('shop', error('second'))).status).toBe(202)
    // Another project's reports are not counted.
    expect((await post('demo', { type: 'track', event: 'MODAL_OPEN' })).status).toBe(202)

    const after = await Dashboard.summary(orm, 'shop')
    expect(after.funnel).toEqual({ opened: 2, chose: 2, attempted: 2, connected: 1, failed: 1 })
    expect(after.perMethod).toEqual([
      { method: 'injected', chose: 1, connected: 0, failed: 1 },
      { method: 'walletConnect', chose: 1, connected: 1, failed: 0 },
    ])
    expect(after.perEvent[0]).toEqual({ event: 'CONNECT_ATTEMPT', n: 2 })
    expect(after.perEvent.reduce((sum, r) => sum + r.n, 0)).toBe(8)
    const today = after.days.at(-1)!
    expect(today).toEqual({ day: new Date().toISOString().slice(0, 10), events: 8, errors: 2 })
    expect(after.errors.map((r) => r.message).sort()).toEqual(['first', 'second'])
    expect(after.errors[0]).toMatchObject({ source: 'modal', kind: 'uncaught', name: 'TypeError' })
    expect(after.errors[0]!.at.getTime()).toBeGreaterThanOrEqual(after.errors[1]!.at.getTime())
  })

  test('lastDays: DAYS UTC dates ending today', () => {
    expect(Dashboard.lastDays(new Date('2026-03-02T10:00:00Z'), 3)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ])
  })
})

describe('GET /dashboard/:projectId', () => {
  test('a path that is no project id is no dashboard (404), never a database error', async () => {
    for (const path of ['/dashboard/%00', '/dashboard/%00/events', `/dashboard/${'x'.repeat(65)}/events`])
      expect((await t.app.request(path)).status).toBe(404)
  })

  test('asks for the token; a wrong one is refused; the right one, posted by the login form, opens it through a cookie', async () => {
    const closed = await t.app.request('/dashboard/shop')
    expect(closed.status).toBe(401)
    const form = await closed.text()
    expect(form).toContain('Dashboard token')
    expect(form).toContain('<form method="post" action="/dashboard/shop"')
    // Its POST must carry the page's Origin: a same-origin referrer policy (no-referrer sends 'null').
    expect(closed.headers.get('referrer-policy')).toBe('same-origin')
    const token = await DashboardTokens.reset(orm, 'shop')
    expect((await login('shop', 'wrong')).status).toBe(401)
    expect(await (await login('shop', 'wrong')).text()).toContain('That token does not open this dashboard.')
    expect(
      (await t.app.request('/dashboard/demo', { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(401)
    // A token in the address (proxy logs, history) opens nothing any more.
    const inQuery = await t.app.request(`/dashboard/shop?token=${token}`)
    expect(inQuery.status).toBe(401)
    expect(inQuery.headers.get('set-cookie')).toBeNull()

    const opened = await login('shop', token)
    expect(opened.status).toBe(303)
    expect(opened.headers.get('location')).toBe('/dashboard/shop')
    const cookie = opened.headers.get('set-cookie')!
    expect(cookie).toMatch(
      /^fd_dashboard=[^;]+; Max-Age=43200; Path=\/dashboard\/shop; HttpOnly; SameSite=Strict$/,
    )

    const page = await t.app.request('/dashboard/shop', { headers: { cookie: cookie.split(';')[0]! } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("style-src 'nonce-")
    const html = await page.text()
    expect(html).toContain('Connect funnel')
    expect(html).toContain('<svg')
    expect(html).toMatch(/Modal opened<\/text>[\s\S]*?>2<\/text>/)
    expect(html).toMatch(/Connected<\/text>[\s\S]*?>1 \(50%\)<\/text>/)
    expect(html).toContain('<b data-testid="failed">1</b>')
    expect(html).toContain('second')
    const bearer = await t.app.request('/dashboard/shop', { headers: { authorization: `Bearer ${token}` } })
    expect(bearer.status).toBe(200)

    expect((await t.app.request('/dashboard/shop/events')).status).toBe(401)
    const events = await t.app.request('/dashboard/shop/events', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(events.status).toBe(200)
    const { events: list } = (await events.json()) as { events: { kind: string; props: { event: string } }[] }
    expect(list).toHaveLength(10)
    expect(list.filter((r) => r.kind === 'error')).toHaveLength(2)
    expect(list.filter((r) => r.props.event === 'CONNECT_SUCCESS')).toHaveLength(1)
  })

  test('what the page shows is escaped', async () => {
    await post('shop', {
      type: 'error',
      event: 'ERROR',
      properties: {
        source: 'modal',
        kind: 'uncaught',
        name: 'Error',
        message: '<img src=x onerror=alert(1)>',
      },
    })
    const token = await DashboardTokens.reset(orm, 'shop')
    const html = await (
      await t.app.request('/dashboard/shop', { headers: { authorization: `Bearer ${token}` } })
    ).text()
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  test('the login form is refused from another origin or none (403), and sets nothing', async () => {
    const token = await DashboardTokens.reset(orm, 'shop')
    for (const origin of ['https://evil.example', 'null', TestApp.DEMO_URL]) {
      const response = await login('shop', token, { origin })
      expect(response.status).toBe(403)
      expect(response.headers.get('set-cookie')).toBeNull()
      expect((await response.json()).error).toMatchObject({
        code: 'forbidden_origin',
        message: 'Unauthorized: origin not allowed',
      })
    }
    const noOrigin = await t.app.request('/dashboard/shop', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    })
    expect(noOrigin.status).toBe(403)
    expect((await login('%00', token)).status).toBe(404)
  })

  test('the login form body: parsed and validated (400 naming the field), and size-limited (413)', async () => {
    const post = (body: string, contentType = 'application/x-www-form-urlencoded') =>
      t.app.request('/dashboard/shop', {
        method: 'POST',
        headers: { 'content-type': contentType, origin: API_ORIGIN },
        body,
      })
    for (const body of [
      '',
      'other=1',
      `token=${'x'.repeat(DashboardRoutes.DASHBOARD_TOKEN_MAX_CHARS + 1)}`,
    ]) {
      const response = await post(body)
      expect(response.status).toBe(400)
      const { error } = await response.json()
      expect(error.code).toBe('invalid_request')
      expect(error.issues[0].field).toBe('token')
    }
    const json = await post('{"token":"x"}', 'application/json')
    expect(json.status).toBe(400)
    expect((await json.json()).error.message).toContain('application/x-www-form-urlencoded')
    const pad = `token=x&pad=${'x'.repeat(DashboardRoutes.DASHBOARD_FORM_MAX_BYTES)}`
    const tooLarge = await post(pad)
    expect(tooLarge.status).toBe(413)
    expect((await tooLarge.json()).error.code).toBe('payload_too_large')
    // Without a declared length, it is read only up to the limit.
    const streamed = await t.app.request('/dashboard/shop', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: API_ORIGIN },
      body: new Blob([pad]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    // The first of a repeated field is the one read.
    expect((await post('token=wrong&token=x')).status).toBe(401)
  })

  test('the cookie is Secure unless the API is plain http on a loopback host: behind a TLS proxy too', async () => {
    const token = await DashboardTokens.reset(orm, 'shop')
    expect((await login('shop', token)).headers.get('set-cookie')).not.toMatch(/; Secure/)
    // The proxy ends TLS: the API sees http://, its configured public URL is https://.
    const publicUrl = 'https://api.frontdoor.example'
    const proxied = App.build({ ...t.deps, config: { ...t.deps.config, publicUrl } })
    const opened = await login('shop', token, { origin: publicUrl }, proxied)
    expect(opened.status).toBe(303)
    expect(opened.headers.get('set-cookie')).toMatch(/; Secure/)
  })

  test('wrong token attempts are limited per client address (429, the API error shape); right ones are not counted', async () => {
    const token = await DashboardTokens.reset(orm, 'shop')
    const { limit } = Config.DEFAULT_LIMITS.dashboardTokenPerIp
    const from = (address: string) => ({ 'x-forwarded-for': address })
    for (let i = 0; i < limit + 5; i++)
      expect(
        (
          await t.app.request('/dashboard/shop/events', {
            headers: { authorization: `Bearer ${token}`, ...from('203.0.113.1') },
          })
        ).status,
      ).toBe(200)
    const statuses: number[] = []
    for (let i = 0; i < limit; i++)
      statuses.push(
        i % 2
          ? (await login('shop', `wrong-${i}`, from('203.0.113.2'))).status
          : (
              await t.app.request('/dashboard/shop', {
                headers: { authorization: `Bearer wrong-${i}`, ...from('203.0.113.2') },
              })
            ).status,
      )
    expect(statuses).toEqual(Array(limit).fill(401))
    const refused = await login('shop', token, from('203.0.113.2'))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('set-cookie')).toBeNull()
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await refused.json()).error).toMatchObject({ code: 'rate_limited', message: 'Rate Limited' })
    const bearer = await t.app.request('/dashboard/shop/events', {
      headers: { authorization: `Bearer ${token}`, ...from('203.0.113.2') },
    })
    expect(bearer.status).toBe(429)
    // Another address is not held back; the login page itself still shows.
    expect((await login('shop', token, from('203.0.113.3'))).status).toBe(303)
    expect((await t.app.request('/dashboard/shop', { headers: from('203.0.113.2') })).status).toBe(401)
  })
})
