import type { Context, MiddlewareHandler } from 'hono'

/**
 * The API's security headers, on every answer: {@link of} sends them whole, `SecureHeaders.api()` adds
 * them to the others (the set Hono's `secureHeaders` gives with these options; SecureHeaders.test
 * compares them), keeping any a route set itself (the login pages' CSP and referrer policy):
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

/**
 * What the API's middleware adds to each answer, kept on the request's context before its route runs:
 * the request id, and the CORS grant of a route outside the embedded wallet's paths.
 */
export type Variables = { requestId: string; cors?: Grant }

/** A simple request's CORS headers (`Cors.middleware`): the allowed origin, if any, and the exposed headers. */
export type Grant = { origin: string | null; expose: string }

/** The request id header, as Hono's `requestId` names it. */
const REQUEST_ID_HEADER = 'x-request-id'
const REQUEST_ID_MAX_LENGTH = 255

/** Marks an answer made whole by {@link of} (a property, not a WeakSet: one entry per request is GC work). */
const WHOLE = Symbol('Answer.whole')

/** Whether an answer was made by {@link of} (every header of the API's middleware already in it). */
export function isWhole(response: Response): boolean {
  return WHOLE in response
}

/**
 * The request id (Hono's `requestId`: the client's `X-Request-Id` when it is at most 255 word
 * characters, `-` or `=`, else a new UUID), kept for the routes and the log, and set on the answer
 * unless the route set its own.
 *
 * @example
 * app.use(Answer.requestId())
 */
export function requestId(): MiddlewareHandler<{ Variables: Variables }> {
  return async (c, next) => {
    let id = c.req.header(REQUEST_ID_HEADER)
    if (!id || id.length > REQUEST_ID_MAX_LENGTH || /[^\w\-=]/.test(id)) id = crypto.randomUUID()
    c.set('requestId', id)
    await next()
    if (isWhole(c.res)) return
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.res.headers.set(REQUEST_ID_HEADER, id)
  }
}

/**
 * A hot route's answer (a served `/getWallets` page, a proxied JSON-RPC answer) with every header the
 * API's middleware would add (security headers, request id, CORS grant and `Vary: Origin`) set at once
 * in one plain object: @hono/node-server then writes it as it is, where the same headers set one by
 * one on a web `Headers` after the route were a Headers object built, filled, sorted and copied back
 * for every request. The route's own headers win over the security headers, as with
 * `SecureHeaders.api()`. Without the request id and CORS grant on the context (a route mounted alone in
 * a test, or the embedded wallet's paths, whose CORS is Hono's), it is an ordinary answer that the
 * middleware completes.
 *
 * @example
 * return Answer.of(c, page.json, 200, { 'content-type': 'application/json' })
 */
export function of(
  c: Context,
  body: string | Uint8Array<ArrayBuffer>,
  status: number,
  headers: Record<string, string>,
): Response {
  const id: string | undefined = c.get('requestId')
  const cors: Grant | undefined = c.get('cors')
  if (id === undefined || cors === undefined) return new Response(body, { status, headers })
  const all: Record<string, string> = { ...HEADERS, ...headers }
  all[REQUEST_ID_HEADER] ??= id
  if (cors.origin) all['access-control-allow-origin'] = cors.origin
  if (cors.expose) all['access-control-expose-headers'] = cors.expose
  all.vary = all.vary ? `${all.vary}, Origin` : 'Origin'
  return Object.assign(new Response(body, { status, headers: all }), { [WHOLE]: true })
}
