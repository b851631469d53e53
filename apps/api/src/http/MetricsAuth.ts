import { createHash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import * as Errors from './Errors.js'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Guards `/metrics`: with a token, only `Authorization: Bearer <token>` reads it (401 otherwise,
 * compared in constant time); without one, `/metrics` is off (404), so no deployment publishes its
 * traffic by accident.
 *
 * @example
 * app.get('/metrics', MetricsAuth.bearer(deps.config.metricsToken), (c) => c.text(metrics.render()))
 */
export function bearer(token: string | undefined): MiddlewareHandler {
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`)
  return async (c, next) => {
    if (!expected) return Errors.notFound(c)
    const given = digest(c.req.header('authorization') ?? '')
    if (!timingSafeEqual(given, expected))
      throw Errors.fail(
        401,
        Errors.CODE.unauthorized,
        'Metrics need Authorization: Bearer <METRICS_TOKEN>',
        {},
        { 'www-authenticate': 'Bearer' },
      )
    await next()
  }
}
