import { afterAll, describe, expect, test } from 'vitest'
import * as Projects from '../projects/Projects.js'
import * as TestApp from '../TestApp.js'
import * as Dashboard from './Dashboard.js'
import * as DashboardTokens from './DashboardTokens.js'

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

  test('asks for the token; a wrong one is refused; the right one opens it through a cookie', async () => {
    const closed = await t.app.request('/dashboard/shop')
    expect(closed.status).toBe(401)
    expect(await closed.text()).toContain('Dashboard token')
    const token = await DashboardTokens.reset(orm, 'shop')
    expect((await t.app.request('/dashboard/shop?token=wrong')).status).toBe(401)
    expect(
      (await t.app.request('/dashboard/demo', { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(401)

    const login = await t.app.request(`/dashboard/shop?token=${token}`)
    expect(login.status).toBe(303)
    expect(login.headers.get('location')).toBe('/dashboard/shop')
    const cookie = login.headers.get('set-cookie')!
    expect(cookie).toMatch(
      /^fd_dashboard=[^;]+; Max-Age=43200; Path=\/dashboard\/shop; HttpOnly; SameSite=Strict/,
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
})
