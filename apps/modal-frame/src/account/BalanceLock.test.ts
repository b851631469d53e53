import * as Constants from '@frontdoor/schemas/constants'
import { describe, expect, test } from 'vitest'
import * as BalanceLock from './BalanceLock.js'

describe('create', () => {
  test('blocks a key for 30 s, per key', () => {
    let now = 1_000
    const lock = BalanceLock.create(() => now)
    expect(lock.isLocked('a')).toBe(false)
    lock.lock('a')
    expect(lock.isLocked('a')).toBe(true)
    expect(lock.isLocked('b')).toBe(false)
    expect(() => lock.assertOpen('a')).toThrow(BalanceLock.Locked)
    now += Constants.BALANCE_RETRY_LOCK_S * 1000 - 1
    expect(lock.isLocked('a')).toBe(true)
    now += 1
    expect(lock.isLocked('a')).toBe(false)
    expect(() => lock.assertOpen('a')).not.toThrow()
  })
})
