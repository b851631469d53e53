import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { HTTPException } from 'hono/http-exception'
import * as Errors from './Errors.js'

/** Largest body of the API's JSON routes (logins, redemptions, prices, events, dev forms). */
export const BODY_MAX_BYTES = 64 * 1024

/** The message of a 413: the limit, in bytes. */
export function tooLargeMessage(maxBytes: number): string {
  return `The request body is larger than ${maxBytes} bytes`
}

/** The API's 413 (`payload_too_large`, the limit in the message). */
export function tooLarge(maxBytes: number): HTTPException {
  return Errors.fail(413, Errors.CODE.payloadTooLarge, tooLargeMessage(maxBytes))
}

/**
 * Limits request bodies to `maxBytes` before anything reads them: a declared `content-length` over the
 * limit is refused at once, a body without one is read only up to the limit; both answer `tooLarge`.
 *
 * @example
 * app.post('/v1/things', BodyLimit.of(BodyLimit.BODY_MAX_BYTES), handler)
 */
export function of(
  maxBytes: number,
  error: (maxBytes: number) => HTTPException = tooLarge,
): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw error(maxBytes)
    },
  })
}

/**
 * One limit per path, for the whole app: `limitOf` answers the path's limit ({@link of}), or undefined
 * for a path whose route limits its own body.
 *
 * @example
 * app.use(BodyLimit.byPath(() => BodyLimit.of(BodyLimit.BODY_MAX_BYTES)))
 */
export function byPath(limitOf: (path: string) => MiddlewareHandler | undefined): MiddlewareHandler {
  return (c, next) => {
    const limit = limitOf(c.req.path)
    return limit ? limit(c, next) : next()
  }
}
