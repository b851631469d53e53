import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

/**
 * The API's security headers on every answer (Hono's `secureHeaders`), keeping any a route set itself
 * (the login pages' CSP and referrer policy):
 * - `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'` and `X-Frame-Options: DENY`:
 *   an answer is data, never a page to run or frame;
 * - `Cross-Origin-Resource-Policy: cross-origin`: the frames (other origins) load its wallet images;
 * - no `Cross-Origin-Opener-Policy`: the social login popup, on the API's origin, posts its result
 *   to the modal that opened it, and that policy would cut it from its opener;
 * - Hono's defaults for the rest (`nosniff`, `no-referrer`, HSTS, `Origin-Agent-Cluster`, ...).
 *
 * @example
 * app.use(SecureHeaders.api())
 */
export function api(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    crossOriginResourcePolicy: 'cross-origin',
    crossOriginOpenerPolicy: false,
    xFrameOptions: 'DENY',
    overwrite: false,
  })
}
