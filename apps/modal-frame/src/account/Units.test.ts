import { describe, expect, test } from 'vitest'
import * as Units from './Units.js'

describe('parse', () => {
  test('decimal strings in base units, extra decimals cut, malformed ones undefined', () => {
    expect(Units.parse('0.1', 18)).toBe(100_000_000_000_000_000n)
    expect(Units.parse('5', 6)).toBe(5_000_000n)
    expect(Units.parse('.5', 6)).toBe(500_000n)
    expect(Units.parse(' 2. ', 6)).toBe(2_000_000n)
    expect(Units.parse('1.1234567', 6)).toBe(1_123_456n)
    expect(Units.parse('7.9', 0)).toBe(7n)
    expect(Units.parse('abc', 6)).toBeUndefined()
    expect(Units.parse('.', 6)).toBeUndefined()
    expect(Units.parse('', 6)).toBeUndefined()
    expect(Units.parse('1e3', 6)).toBeUndefined()
  })
})

describe('parseExact', () => {
  test('a typed amount with more decimals than the token has is refused, not cut', () => {
    expect(Units.parse('1.1234567', 6)).toBe(1_123_456n)
    expect(Units.parseExact('1.1234567', 6)).toBeUndefined()
    expect(Units.parseExact('7.9', 0)).toBeUndefined()
    expect(Units.parseExact('1.123456', 6)).toBe(1_123_456n)
    expect(Units.parseExact('1.1234560', 6)).toBe(1_123_456n)
    expect(Units.parseExact(' 2. ', 6)).toBe(2_000_000n)
    expect(Units.parseExact('7', 0)).toBe(7n)
    expect(Units.parseExact('abc', 6)).toBeUndefined()
    expect(Units.parseExact('.', 6)).toBeUndefined()
  })
})
