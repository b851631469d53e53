import { describe, expect, test } from 'vitest'
import * as Records from './Records.js'

const wallet = { id: 'https://wallet.example', name: 'Wallet', icon: undefined }
const entry = (topic: string, chainId = 31337): Records.Entry => ({ topic, chainId, wallet })

function memory() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

describe('read', () => {
  test('every kept session and the current one; a current no session has reads as none', () => {
    const backend = memory()
    backend.setItem(Records.STORAGE_KEY, JSON.stringify({ sessions: [entry('a'), entry('b')], current: 'b' }))
    expect(Records.read(backend)).toEqual({ sessions: [entry('a'), entry('b')], current: 'b' })
    backend.setItem(Records.STORAGE_KEY, JSON.stringify({ sessions: [entry('a')], current: 'gone' }))
    expect(Records.read(backend)).toEqual({ sessions: [entry('a')], current: undefined })
  })

  test('a record of one session (as stored before several were kept) reads as that one, current', () => {
    const backend = memory()
    backend.setItem(Records.STORAGE_KEY, JSON.stringify(entry('a', 31338)))
    expect(Records.read(backend)).toEqual({ sessions: [entry('a', 31338)], current: 'a' })
  })

  test('malformed records are left out; unreadable storage reads as nothing kept', () => {
    const backend = memory()
    const bad = [{ topic: 'x' }, { topic: 'y', chainId: 1, wallet: { id: 1 } }, null]
    backend.setItem(Records.STORAGE_KEY, JSON.stringify({ sessions: [...bad, entry('a')], current: 'a' }))
    expect(Records.read(backend)).toEqual({ sessions: [entry('a')], current: 'a' })
    backend.setItem(Records.STORAGE_KEY, '{not json')
    expect(Records.read(backend)).toEqual({ sessions: [], current: undefined })
    expect(Records.read(undefined)).toEqual({ sessions: [], current: undefined })
  })
})

describe('create', () => {
  test('writes through on every change; the current session is stored beside them', () => {
    const backend = memory()
    const records = Records.create(backend)
    expect(records.get('a')).toBeUndefined()
    records.remember(entry('a'))
    records.remember(entry('b'))
    records.use('b')
    expect(Records.read(backend)).toEqual({ sessions: [entry('a'), entry('b')], current: 'b' })
    expect(Records.create(backend).get('a')).toEqual(entry('a'))
    // A new store starts without a current session; the stored one is read on demand.
    expect(Records.create(backend).current()).toBeUndefined()
    expect(Records.create(backend).stored()).toBe('b')
    records.drop('a')
    expect(records.has('a')).toBe(false)
    expect(Records.read(backend)).toEqual({ sessions: [entry('b')], current: 'b' })
  })

  test('clear forgets every session and removes the key', () => {
    const backend = memory()
    const records = Records.create(backend)
    records.remember(entry('a'))
    records.use('a')
    records.clear()
    expect(records.current()).toBeUndefined()
    expect(backend.map.has(Records.STORAGE_KEY)).toBe(false)
  })
})

describe('pickedWallet', () => {
  test('the wallet picked in the list; none when the data lacks an id or a name; a non-string icon is left out', () => {
    expect(Records.pickedWallet({ wallet: { id: 'a', name: 'A', icon: 'i' } })).toEqual({
      id: 'a',
      name: 'A',
      icon: 'i',
    })
    expect(Records.pickedWallet({ wallet: { id: 'a', name: 'A', icon: 3 } })).toEqual({
      id: 'a',
      name: 'A',
      icon: undefined,
    })
    expect(Records.pickedWallet({ wallet: { id: 'a' } })).toBeUndefined()
    expect(Records.pickedWallet(undefined)).toBeUndefined()
  })
})
