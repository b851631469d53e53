import * as Storage from '@frontdoor/schemas/storage'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as ConnectionStorage from '../connection/Storage.js'
import * as Cache from './Cache.js'

const Value = z.object({ n: z.number() })

function setup(initial: Record<string, string> = {}) {
  let now = 1_000_000
  const backend = ConnectionStorage.memory(initial)
  const cache = Cache.create({ backend, now: () => now })
  return { backend, cache, advance: (ms: number) => (now += ms), now: () => now }
}

describe('Cache', () => {
  test('a record is kept in storage with its timestamp and read back by another cache (a reload)', () => {
    const { backend, cache, now } = setup()
    expect(cache.read(Storage.PORTFOLIO_CACHE, 'a', Value)).toBeUndefined()
    cache.write(Storage.PORTFOLIO_CACHE, 'a', { n: 1 })
    expect(JSON.parse(backend.getItem(Storage.PORTFOLIO_CACHE.key) ?? '{}')).toEqual({
      a: { timestamp: now(), value: { n: 1 } },
    })
    const reloaded = Cache.create({ backend, now })
    expect(reloaded.read(Storage.PORTFOLIO_CACHE, 'a', Value)).toEqual({ timestamp: now(), value: { n: 1 } })
  })

  test('portfolio and native balance records live 30 s; ENS and identity 5 min', () => {
    const { cache, advance } = setup()
    for (const kind of [
      Storage.PORTFOLIO_CACHE,
      Storage.NATIVE_BALANCE_CACHE,
      Storage.ENS_CACHE,
      Storage.IDENTITY_CACHE,
    ])
      cache.write(kind, 'a', { n: 1 })
    advance(29_999)
    expect(cache.read(Storage.PORTFOLIO_CACHE, 'a', Value)).toBeDefined()
    expect(cache.read(Storage.NATIVE_BALANCE_CACHE, 'a', Value)).toBeDefined()
    advance(1)
    expect(cache.read(Storage.PORTFOLIO_CACHE, 'a', Value)).toBeUndefined()
    expect(cache.read(Storage.NATIVE_BALANCE_CACHE, 'a', Value)).toBeUndefined()
    expect(cache.read(Storage.ENS_CACHE, 'a', Value)).toBeDefined()
    advance(270_000 - 1)
    expect(cache.read(Storage.IDENTITY_CACHE, 'a', Value)).toBeDefined()
    advance(1)
    expect(cache.read(Storage.ENS_CACHE, 'a', Value)).toBeUndefined()
    expect(cache.read(Storage.IDENTITY_CACHE, 'a', Value)).toBeUndefined()
  })

  test('expired records are pruned on the next write; other ids are kept', () => {
    const { backend, cache, advance } = setup()
    cache.write(Storage.PORTFOLIO_CACHE, 'old', { n: 1 })
    advance(20_000)
    cache.write(Storage.PORTFOLIO_CACHE, 'kept', { n: 2 })
    advance(15_000)
    cache.write(Storage.PORTFOLIO_CACHE, 'new', { n: 3 })
    expect(Object.keys(JSON.parse(backend.getItem(Storage.PORTFOLIO_CACHE.key) ?? '{}')).sort()).toEqual([
      'kept',
      'new',
    ])
  })

  test('junk in storage (the page may hold it) is ignored: wrong shape, bad JSON, a timestamp in the future', () => {
    const { cache, now } = setup({
      [Storage.PORTFOLIO_CACHE.key]: JSON.stringify({ a: { timestamp: 1_000_000, value: { n: 'x' } } }),
      [Storage.IDENTITY_CACHE.key]: '{not json',
    })
    expect(cache.read(Storage.PORTFOLIO_CACHE, 'a', Value)).toBeUndefined()
    expect(cache.read(Storage.IDENTITY_CACHE, 'a', Value)).toBeUndefined()
    cache.write(Storage.ENS_CACHE, 'a', { n: 1 }, now() + 60_000)
    expect(cache.read(Storage.ENS_CACHE, 'a', Value)).toBeUndefined()
  })
})
