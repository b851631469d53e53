import type { Context, MiddlewareHandler } from 'hono'
import { MemoryStore, type RateLimitInfo, rateLimiter, type Store } from 'hono-rate-limiter'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
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

/** How long a rate-limit command may wait for Redis before the request is counted in this process. */
const REDIS_COMMAND_TIMEOUT_MS = 500

/** The longest wait between two attempts to reach Redis again. */
const REDIS_MAX_RETRY_DELAY_MS = 2000

/** What the API is told about its rate limits' Redis. */
export type Observer = {
  logger?: Logger | undefined
  /** Redis was lost (after it had answered): once per outage. */
  onOutage?: () => void
  /** A request was counted in this process because Redis was out of reach. */
  onFallback?: () => void
}

/**
 * Counts in the Redis at `url` (one connection for every budget). While Redis is out of reach the
 * limits fail open to this process: each budget counts in memory instead (the same limits, per node,
 * so with N nodes a key may get up to N times its budget, and a window restarts), and counts in Redis
 * again once it answers. A request never waits for Redis: no offline queue, a command in flight when
 * the connection drops fails at once, and one Redis does not answer within 500 ms is counted here.
 * Why open and not closed: docs/operations.md. The connection retries with backoff (100 ms doubling
 * to 2 s) for as long as it takes; the outage is logged once (`rate limits counted in this process:
 * redis unavailable`, warn) and its end (`rate limits counted in redis again`, info).
 */
export function redis(url: string, observer: Observer = {}): RateLimiter {
  const connection = new Redis(url, {
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(REDIS_MAX_RETRY_DELAY_MS, 100 * 2 ** Math.min(attempt - 1, 10)),
  })
  let wasReady = false
  let down = false
  let closing = false
  const lost = (error?: unknown) => {
    if (down || closing) return
    down = true
    observer.logger?.warn({ err: error }, 'rate limits counted in this process: redis unavailable')
    observer.onOutage?.()
  }
  connection.on('error', () => {})
  connection.on('close', () => {
    if (wasReady) lost()
  })
  connection.on('ready', () => {
    wasReady = true
    if (!down) return
    down = false
    observer.logger?.info('rate limits counted in redis again')
  })
  const stores: MemoryStore[] = []
  return {
    kind: 'redis',
    store: () => {
      const local = new MemoryStore()
      stores.push(local)
      return RedisStore.withFallback(RedisStore.create(connection), local, {
        available: () => connection.status === 'ready',
        onFallback: (error) => {
          // A command that failed with the connection still up (a timeout): an outage too.
          if (error !== undefined) lost(error)
          observer.onFallback?.()
        },
      })
    },
    close: async () => {
      closing = true
      for (const store of stores) store.shutdown()
      if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect())
      else connection.disconnect()
    },
  }
}

/** Redis when `redisUrl` is set (REDIS_URL), memory otherwise. */
export function fromUrl(redisUrl: string | undefined, observer: Observer = {}): RateLimiter {
  return redisUrl ? redis(redisUrl, observer) : memory()
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
