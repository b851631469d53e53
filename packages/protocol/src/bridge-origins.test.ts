import { describe, expect, test } from 'vitest'
import * as Bridge from './bridge.js'

// bridge-origins.ts, through the module every caller imports (bridge.ts).

describe('assertAllowedOrigins', () => {
  test('exact origins and anchored patterns pass', () => {
    expect(() =>
      Bridge.assertAllowedOrigins(['http://127.0.0.1:5180', /^https:\/\/a\.example$/]),
    ).not.toThrow()
  })

  test.each([
    [['*']],
    [[]],
    [['null']],
    [['http://127.0.0.1:5180/']],
    [['http://127.0.0.1:5180/path']],
    [['127.0.0.1:5180']],
    [['HTTP://LOCALHOST:5173']],
    [[/example\.com/]],
    [['http://localhost:5173', '*']],
  ])('%j is refused', (origins) => {
    expect(() => Bridge.assertAllowedOrigins(origins)).toThrow(TypeError)
  })
})

describe('originPattern', () => {
  test('one leading wildcard label', () => {
    const pattern = Bridge.originPattern('https://*.example.com')
    expect(pattern).toBeInstanceOf(RegExp)
    const allowed = [pattern]
    expect(Bridge.isAllowedOrigin(allowed, 'https://app.example.com')).toBe(true)
    expect(Bridge.isAllowedOrigin(allowed, 'https://a.b.example.com')).toBe(true)
    expect(Bridge.isAllowedOrigin(allowed, 'https://example.com')).toBe(false)
    expect(Bridge.isAllowedOrigin(allowed, 'https://evilexample.com')).toBe(false)
    expect(Bridge.isAllowedOrigin(allowed, 'https://app.example.com.evil.io')).toBe(false)
    expect(Bridge.isAllowedOrigin(allowed, 'http://app.example.com')).toBe(false)
  })

  test('no wildcard: the exact origin, checked', () => {
    expect(Bridge.originPattern('http://localhost:5173')).toBe('http://localhost:5173')
    expect(() => Bridge.originPattern('*')).toThrow(TypeError)
  })
})

describe('isAllowedOrigin', () => {
  test('exact match only', () => {
    expect(Bridge.isAllowedOrigin(['http://localhost:5173'], 'http://localhost:5173')).toBe(true)
    expect(Bridge.isAllowedOrigin(['http://localhost:5173'], 'http://localhost:5174')).toBe(false)
  })
})
