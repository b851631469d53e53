import { MemoryStore, type Store } from 'hono-rate-limiter'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import * as RedisStore from './RedisStore.js'

/**
 * Frontdoor's one rate limiter: fixed windows per key, counted in this process or in Redis so that
 * every node of a part draws on one budget. The API's routes use it as Hono middleware (the API's
 * `http/RateLimiter.budget`); other servers (the relay's doors) count with `counter`.
 */

/** A limit: at most `limit` requests per `windowMs` (a fixed window from a key's first request). */
export type Limit = { limit: number; windowMs: number }

/**
 * Where requests are counted: in this process (`memory`), or in Redis (`redis`, REDIS_URL) so that
 * every node draws on one budget per key. Each budget takes its own store.
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

/** What the server is told about its rate limits' Redis. */
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

/** What counting one event decided: within the budget, or over it until `retryAfterMs` has passed. */
export type Decision = { allowed: true } | { allowed: false; retryAfterMs: number }

/**
 * A budget outside HTTP routes: `limit` events per window and key, counted in a store of its own.
 * `take` counts one event; `giveBack` returns one that turned out not to count (as the API's
 * `countSucceeded: false` does for requests).
 *
 * @example
 * const sockets = RateLimiter.counter(limiter, { limit: 120, windowMs: 60_000 })
 * if (!(await sockets.take(`sockets:${address}`)).allowed) socket.close(1013, 'Try again later')
 */
export function counter(limiter: RateLimiter, limit: Limit) {
  const store = limiter.store()
  // A store reads only `windowMs` of the middleware's options.
  store.init?.({ windowMs: limit.windowMs } as Parameters<NonNullable<Store['init']>>[0])
  return {
    async take(key: string): Promise<Decision> {
      const { totalHits, resetTime } = await store.increment(key)
      if (totalHits <= limit.limit) return { allowed: true }
      const retryAfterMs = resetTime ? Math.max(0, resetTime.getTime() - Date.now()) : limit.windowMs
      return { allowed: false, retryAfterMs }
    },
    giveBack: async (key: string): Promise<void> => {
      await store.decrement(key)
    },
  }
}
