import type { ClientRateLimitInfo, Store } from 'hono-rate-limiter'
import type { Redis } from 'ioredis'

/** What every rate-limit key is stored under in Redis. */
export const KEY_PREFIX = 'fd:ratelimit:'

/**
 * One hit, atomically: count it, start the window on the first hit (a key left without an expiry gets
 * one), and answer the count and the milliseconds left in the window.
 */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { hits, ttl }`

/** Takes one hit back, never below zero and never touching the window. */
const UNHIT_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then redis.call('DECR', KEYS[1]) end
return 0`

type Scripted = Redis & {
  fdRateHit: (key: string, windowMs: number) => Promise<[number, number]>
  fdRateUnhit: (key: string) => Promise<number>
}

/** Adds the two scripts to a connection once (ioredis runs them by SHA, loading them when missing). */
function scripted(redis: Redis): Scripted {
  const commands = redis as Scripted
  if (typeof commands.fdRateHit !== 'function') {
    redis.defineCommand('fdRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT })
    redis.defineCommand('fdRateUnhit', { numberOfKeys: 1, lua: UNHIT_SCRIPT })
  }
  return commands
}

/**
 * A hono-rate-limiter store in Redis: fixed windows, counted by a Lua script so that every API node
 * on the same Redis draws on one budget per key.
 *
 * @example
 * rateLimiter({ windowMs: 60_000, limit: 60, keyGenerator, store: RedisStore.create(redis) })
 */
export function create(redis: Redis): Store {
  const commands = scripted(redis)
  let windowMs = 60_000
  const keyOf = (key: string) => `${KEY_PREFIX}${key}`
  return {
    prefix: KEY_PREFIX,
    localKeys: false,
    init(options) {
      windowMs = options.windowMs
    },
    async get(key): Promise<ClientRateLimitInfo | undefined> {
      const [hits, ttl] = await Promise.all([redis.get(keyOf(key)), redis.pttl(keyOf(key))])
      if (hits === null) return undefined
      return { totalHits: Number(hits), resetTime: new Date(Date.now() + Math.max(0, ttl)) }
    },
    async increment(key) {
      const [totalHits, ttl] = await commands.fdRateHit(keyOf(key), windowMs)
      return { totalHits, resetTime: new Date(Date.now() + ttl) }
    },
    async decrement(key) {
      await commands.fdRateUnhit(keyOf(key))
    },
    async resetKey(key) {
      await redis.del(keyOf(key))
    },
  }
}

/**
 * A store that counts in `primary` (Redis) while `available()` says it can, and in `local` (this
 * process) while not, or when a command fails: a rate limit never fails a request because Redis is
 * away (RateLimiter.redis explains why it fails open to per-node limits). `onFallback` is told of each
 * request counted locally, with the error when a command failed.
 */
export function withFallback(
  primary: Store,
  local: Store,
  options: { available: () => boolean; onFallback: (error?: unknown) => void },
): Store {
  const either = async <T>(run: (store: Store) => Promise<T> | T, count: boolean): Promise<T> => {
    if (!options.available()) {
      if (count) options.onFallback()
      return run(local)
    }
    try {
      return await run(primary)
    } catch (error) {
      if (count) options.onFallback(error)
      return run(local)
    }
  }
  return {
    prefix: KEY_PREFIX,
    localKeys: false,
    init(limits) {
      primary.init?.(limits)
      local.init?.(limits)
    },
    get: (key) => either((store) => store.get?.(key), false),
    increment: (key) => either((store) => store.increment(key), true),
    decrement: (key) => either((store) => store.decrement(key), false),
    resetKey: (key) => either((store) => store.resetKey(key), false),
  }
}
