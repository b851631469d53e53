import { describe, expect, test } from 'vitest'
import * as Fallback from './Fallback.js'

const never = async () => false

describe('create', () => {
  test('keeps configuration order until samples exist', () => {
    const fallback = Fallback.create({ urls: ['a', 'b', 'c'], ping: never })
    expect(fallback.ranked()).toEqual(['a', 'b', 'c'])
  })

  test('scores 0.7 x stability + 0.3 x latency over the last 10 samples', () => {
    const fallback = Fallback.create({ urls: ['slow', 'fast', 'flaky'], ping: never })
    for (let i = 0; i < 10; i++) {
      fallback.record('slow', { ok: true, latencyMs: 100 })
      fallback.record('fast', { ok: true, latencyMs: 20 })
      fallback.record('flaky', { ok: i % 2 === 0, latencyMs: 10 })
    }
    const scores = fallback.scores()
    expect(scores.slow).toBeCloseTo(0.7 * 1 + 0.3 * 0)
    expect(scores.fast).toBeCloseTo(0.7 * 1 + 0.3 * (1 - 20 / 100))
    expect(scores.flaky).toBeCloseTo(0.7 * 0.5 + 0.3 * (1 - 10 / 100))
    expect(fallback.ranked()).toEqual(['fast', 'slow', 'flaky'])
  })

  test('forgets samples older than the last 10', () => {
    const fallback = Fallback.create({ urls: ['a', 'b'], ping: never })
    for (let i = 0; i < 10; i++) fallback.record('a', { ok: false, latencyMs: 1 })
    fallback.record('b', { ok: true, latencyMs: 1 })
    expect(fallback.ranked()).toEqual(['b', 'a'])
    for (let i = 0; i < 10; i++) fallback.record('a', { ok: true, latencyMs: 1 })
    expect(fallback.scores().a).toBeCloseTo(0.7)
  })

  test('pingAll samples every upstream with the ping function', async () => {
    const fallback = Fallback.create({ urls: ['up', 'down'], ping: async (url) => url === 'up' })
    await fallback.pingAll()
    await fallback.pingAll()
    expect(fallback.ranked()).toEqual(['up', 'down'])
    expect(fallback.scores().down).toBe(0)
  })

  test('uses the constants of spec section 9', () => {
    expect([
      Fallback.FALLBACK_PING_INTERVAL_MS,
      Fallback.FALLBACK_SAMPLE_COUNT,
      Fallback.FALLBACK_STABILITY_WEIGHT,
      Fallback.FALLBACK_LATENCY_WEIGHT,
    ]).toEqual([4000, 10, 0.7, 0.3])
  })
})
