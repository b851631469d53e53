import { describe, expect, test } from 'vitest'
import * as Store from './Store.js'

describe('create', () => {
  test('sets values and updater functions, notifies on change only, unsubscribes', () => {
    const store = Store.create(1)
    const seen: number[] = []
    const off = store.subscribe(() => seen.push(store.get()))
    store.set(2)
    store.set((n) => n + 1)
    store.set(3)
    off()
    store.set(4)
    expect(seen).toEqual([2, 3])
    expect(store.get()).toBe(4)
  })
})
