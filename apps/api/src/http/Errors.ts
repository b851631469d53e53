import { Alerts, Errors as Messages } from '@frontdoor/schemas'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as Db from '../db/Db.js'

/**
 * The one error body of the API, on every route but the JSON-RPC proxy (which answers JSON-RPC errors):
 * `{ error: { code, message, ...details } }` with a 4xx or 5xx status. `code` is a name from
 * {@link CODE} (or a route's own, such as `invalid_otp`), or an EIP-1193 / JSON-RPC number for vault
 * signing; `message` is the spec's server message where it has one ('Unauthorized: invalid key',
 * 'Unauthorized: origin not allowed', 'Rate Limited', ...), so clients map it to an alert with
 * `Alerts.fromServerMessage`. Details: `issues` (each bad field), `retryAfterS` (with a 429, and with
 * the 503 of an unreachable database), `requestId` (with a 500 or 503), and what a route adds.
 */
export type Body = { error: { code: string | number; message: string } & Record<string, unknown> }

/** The codes every route shares; routes add their own (`invalid_otp`, `cooldown`, ...). */
export const CODE = {
  invalidRequest: 'invalid_request',
  invalidEmail: 'invalid_email',
  invalidKey: 'invalid_key',
  forbiddenOrigin: 'forbidden_origin',
  unauthorized: 'unauthorized',
  notFound: 'not_found',
  payloadTooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  unsupportedChain: 'unsupported_chain',
  /** A chain the registry lists that this server has no upstream (RPC node) of. */
  noUpstream: 'no_upstream',
  upstreamUnavailable: 'upstream_unavailable',
  databaseUnavailable: 'database_unavailable',
  serverError: 'server_error',
} as const

/** Spec section 8: the alert titles a 500 and a 429 map to. */
export const SERVER_ERROR = Alerts.ALERTS.SERVER_ERROR.shortMessage
export const RATE_LIMITED = Alerts.ALERTS.RATE_LIMITED.shortMessage

/** The message of a 500 (its `requestId` finds it in the logs). */
export const UNEXPECTED = 'An unexpected error occurred'

/** The message of a 503 while the database cannot be reached (a restart, failover or outage). */
export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable; try again shortly'

/** The body of an error. */
export function body(code: string | number, message: string, details: Record<string, unknown> = {}): Body {
  return { error: { ...details, code, message } }
}

/** An error as a JSON response (for code that answers rather than throws). */
export function response(
  status: ContentfulStatusCode,
  code: string | number,
  message: string,
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body(code, message, details)), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}

/**
 * An error thrown from a route or a middleware and answered as is by {@link onError}.
 *
 * @example
 * throw Errors.fail(404, Errors.CODE.notFound, "No wallet image 'x'")
 */
export function fail(
  status: ContentfulStatusCode,
  code: string | number,
  message: string,
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): HTTPException {
  return new HTTPException(status, { res: response(status, code, message, details, headers) })
}

/** The 401 for a project id that is not registered (spec message 'Unauthorized: invalid key'). */
export function unknownProject(projectId: string): HTTPException {
  return fail(401, CODE.invalidKey, Messages.SERVER.INVALID_KEY, { projectId })
}

/** The 403 for an origin that is not on the project's allowlist (spec message). */
export function originNotAllowed(origin?: string): HTTPException {
  return fail(403, CODE.forbiddenOrigin, Messages.SERVER.ORIGIN_NOT_ALLOWED, origin ? { origin } : {})
}

/** Whole seconds to wait, at least 1. */
export function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000))
}

/**
 * The 429 once a rate limit is reached: `retryAfterS` in the body and `Retry-After` in the headers;
 * `message` is the spec's 'Rate Limited' unless a route says what was refused.
 */
export function rateLimited(
  retryAfterMs: number,
  code: string = CODE.rateLimited,
  message: string = RATE_LIMITED,
) {
  const retryAfterS = seconds(retryAfterMs)
  return fail(429, code, message, { retryAfterS }, { 'retry-after': String(retryAfterS) })
}

/** The code of a status when nothing more precise is known (an HTTPException thrown by Hono itself). */
function codeOf(status: number): string {
  if (status === 401) return CODE.unauthorized
  if (status === 404) return CODE.notFound
  if (status === 413) return CODE.payloadTooLarge
  if (status === 429) return CODE.rateLimited
  if (status >= 500) return CODE.serverError
  return CODE.invalidRequest
}

/**
 * The global error handler: errors of this module as they are, other HTTP errors (Hono's own, such as
 * malformed JSON) in the same shape, an unreachable database a 503 with Retry-After (`database
 * unavailable` in the log), anything else a 500 with the request id.
 */
export function onError(error: Error, c: Context): Response {
  const requestId = c.get('requestId') as string | undefined
  if (error instanceof HTTPException) {
    const answer = error.res
      ? error.getResponse()
      : response(error.status as ContentfulStatusCode, codeOf(error.status), error.message || 'Bad Request')
    if (requestId) answer.headers.set('x-request-id', requestId)
    return answer
  }
  if (Db.unavailable(error)) {
    // A database restart or outage: the request may succeed again in a moment, so say when to retry.
    c.get('logger')?.warn({ err: error, requestId }, 'database unavailable')
    const retryAfterS = Db.UNAVAILABLE_RETRY_AFTER_S
    return response(
      503,
      CODE.databaseUnavailable,
      DATABASE_UNAVAILABLE,
      { retryAfterS, ...(requestId ? { requestId } : {}) },
      { 'retry-after': String(retryAfterS), ...(requestId ? { 'x-request-id': requestId } : {}) },
    )
  }
  c.get('logger')?.error({ err: error, requestId }, 'unhandled error')
  if (!requestId) return response(500, CODE.serverError, UNEXPECTED)
  return response(500, CODE.serverError, UNEXPECTED, { requestId }, { 'x-request-id': requestId })
}

/** The 404 of a path no route serves. */
export function notFound(c: Context): Response {
  return response(404, CODE.notFound, `No route for ${c.req.method} ${c.req.path}`)
}
