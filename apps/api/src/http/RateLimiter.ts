import type { Context, MiddlewareHandler } from 'hono'
import { MemoryStore, type RateLimitInfo, rateLimiter, type Store } from 'hono-rate-limiter'
import { Redis } from 'ioredis'
import * as Errors from './Errors.js'
import * as RedisStore from './RedisStore.js'

/** A limit: at most `limit` requests per `windowMs` (a fixed window from a key's first request). */
export type Limit = { limit: number; windowMs: number }

/**
 * Where the API counts requests: in this process (`memory`), or in Redis (`redis`, REDIS_URL) so that
 * every API node draws on one budget per key. Each budget takes its own store.
 */
export type RateLimiter = {
  kind: 'memory' | 'redis'
  store: () => Store
  close: () => Promise<void>
}

/** Counts in this process only. */
export function memory(): RateLimiter {
  const stores: MemoryStore[] = []
  return {
    kind: 'memory',
    store: () => {
      const store = new MemoryStore()
      stores.push(store)
      return store
    },
    close: async () => {
      for (const store of stores) store.shutdown()
    },
  }
}

/** Counts in the Redis at `url` (one connection for every budget). */
export function redis(url: string): RateLimiter {
  // A command fails after one reconnection attempt rather than waiting in a queue while Redis is away.
  const connection = new Redis(url, { maxRetriesPerRequest: 1, enableAutoPipelining: true })
  return {
    kind: 'redis',
    store: () => RedisStore.create(connection),
    close: async () => {
      await connection.quit().catch(() => connection.disconnect())
    },
  }
}

/** Redis when `redisUrl` is set (REDIS_URL), memory otherwise. */
export function fromUrl(redisUrl: string | undefined): RateLimiter {
  return redisUrl ? redis(redisUrl) : memory()
}

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
  limiter: RateLimiter,
  limit: Limit,
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
