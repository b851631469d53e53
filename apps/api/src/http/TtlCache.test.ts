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

  test('at its cap it drops the least recently used entry, a stale one first', async () => {
    let time = 0
    const cache = TtlCache.create<string>({ ttlMs: 100, max: 2, now: () => time })
    await cache.get('a', async () => 'a')
    await cache.get('b', async () => 'b')
    expect(await cache.peek('a')).toBe('a')
    // Junk keys used once push out each other, not 'a' while it is in use.
    for (const junk of ['x', 'y', 'z']) {
      await cache.get(junk, async () => junk)
      expect(await cache.peek('a')).toBe('a')
    }
    expect(cache.peek('b')).toBeUndefined()
    expect(cache.size()).toBe(2)
    await cache.get('s', async () => 's', { expires: 50 })
    time = 60
    // 's' is stale: it goes before 'a', the least recently used.
    expect(await cache.peek('a')).toBe('a')
    await cache.get('t', async () => 't')
    expect(await cache.peek('a')).toBe('a')
  })

  test('an entry may expire before the TTL: with what it holds', async () => {
    let time = 0
    const cache = TtlCache.create<number>({ ttlMs: 100, max: 10, now: () => time })
    expect(await cache.get('a', async () => 1, { expires: 30 })).toBe(1)
    time = 29
    expect(await cache.peek('a')).toBe(1)
    time = 30
    expect(cache.peek('a')).toBeUndefined()
    // Already expired: loaded, not kept.
    expect(await cache.get('b', async () => 2, { expires: 30 })).toBe(2)
    expect(cache.peek('b')).toBeUndefined()
  })
})
