import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as z from 'zod'
import * as BodyLimit from '../http/BodyLimit.js'
import * as Validate from '../http/Validate.js'

/**
 * The errors of the auth contract: `{ error: { code, message, ...details } }` with a 4xx status, where
 * `code` is a name (`invalid_otp`, `cooldown`, ...) or, for vault signing, an EIP-1193 / JSON-RPC number.
 */

/** Largest JSON body of the login and account routes (`/v1/auth/*`), enforced before reading (app.ts). */
export const MAX_BODY_BYTES = 64 * 1024
/**
 * Largest body of a signing request (`/v1/vault/*`): 64 KB of content to sign, hex-encoded or
 * JSON-escaped in its envelope.
 */
export const SIGNING_BODY_MAX_BYTES = 256 * 1024

/** The error body of the auth contract. */
export type Body = { error: { code: string | number; message: string } & Record<string, unknown> }

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
  const body: Body = { error: { code, message, ...details } }
  return new HTTPException(status, {
    res: new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    }),
  })
}

/** A 429 with `retryAfterS` in the body and `Retry-After` in the headers. */
export function tooMany(code: string, message: string, retryAfterS: number): HTTPException {
  const seconds = Math.max(1, Math.ceil(retryAfterS))
  return fail(429, code, message, { retryAfterS: seconds }, { 'retry-after': String(seconds) })
}

/** The 413 of a body over its route's limit, in the contract's shape. */
export function tooLarge(maxBytes: number): HTTPException {
  return fail(413, 'payload_too_large', BodyLimit.tooLargeMessage(maxBytes))
}

/** Reads and validates a JSON body: 400 `invalid_request` naming the field, or `invalid_email` for an email. */
export async function json<T extends z.core.$ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  // Its size was limited before it was read (BodyLimit in app.ts).
  const text = await c.req.text()
  let input: unknown
  try {
    input = text ? JSON.parse(text) : {}
  } catch {
    throw fail(400, 'invalid_request', 'The request body is not valid JSON')
  }
  const result = z.safeParse(schema, input)
  if (result.success) return result.data
  const issues = Validate.issues(result.error)
  const first = issues[0]
  if (first && /(^|\.)(email|newEmail)$/.test(first.field))
    throw fail(400, 'invalid_email', first.message, { issues })
  throw fail(
    400,
    'invalid_request',
    first ? `Invalid field '${first.field}': ${first.message}` : 'Invalid body',
    {
      issues,
    },
  )
}
