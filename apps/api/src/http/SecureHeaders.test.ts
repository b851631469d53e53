import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../TestApp.js'

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
