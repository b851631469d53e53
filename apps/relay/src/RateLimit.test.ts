import { describe, expect, test } from 'vitest'
import * as RateLimit from './RateLimit.js'

describe('bucket', () => {
  test('allows a burst, then the sustained rate', () => {
    let time = 0
    const bucket = RateLimit.bucket({ perSecond: 10, burst: 3, now: () => time })
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      'allowed',
      'allowed',
      'allowed',
      'limited',
    ])
    time = 200
    expect(bucket.take()).toBe('allowed')
  })

  test('a socket that keeps sending while limited becomes abusive', () => {
    const bucket = RateLimit.bucket({ perSecond: 1, burst: 2, now: () => 0 })
    const decisions = Array.from({ length: 6 }, () => bucket.take())
    expect(decisions).toEqual(['allowed', 'allowed', 'limited', 'limited', 'abusive', 'abusive'])
  })
})
