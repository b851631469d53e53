import { randomInt } from 'node:crypto'
import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import { afterAll, describe, expect, test } from 'vitest'
import * as z from 'zod'
import * as TestApp from '../TestApp.js'
import * as Errors from './Errors.js'
import * as Validate from './Validate.js'

const t = await TestApp.create({ limits: { origins: { limit: 1, windowMs: 60_000 } } })
afterAll(() => t.close())

const AUTH = t.deps.config.authOrigin
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

/** The one error body: `error` alone at the top, holding a code and a message. */
const OneShape = z.strictObject({
  error: z.looseObject({ code: z.union([z.string().min(1), z.number()]), message: z.string().min(1) }),
})

/** A failing request of every route group, with the status and code it gets. */
const CASES: [group: string, path: string, init: RequestInit, status: number, code: string][] = [
  ['projects', '/appkit/v1/config', {}, 400, 'invalid_request'],
  ['projects', '/appkit/v1/config?projectId=ghost', {}, 401, 'invalid_key'],
  ['projects', '/projects/v1/access?projectId=', {}, 400, 'invalid_request'],
  ['directory', '/getWallets?projectId=demo&page=0&entries=1', {}, 400, 'invalid_request'],
  ['directory', '/getWalletImage/no-such-wallet', {}, 404, 'not_found'],
  ['analytics', '/e?projectId=demo&st=x&sv=1', json({}), 400, 'invalid_request'],
  ['analytics', '/e?projectId=demo&st=x&sv=1', { method: 'POST', body: '{}' }, 400, 'invalid_request'],
  ['account', '/v1/identity/0x12?projectId=demo', {}, 400, 'invalid_request'],
  ['account', '/v1/account//history?projectId=demo', {}, 400, 'invalid_request'],
  ['account', '/v1/profile/account/nobody-here?projectId=demo', {}, 404, 'not_found'],
  [
    'account',
    '/v1/fungible/price',
    json({ projectId: 'demo', currency: 'usd', addresses: ['x'] }),
    400,
    'invalid_request',
  ],
  [
    'auth',
    '/v1/auth/email/otp',
    json({ projectId: 'demo', email: 'nope' }, { origin: AUTH }),
    400,
    'invalid_email',
  ],
  ['auth', '/v1/auth/email/otp', json({ projectId: 'demo', email: 'a@b.co' }), 403, 'forbidden_origin'],
  ['auth', '/v1/auth/user', {}, 401, 'unauthorized'],
  ['vault', '/v1/vault/rpc', json({}, { origin: AUTH }), 401, 'unauthorized'],
  ['social', '/v1/auth/farcaster/status', {}, 400, 'invalid_request'],
  ['social', '/v1/auth/social/redeem', json({}, { origin: AUTH }), 400, 'invalid_request'],
  ['social', '/v1/auth/social/google/start', {}, 403, 'forbidden_origin'],
  ['metrics', '/metrics', {}, 401, 'unauthorized'],
  ['unmatched', '/nowhere', {}, 404, 'not_found'],
]

describe('one error body on every route group', () => {
  test.each(CASES)('%s: %s %j -> %i %s', async (_group, path, init, status, code) => {
    const response = await t.app.request(path, init)
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = await response.json()
    expect(OneShape.safeParse(body).error).toBeUndefined()
    expect(body.error.code).toBe(code)
  })

  test('a 400 names the field and lists every issue', async () => {
    const response = await t.app.request('/getWallets?projectId=demo&page=0&entries=1000')
    const body = await response.json()
    expect(body.error.message).toBe("Invalid query field 'page': must be at least 1")
    expect(body.error.issues.map((issue: { field: string }) => issue.field)).toEqual(['page', 'entries'])
  })

  test("a body that is not declared JSON is refused as such, not read as the schema's empty input", async () => {
    const response = await t.app.request('/v1/fungible/price', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ projectId: 'demo', currency: 'usd', addresses: [] }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: { code: 'invalid_request', message: Validate.NOT_JSON } })
  })

  test('401 and 403 carry the spec server messages, which map to alerts', async () => {
    const unknown = await (await t.app.request('/appkit/v1/config?projectId=ghost')).json()
    expect(unknown.error.message).toBe('Unauthorized: invalid key')
    const foreign = await t.app.request('/e?projectId=demo&st=x&sv=1', {
      ...json({
        eventId: crypto.randomUUID(),
        url: 'https://evil.example/',
        domain: 'evil.example',
        timestamp: Date.now(),
        props: { type: 'track', event: 'MODAL_OPEN' },
      }),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
    expect((await foreign.json()).error.message).toBe('Unauthorized: origin not allowed')
  })

  test('a 429 of every budget is the same body, with retryAfterS and Retry-After', async () => {
    const ip = `10.9.${randomInt(256)}.${randomInt(1, 255)}`
    const get = () =>
      t.app.request('/projects/v1/origins?projectId=demo', { headers: { 'x-forwarded-for': ip } })
    expect((await get()).status).toBe(200)
    const refused = await get()
    expect(refused.status).toBe(429)
    const body = await refused.json()
    expect(OneShape.safeParse(body).error).toBeUndefined()
    expect(body.error.retryAfterS).toBe(Number(refused.headers.get('retry-after')))
  })

  test('the JSON-RPC proxy keeps its own framing: a JSON-RPC error object', async () => {
    const response = await t.app.request('/v1/?chainId=nope&projectId=demo', json({}))
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32602 } })
    expect(body.error.message).toMatch(/^Invalid query field 'chainId'/)
  })
})

describe('onError', () => {
  test('an unexpected error is a 500 in the same shape, with the request id and no detail', async () => {
    // A route of this test throws, as a bug would: the API's handler answers it.
    const app = new Hono()
      .use(requestId())
      .get('/boom', () => {
        throw new Error('secret detail')
      })
      .onError(Errors.onError)
    const response = await app.request('/boom')
    expect(response.status).toBe(500)
    const body = await response.json()
    expect(body).toEqual({
      error: {
        code: 'server_error',
        message: Errors.UNEXPECTED,
        requestId: response.headers.get('x-request-id'),
      },
    })
    expect(JSON.stringify(body)).not.toContain('secret')
  })

  test('an unreachable database is a 503 with Retry-After; the driver error may be wrapped (drizzle)', async () => {
    // The errors node-postgres gives during a restart (57P01, 57P03), a refused connection and a dropped one.
    const driver = [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
    ]
    for (const cause of driver)
      for (const thrown of [cause, new Error('Failed query: SELECT 1', { cause })]) {
        const app = new Hono()
          .use(requestId())
          .get('/db', () => {
            throw thrown
          })
          .onError(Errors.onError)
        const response = await app.request('/db')
        expect(response.status).toBe(503)
        expect(response.headers.get('retry-after')).toBe('1')
        expect(await response.json()).toEqual({
          error: {
            code: 'database_unavailable',
            message: Errors.DATABASE_UNAVAILABLE,
            retryAfterS: 1,
            requestId: response.headers.get('x-request-id'),
          },
        })
      }
    // A query the database refused (a bug, not an outage) stays a 500.
    const app = new Hono()
      .get('/db', () => {
        throw Object.assign(new Error('relation "x" does not exist'), { code: '42P01' })
      })
      .onError(Errors.onError)
    expect((await app.request('/db')).status).toBe(500)
  })
})
