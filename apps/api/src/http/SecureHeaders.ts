import type { MiddlewareHandler } from 'hono'
import * as Answer from './Answer.js'

/**
 * The API's security headers on every answer (the set Hono's `secureHeaders` gives with these
 * options; SecureHeaders.test compares them), keeping any a route set itself (the login pages' CSP and
 * referrer policy):
 * - `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'` and `X-Frame-Options: DENY`:
 *   an answer is data, never a page to run or frame;
 * - `Cross-Origin-Resource-Policy: cross-origin`: the frames (other origins) load its wallet images;
 * - no `Cross-Origin-Opener-Policy`: the social login popup, on the API's origin, posts its result
 *   to the modal that opened it, and that policy would cut it from its opener;
 * - Hono's defaults for the rest (`nosniff`, `no-referrer`, HSTS, `Origin-Agent-Cluster`, ...).
 */
export const HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
})
const ENTRIES = Object.entries(HEADERS)

/**
 * Sets {@link HEADERS} on every answer after its route ran, keeping a header the route set, and drops
 * `X-Powered-By`. An {@link Answer.of} answer carries them already and is left as it is.
 *
 * @example
 * app.use(SecureHeaders.api())
 */
export function api(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (Answer.isWhole(c.res)) return
    const headers = c.res.headers
    for (const [name, value] of ENTRIES) if (!headers.has(name)) headers.set(name, value)
    headers.delete('x-powered-by')
  }
}
