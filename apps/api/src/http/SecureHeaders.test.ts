import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../TestApp.js'
import * as Answer from './Answer.js'

const t = await TestApp.create()
afterAll(() => t.close())

/** Answers of each kind: JSON, an image, an error, a preflight-free POST, the JSON-RPC proxy. */
const ANSWERS: [kind: string, path: string, init?: RequestInit][] = [
  ['JSON', '/appkit/v1/config?projectId=demo'],
  ['image', '/public/getTokenImage/ETH'],
  ['404', '/nowhere'],
  ['400', '/getWallets?projectId=demo'],
  ['JSON-RPC', '/v1/?chainId=eip155:1&projectId=demo', { method: 'POST', body: '{}' }],
]

describe('security headers', () => {
  test.each(ANSWERS)('%s (%s): data only, never framed or sniffed', async (_kind, path, init) => {
    const response = await t.app.request(path, init)
    const headers = response.headers
    expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(headers.get('x-frame-options')).toBe('DENY')
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('referrer-policy')).toBe('no-referrer')
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d+/)
    // The frames (other origins) show the API's images; the social popup keeps its opener.
    expect(headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(headers.get('cross-origin-opener-policy')).toBeNull()
    expect(headers.get('x-powered-by')).toBeNull()
  })

  test("a page of the API keeps its own CSP and referrer policy (the login pages' nonces)", async () => {
    const response = await t.app.request('/dev/farcaster/no-such-channel')
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/)
    expect(response.headers.get('referrer-policy')).toBe('same-origin')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })
})

describe('HEADERS', () => {
  test("are the set Hono's secureHeaders gives with the API's options", async () => {
    const hono = new Hono()
      .use(
        secureHeaders({
          contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
          crossOriginResourcePolicy: 'cross-origin',
          crossOriginOpenerPolicy: false,
          xFrameOptions: 'DENY',
          overwrite: false,
        }),
      )
      .get('/', (c) => c.body(null))
    const expected = Object.fromEntries((await hono.request('/')).headers)
    expect(Answer.HEADERS).toEqual(expected)
  })

  test('a served /getWallets page (made whole by its route) carries them', async () => {
    for (const _ of [1, 2]) {
      const response = await t.app.request('/getWallets?projectId=demo&page=1&entries=2')
      expect(response.status).toBe(200)
      for (const [name, value] of Object.entries(Answer.HEADERS))
        expect(response.headers.get(name), name).toBe(value)
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
  })
})
