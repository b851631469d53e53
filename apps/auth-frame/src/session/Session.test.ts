import { describe, expect, test } from 'vitest'
import * as Session from './Session.js'

function memory() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

describe('expiresAtMs', () => {
  test('reads ISO dates, seconds and milliseconds', () => {
    expect(Session.expiresAtMs('2030-01-01T00:00:00.000Z')).toBe(Date.UTC(2030, 0, 1))
    expect(Session.expiresAtMs(1_900_000_000)).toBe(1_900_000_000_000)
    expect(Session.expiresAtMs(1_900_000_000_000)).toBe(1_900_000_000_000)
    expect(Session.expiresAtMs('soon')).toBeUndefined()
    expect(Session.expiresAtMs(null)).toBeUndefined()
  })
})

describe('create', () => {
  test('keeps, reads and clears a session', () => {
    const storage = memory()
    const store = Session.create(storage, () => 1000)
    expect(store.get()).toBeUndefined()
    store.set({ token: 't', expiresAtMs: 2000 })
    expect(store.get()).toEqual({ token: 't', expiresAtMs: 2000 })
    store.clear()
    expect(store.get()).toBeUndefined()
  })
  test('an expired or malformed session is dropped', () => {
    const storage = memory()
    let now = 1000
    const store = Session.create(storage, () => now)
    store.set({ token: 't', expiresAtMs: 2000 })
    now = 2000
    expect(store.get()).toBeUndefined()
    expect(storage.map.has(Session.KEY)).toBe(false)
    storage.setItem(Session.KEY, '{not json')
    expect(store.get()).toBeUndefined()
    storage.setItem(Session.KEY, JSON.stringify({ token: 5, expiresAtMs: 9e12 }))
    expect(store.get()).toBeUndefined()
  })
})
