import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Retry from './retry.js'

describe('retryDelayMs', () => {
  test('1 s doubled, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(Retry.retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ])
  })

  test('property: min(1000 * 2^attempt, 30000)', () => {
    fc.assert(
      fc.property(fc.nat(100), (attempt) => {
        expect(Retry.retryDelayMs(attempt)).toBe(Math.min(1000 * 2 ** attempt, 30000))
      }),
    )
  })
})

describe('retryCount', () => {
  test('3 on the client, 0 on the server', () => {
    expect(Retry.retryCount('client')).toBe(3)
    expect(Retry.retryCount('server')).toBe(0)
  })
})
