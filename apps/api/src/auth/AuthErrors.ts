import type { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as Errors from '../http/Errors.js'

/**
 * The errors of the auth contract, in the API's one error body (`http/Errors.ts`):
 * `{ error: { code, message, ...details } }` with a 4xx status, where `code` is a name (`invalid_otp`,
 * `cooldown`, ...) or, for vault signing, an EIP-1193 / JSON-RPC number.
 */

/** Largest JSON body of the login and account routes (`/v1/auth/*`), enforced before reading (app.ts). */
export const MAX_BODY_BYTES = 64 * 1024
/**
 * Largest body of a signing request (`/v1/vault/*`): 64 KB of content to sign, hex-encoded or
 * JSON-escaped in its envelope.
 */
export const SIGNING_BODY_MAX_BYTES = 256 * 1024

/** The error body of the auth contract: the API's. */
export type Body = Errors.Body

/**
 * An error answered as the contract's JSON; thrown from routes, answered by the API's error handler.
 *
 * @example
 * throw AuthErrors.fail(410, 'expired_otp', 'The code has expired')
 */
export function fail(
  status: ContentfulStatusCode,
  code: string | number,
  message: string,
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): HTTPException {
  return Errors.fail(status, code, message, details, headers)
}

/** A 429 with `retryAfterS` in the body and `Retry-After` in the headers. */
export function tooMany(code: string, message: string, retryAfterS: number): HTTPException {
  return Errors.rateLimited(retryAfterS * 1000, code, message)
}
