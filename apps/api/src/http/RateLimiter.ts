import type * as Limiter from '@frontdoor/rate-limit/rate-limiter'
import type { Context, MiddlewareHandler } from 'hono'
import { type RateLimitInfo, rateLimiter } from 'hono-rate-limiter'
import * as Errors from './Errors.js'

/*
 * The API's side of the one rate limiter (`@frontdoor/rate-limit`): its budgets as Hono middleware.
 */

/** What a budget answers once a key is over its limit: a thrown error, or a response of its own. */
export type Refuse = (c: Context, retryAfterMs: number) => Response

/** The API's 429 (`rate_limited`, 'Rate Limited', `retryAfterS` and `Retry-After`). */
const refuse: Refuse = (_c, retryAfterMs) => {
  throw Errors.rateLimited(retryAfterMs)
}

/**
 * One budget of a route group: `limit` requests per window and key, counted in one store. Each call
 * of the answer is a middleware drawing on that budget with its own key (a route group may key one
 * route by address and another by email) and its own refusal. With `countFailed: false` only requests
 * that succeed use the budget (a login that never began does not count); with `countSucceeded: false`
 * only those that fail (wrong tokens, not an open dashboard's reloads).
 *
 * @example
 * const origins = RateLimiter.budget(deps.limiter, deps.config.limits.origins)
 * app.get('/projects/v1/origins', origins((c) => `origins:${ClientIp.of(c, config)}`), handler)
 */
export function budget(
  limiter: Limiter.RateLimiter,
  limit: Limiter.Limit,
  options: { countFailed?: boolean; countSucceeded?: boolean } = {},
) {
  const store = limiter.store()
  return (key: (c: Context) => string | Promise<string>, onLimited: Refuse = refuse): MiddlewareHandler =>
    rateLimiter({
      windowMs: limit.windowMs,
      limit: limit.limit,
      keyGenerator: key,
      store,
      standardHeaders: false,
      // Counted before the route runs; a refused request (4xx, 5xx) gives its count back if asked.
      skipFailedRequests: options.countFailed === false,
      skipSuccessfulRequests: options.countSucceeded === false,
      handler: (c) => {
        const info = c.get('rateLimit' as never) as RateLimitInfo | undefined
        const retryAfterMs = info?.resetTime ? info.resetTime.getTime() - Date.now() : limit.windowMs
        return onLimited(c, retryAfterMs)
      },
    })
}
