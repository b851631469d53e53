import { describe, expect, test } from 'vitest'
import * as DeliveryLatency from './DeliveryLatency.js'

describe('create', () => {
  test('times the deliveries queued while a frame is handled, up to the end of the write batch', () => {
    let time = 100
    const latency = DeliveryLatency.create(() => time)
    const before = DeliveryLatency.scrape(latency.render().join('\n'))
    expect(before).toHaveLength(DeliveryLatency.BUCKETS_S.length + 1)
    expect(before.at(-1)).toBe(0)
    latency.handling(99.5)
    latency.delivered()
    latency.delivered()
    latency.handling(-1)
    // A delivery outside a handled frame (a mailbox replay) is not timed.
    latency.delivered()
    time = 101
    latency.written()
    latency.written()
    const text = latency.render().join('\n')
    const after = DeliveryLatency.scrape(text)
    expect(after.at(-1)).toBe(2)
    // 1.5 ms each: in the (1 ms, 1.5 ms] bucket.
    expect(text).toContain('frontdoor_relay_delivery_seconds_bucket{le="0.001"} 0')
    expect(text).toContain('frontdoor_relay_delivery_seconds_bucket{le="0.0015"} 2')
    expect(text).toContain('frontdoor_relay_delivery_seconds_sum 0.003')
    expect(DeliveryLatency.quantileMs(before, after, 0.99)).toBeCloseTo(1.495)
  })
})

describe('quantileMs', () => {
  test('interpolates inside the bucket, between two scrapes', () => {
    const zero = new Array(DeliveryLatency.BUCKETS_S.length + 1).fill(0)
    // 100 in (0, 0.05 ms], 100 more in (1, 1.5 ms]; cumulative.
    const after = zero.map((_, i) => (i === 0 ? 100 : i < 7 ? 100 : 200))
    expect(DeliveryLatency.quantileMs(zero, after, 0.25)).toBeCloseTo(0.025)
    expect(DeliveryLatency.quantileMs(zero, after, 0.99)).toBeCloseTo(1.49)
    expect(DeliveryLatency.quantileMs(after, after, 0.99)).toBeNaN()
    // Past the last bound: unknown but larger.
    const slow = zero.map((_, i) => (i === zero.length - 1 ? 1 : 0))
    expect(DeliveryLatency.quantileMs(zero, slow, 0.5)).toBe(Number.POSITIVE_INFINITY)
  })
})
