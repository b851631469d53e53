import * as fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from './TestApp.js'

// Upstreams that refuse connections: the fuzzed proxy requests that pass validation get a 502, never a 500.
const t = await TestApp.create({
  upstreams: { 'eip155:31337': ['http://127.0.0.1:9'] },
  limits: {
    origins: { limit: 1_000_000, windowMs: 60_000 },
    errorReports: { limit: 1_000_000, windowMs: 60_000 },
  },
})
afterAll(() => t.close())
const METRICS_TOKEN = t.deps.config.metricsToken

describe('build', () => {
  test('/healthz (liveness) answers ok with the database kind; /readyz (readiness) ready', async () => {
    const { status, body } = await t.getJson('/healthz')
    expect(status).toBe(200)
    expect(body).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' })
    const ready = await t.getJson('/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({
      status: 'ready',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    })
  })

  test('every response carries a request id; a given one is echoed', async () => {
    const fresh = await t.app.request('/healthz')
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const given = await t.app.request('/getWallets?page=x', { headers: { 'x-request-id': 'trace-123' } })
    expect(given.status).toBe(400)
    expect(given.headers.get('x-request-id')).toBe('trace-123')
  })

  test('/metrics counts requests by route and status in Prometheus text format', async () => {
    await t.app.request('/getWallets?projectId=demo&page=1&entries=1')
    await t.app.request('/no/such/route')
    const text = await (
      await t.app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text()
    expect(text).toContain('# TYPE frontdoor_http_requests_total counter')
    expect(text).toMatch(
      /frontdoor_http_requests_total\{method="GET",route="\/getWallets",status="200"\} \d+/,
    )
    expect(text).toMatch(/frontdoor_http_requests_total\{method="GET",route="unmatched",status="404"\} 1/)
    expect(text).toMatch(
      /frontdoor_http_request_duration_seconds_bucket\{method="GET",route="\/getWallets",status="200",le="\+Inf"\} \d+/,
    )
  })

  test('/metrics is not public: a bearer METRICS_TOKEN, 401 without it; off (404) when no token is set', async () => {
    const metrics = (authorization?: string) =>
      t.app.request('/metrics', authorization ? { headers: { authorization } } : {})
    expect((await metrics()).status).toBe(401)
    expect((await metrics('Bearer wrong-token')).status).toBe(401)
    expect((await metrics(`Bearer ${METRICS_TOKEN}x`)).status).toBe(401)
    expect((await metrics(`Bearer ${METRICS_TOKEN}`)).status).toBe(200)
    const open = await TestApp.create({ metricsToken: undefined })
    try {
      expect((await open.app.request('/metrics')).status).toBe(404)
      expect((await open.app.request('/metrics', { headers: { authorization: 'Bearer x' } })).status).toBe(
        404,
      )
    } finally {
      await open.close()
    }
  }, 30_000)

  test('CORS allows the modal and auth frames, not other origins', async () => {
    const preflight = (origin: string) =>
      t.app.request('/e?projectId=demo', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
    expect((await preflight('http://127.0.0.1:5180')).headers.get('access-control-allow-origin')).toBe(
      'http://127.0.0.1:5180',
    )
    expect((await preflight('http://127.0.0.2:5181')).headers.get('access-control-allow-origin')).toBe(
      'http://127.0.0.2:5181',
    )
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
  })

  test('unknown routes: 404 JSON', async () => {
    const { status, body } = await t.getJson('/nowhere')
    expect(status).toBe(404)
    expect(body.error).toEqual({ code: 'not_found', message: 'No route for GET /nowhere' })
  })

  test('fuzzed bad input on every route never gets a 500', async () => {
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '',
        '0',
        '-1',
        '1e309',
        'NaN',
        'demo',
        'eip155',
        'eip155:31337',
        '%',
        "'",
        'a,b,,c',
        '💥',
      ),
    )
    const query = fc.dictionary(
      fc.constantFrom(
        'projectId',
        'page',
        'entries',
        'search',
        'include',
        'exclude',
        'badge_type',
        'chains',
        'chainId',
        'st',
        'sv',
      ),
      text,
    )
    const body = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .record({
          jsonrpc: fc.constantFrom('2.0', '1.0'),
          id: fc.jsonValue(),
          method: text,
          params: fc.jsonValue(),
        })
        .map((v) => JSON.stringify(v)),
      fc
        .array(fc.record({ jsonrpc: fc.constant('2.0'), id: fc.nat(), method: text }), { maxLength: 3 })
        .map((v) => JSON.stringify(v)),
      fc
        .record({
          eventId: text,
          url: text,
          domain: text,
          timestamp: fc.oneof(fc.integer(), fc.double()),
          props: fc.jsonValue(),
        })
        .map((v) => JSON.stringify(v)),
    )
    const routes = [
      ['GET', '/appkit/v1/config'],
      ['GET', '/projects/v1/origins'],
      ['GET', '/getAnalyticsConfig'],
      ['GET', '/getWallets'],
      ['GET', '/v1/supported-chains'],
      ['GET', '/getWalletImage/'],
      ['GET', '/public/getAssetImage/'],
      ['GET', '/public/getCurrencyImage/'],
      ['GET', '/public/getTokenImage/'],
      ['POST', '/e'],
      ['POST', '/v1/'],
    ] as const
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        query,
        text,
        body,
        async ([method, path], q, segment, payload) => {
          const search = new URLSearchParams(q).toString()
          const url = `${path}${path.endsWith('/') && !path.startsWith('/v1') ? encodeURIComponent(segment) : ''}?${search}`
          const response = await t.app.request(url, {
            method,
            ...(method === 'POST' ? { body: payload, headers: { 'content-type': 'application/json' } } : {}),
          })
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
          await response.arrayBuffer()
          expect(response.status, `${method} ${url}`).not.toBe(500)
          expect(response.status, `${method} ${url}`).toBeLessThan(500 + (path === '/v1/' ? 3 : 0))
        },
      ),
      { numRuns: 600, seed: 42 },
    )
    expect(statuses.get(500)).toBeUndefined()
    expect(statuses.get(400)).toBeGreaterThan(100)
  })
})
