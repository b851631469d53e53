import type { MiddlewareHandler } from 'hono'
import * as Answer from './Answer.js'

const ENTRIES = Object.entries(Answer.HEADERS)

/**
 * Sets {@link Answer.HEADERS} on every answer after its route ran, keeping a header the route set, and drops
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
