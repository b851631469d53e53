import { Retry } from '@frontdoor/schemas'
import { Hono } from 'hono'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import * as Errors from './http/Errors.js'

/** Liveness: 200 while the process serves HTTP, whatever its dependencies do (restart it when this fails). */
export const LIVENESS_PATH = '/healthz'
/** Readiness: 200 once the process can serve, 503 while it starts or its database is out of reach. */
export const READINESS_PATH = '/readyz'
/** The error code of a request that came before the process was ready. */
export const STARTING = 'starting'
/** How long a connection to Redis may take before a start-up attempt counts as failed. */
const REDIS_CONNECT_TIMEOUT_MS = 2_000

/** What the start-up waits for, and how often it has tried. */
export type Waiting = { dependency: 'database' | 'redis'; attempts: number; since: number }

/**
 * What the process serves before it is ready: liveness 200, readiness 503 naming the dependency it
 * waits for, every other request a 503 in the API's error shape with Retry-After (never a
 * half-configured answer).
 */
export function starting(waiting: () => Waiting) {
  const retryAfterS = Errors.seconds(1_000)
  return new Hono()
    .get(LIVENESS_PATH, (c) => c.json({ status: 'ok' }))
    .get(READINESS_PATH, (c) => {
      const { dependency, attempts, since } = waiting()
      return c.json(
        {
          status: STARTING,
          waitingFor: dependency,
          attempts,
          waitingS: Math.round((Date.now() - since) / 1000),
        },
        503,
        { 'retry-after': String(retryAfterS) },
      )
    })
    .all('*', () =>
      Errors.response(
        503,
        STARTING,
        Errors.DATABASE_UNAVAILABLE,
        { retryAfterS },
        { 'retry-after': String(retryAfterS) },
      ),
    )
}

/**
 * Runs `attempt` until it succeeds, waiting the spec's retry delays between failures (1 s doubling,
 * at most 30 s) and logging each (`waiting for <dependency>`, warn). An error `retryable` refuses
 * (a bad migration, a wrong setting) is thrown at once.
 */
export async function retry<T>(
  dependency: Waiting['dependency'],
  attempt: () => Promise<T>,
  options: {
    logger: Logger
    retryable: (error: unknown) => boolean
    onFailure?: (attempts: number) => void
    delayMs?: (failures: number) => number
  },
): Promise<T> {
  const delayMs = options.delayMs ?? Retry.retryDelayMs
  for (let failures = 0; ; ) {
    try {
      return await attempt()
    } catch (error) {
      if (!options.retryable(error)) throw error
      const waitMs = delayMs(failures)
      failures += 1
      options.onFailure?.(failures)
      options.logger.warn(
        { err: error, dependency, attempts: failures, retryInMs: waitMs },
        `waiting for ${dependency}`,
      )
      await new Promise((resolve) => setTimeout(resolve, waitMs))
    }
  }
}

/** Resolves once the Redis at `url` answers PING; rejects when it cannot be reached now. */
export async function pingRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  redis.on('error', () => {})
  try {
    await redis.connect()
    await redis.ping()
  } finally {
    redis.disconnect()
  }
}
