import { describe, expect, test } from 'vitest'
import * as TtlCache from './TtlCache.js'

describe('create', () => {
  test('reuses a value within the TTL, reloads after, drops failures, caps its size', async () => {
    let time = 0
    let loads = 0
    const cache = TtlCache.create<number>({ ttlMs: 100, max: 2, now: () => time })
    const load = async () => ++loads
    expect(await cache.get('a', load)).toBe(1)
    expect(await cache.get('a', load)).toBe(1)
    time = 100
    expect(await cache.get('a', load)).toBe(2)
    await expect(cache.get('b', () => Promise.reject(new Error('x')))).rejects.toThrow('x')
    expect(await cache.get('b', load)).toBe(3)
    expect(await cache.get('c', load)).toBe(4)
    expect(await cache.get('a', load)).toBe(5)
  })

  test('peek: the fresh value of a key, without loading; undefined when missing or stale', async () => {
    let time = 0
    const cache = TtlCache.create<number>({ ttlMs: 100, max: 2, now: () => time })
    expect(cache.peek('a')).toBeUndefined()
    await cache.get('a', async () => 1)
    expect(await cache.peek('a')).toBe(1)
    time = 100
    expect(cache.peek('a')).toBeUndefined()
  })
})
