import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, test } from 'vitest'
import * as RateLimiter from './RateLimiter.js'

/** `counter`: the rate limiter outside HTTP routes, in memory and on Redis (REDIS_URL; CI sets it). */

const REDIS_URL = process.env.REDIS_URL
const limit = { limit: 3, windowMs: 60_000 }
/** A key no earlier run used (a Redis outlives a test run). */
const freshKey = () => `test:counter:${randomBytes(8).toString('hex')}`

const closes: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const close of closes) await close()
})

async function takes(counter: ReturnType<typeof RateLimiter.counter>, key: string, n: number) {
  const decisions: RateLimiter.Decision[] = []
  for (let i = 0; i < n; i++) decisions.push(await counter.take(key))
  return decisions
}

describe('counter', () => {
  test('in memory: `limit` events per window and key, then refused until the window ends', async () => {
    const limiter = RateLimiter.memory()
    closes.push(limiter.close)
    const counter = RateLimiter.counter(limiter, limit)
    const key = freshKey()
    const decisions = await takes(counter, key, 4)
    expect(decisions.slice(0, 3)).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }])
    expect(decisions[3]).toMatchObject({ allowed: false })
    const refused = decisions[3] as { retryAfterMs: number }
    expect(refused.retryAfterMs).toBeGreaterThan(59_000)
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000)
    // Another key has its own budget; an event given back makes room for one more.
    expect(await counter.take(freshKey())).toEqual({ allowed: true })
    await counter.giveBack(key)
    await counter.giveBack(key)
    expect(await counter.take(key)).toEqual({ allowed: true })
    expect(await counter.take(key)).toMatchObject({ allowed: false })
  })

  test.skipIf(!REDIS_URL)('on Redis: two limiters (two nodes) draw on one budget', async () => {
    const [a, b] = [RateLimiter.redis(REDIS_URL!), RateLimiter.redis(REDIS_URL!)]
    closes.push(a.close, b.close)
    const [one, two] = [RateLimiter.counter(a, limit), RateLimiter.counter(b, limit)]
    // Until both connections answer, each counts in memory: wait until a budget spent on one is seen on the other.
    for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
      const probe = freshKey()
      await takes(one, probe, 3)
      if (!(await two.take(probe)).allowed) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const key = freshKey()
    const decisions = [await one.take(key), await two.take(key), await one.take(key), await two.take(key)]
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false])
  })
})
