import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import * as Answer from './Answer.js'
import * as Cors from './Cors.js'
import * as SecureHeaders from './SecureHeaders.js'

const PAGE = '{"data":[],"count":0}'
const ROUTE_HEADERS = { 'content-type': 'application/json', vary: 'Accept-Encoding' }

/** The API's header middleware in app.ts's order, one route answering the usual way, one by Answer.of. */
const app = new Hono()
  .use(Answer.requestId())
  .use(SecureHeaders.api())
  .use(
    Cors.middleware({
      origin: (origin) => (origin === 'https://dapp.example' ? origin : null),
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['content-type', 'x-request-id'],
      exposeHeaders: ['x-request-id', 'retry-after', 'etag'],
      maxAge: 600,
    }),
  )
  .get('/usual', (c) => c.body(PAGE, 200, ROUTE_HEADERS))
  .get('/whole', (c) => Answer.of(c, PAGE, 200, ROUTE_HEADERS))
  .get('/whole-gzip', (c) => Answer.of(c, new Uint8Array([1, 2, 3]), 200, ROUTE_HEADERS))

const headersOf = async (path: string, headers: Record<string, string>) => {
  const response = await app.request(path, { headers })
  return {
    status: response.status,
    body: await response.text(),
    headers: Object.fromEntries(response.headers),
  }
}

describe('of', () => {
  test.each([
    ['no Origin', {}],
    ['an allowed Origin', { origin: 'https://dapp.example' }],
    ['another Origin', { origin: 'https://evil.example' }],
  ])(
    'with %s: the same status, body and headers as the middleware gives the usual answer',
    async (_, origin) => {
      const headers = { ...origin, 'x-request-id': 'req-1' }
      const usual = await headersOf('/usual', headers)
      expect(usual.headers['x-frame-options']).toBe('DENY')
      expect(usual.headers.vary).toBe('Accept-Encoding, Origin')
      expect(await headersOf('/whole', headers)).toEqual(usual)
    },
  )

  test('the grant only for an allowed origin', async () => {
    const allowed = await headersOf('/whole', { origin: 'https://dapp.example' })
    expect(allowed.headers['access-control-allow-origin']).toBe('https://dapp.example')
    const other = await headersOf('/whole', { origin: 'https://evil.example' })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })

  test('bytes as well as strings', async () => {
    const response = await app.request('/whole-gzip')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]))
    expect(response.headers.get('content-security-policy')).toBe(Answer.HEADERS['content-security-policy'])
  })

  test('outside the middleware (a route mounted alone): the route headers only', async () => {
    const alone = new Hono().get('/', (c) => Answer.of(c, PAGE, 200, ROUTE_HEADERS))
    const response = await alone.request('/')
    expect(Object.fromEntries(response.headers)).toEqual(ROUTE_HEADERS)
  })
})

describe('requestId', () => {
  test("a client's id is kept when it is short word characters, else a UUID", async () => {
    expect((await headersOf('/whole', { 'x-request-id': 'abc-1=' })).headers['x-request-id']).toBe('abc-1=')
    for (const bad of ['a b', 'x'.repeat(256), '<script>']) {
      const id = (await headersOf('/whole', { 'x-request-id': bad })).headers['x-request-id']
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
    }
  })
})
