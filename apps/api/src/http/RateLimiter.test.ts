import { randomInt } from 'node:crypto'
import * as RateLimiter from '@frontdoor/rate-limit/rate-limiter'
import * as RedisStore from '@frontdoor/rate-limit/redis-store'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../TestApp.js'

/**
 * Rate limits as middleware: each route group's budget, counted in memory (one process) or in Redis
 * (REDIS_URL; CI sets it), where two API nodes draw on one budget.
 */

const REDIS_URL = process.env.REDIS_URL
/** Each test builds its own apps (a database each). */
const TIMEOUT_MS = 120_000
const LIMIT = 3
const limits = { origins: { limit: LIMIT, windowMs: 60_000 } }

/** A client address no earlier run used (a Redis outlives a test run). */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`

type App = Awaited<ReturnType<typeof TestApp.create>>
const origins = (app: App, ip: string) =>
  app.getJson('/projects/v1/origins?projectId=demo', { headers: { 'x-forwarded-for': ip } })

/** Asks the two apps in turn until one refuses; the number of answers allowed before that. */
async function allowedAcross(a: App, b: App, ip: string, tries = 2 * LIMIT + 2) {
  const statuses: number[] = []
  for (let i = 0; i < tries; i++) statuses.push((await origins(i % 2 ? b : a, ip)).status)
  return statuses
}

describe('in memory', () => {
  test(
    'two app instances each count their own requests: a budget per process',
    async () => {
      const a = await TestApp.create({ limits })
      const b = await TestApp.create({ limits })
      try {
        expect(a.deps.limiter.kind).toBe('memory')
        const statuses = await allowedAcross(a, b, freshIp())
        // Each node lets LIMIT through: together twice the budget.
        expect(statuses.filter((status) => status === 200)).toHaveLength(2 * LIMIT)
      } finally {
        await Promise.all([a.close(), b.close()])
      }
    },
    TIMEOUT_MS,
  )

  test(
    'the 429: retry-after in seconds, the one error body, and other clients unaffected',
    async () => {
      const t = await TestApp.create({ limits })
      try {
        const ip = freshIp()
        for (let i = 0; i < LIMIT; i++) expect((await origins(t, ip)).status).toBe(200)
        const refused = await origins(t, ip)
        expect(refused.status).toBe(429)
        const retryAfter = Number(refused.headers.get('retry-after'))
        expect(retryAfter).toBeGreaterThan(0)
        expect(retryAfter).toBeLessThanOrEqual(60)
        expect(refused.body).toEqual({
          error: { code: 'rate_limited', message: 'Rate Limited', retryAfterS: retryAfter },
        })
        expect((await origins(t, freshIp())).status).toBe(200)
      } finally {
        await t.close()
      }
    },
    TIMEOUT_MS,
  )
})

describe('Redis out of reach', () => {
  test(
    'fails open to this process: the same budget, counted in memory, no request refused for it',
    async () => {
      let fallbacks = 0
      // Nothing listens on port 1: every command fails at once.
      const limiter = RateLimiter.redis('redis://127.0.0.1:1', { onFallback: () => fallbacks++ })
      const t = await TestApp.create({ limits, limiter })
      try {
        expect(t.deps.limiter.kind).toBe('redis')
        const ip = freshIp()
        const statuses = []
        for (let i = 0; i <= LIMIT; i++) statuses.push((await origins(t, ip)).status)
        expect(statuses).toEqual([...Array(LIMIT).fill(200), 429])
        expect(fallbacks).toBe(LIMIT + 1)
        expect((await origins(t, freshIp())).status).toBe(200)
      } finally {
        await t.close()
      }
    },
    TIMEOUT_MS,
  )
})

describe.skipIf(!REDIS_URL)('in Redis (REDIS_URL)', () => {
  const url = REDIS_URL as string
  const redis = REDIS_URL ? new Redis(url) : undefined
  afterAll(() => redis?.quit())

  test(
    'two app instances on one Redis share one budget',
    async () => {
      const a = await TestApp.create({ limits, limiter: RateLimiter.redis(url) })
      const b = await TestApp.create({ limits, limiter: RateLimiter.redis(url) })
      try {
        expect(a.deps.limiter.kind).toBe('redis')
        const ip = freshIp()
        const statuses = await allowedAcross(a, b, ip)
        // LIMIT answers in all, whichever node took them; then both refuse.
        expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200))
        expect(statuses.slice(LIMIT)).toEqual(Array(statuses.length - LIMIT).fill(429))
        // The count lives in Redis, with the window as its expiry.
        const key = `${RedisStore.KEY_PREFIX}origins:${ip}:demo`
        expect(Number(await redis?.get(key))).toBe(statuses.length)
        const ttl = (await redis?.pttl(key)) ?? 0
        expect(ttl).toBeGreaterThan(0)
        expect(ttl).toBeLessThanOrEqual(60_000)
        // Another client still has its whole budget.
        expect((await origins(b, freshIp())).status).toBe(200)
      } finally {
        await Promise.all([a.close(), b.close()])
      }
    },
    TIMEOUT_MS,
  )

  test(
    'a window ends: the key expires and the budget is whole again',
    async () => {
      const short = { origins: { limit: 1, windowMs: 300 } }
      const t = await TestApp.create({ limits: short, limiter: RateLimiter.redis(url) })
      try {
        const ip = freshIp()
        expect((await origins(t, ip)).status).toBe(200)
        expect((await origins(t, ip)).status).toBe(429)
        await new Promise((resolve) => setTimeout(resolve, 450))
        expect((await origins(t, ip)).status).toBe(200)
      } finally {
        await t.close()
      }
    },
    TIMEOUT_MS,
  )
})
