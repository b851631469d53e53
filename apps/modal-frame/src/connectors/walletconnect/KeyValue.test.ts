import { describe, expect, test } from 'vitest'
import * as KeyValue from './KeyValue.js'

function backend() {
  const map = new Map<string, string>([['frontdoor:connections', '[]']])
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    keys: () => [...map.keys()],
  }
}

describe('over', () => {
  test('round-trips values under the wc: prefix; lists only its own keys', async () => {
    const b = backend()
    const storage = KeyValue.over(b)
    await storage.setItem('wc@2:client:0.3//session', [{ topic: 'a', expiry: 1 }])
    expect(b.map.has('wc:wc@2:client:0.3//session')).toBe(true)
    expect(await storage.getItem('wc@2:client:0.3//session')).toEqual([{ topic: 'a', expiry: 1 }])
    expect(await storage.getKeys()).toEqual(['wc@2:client:0.3//session'])
    expect(await storage.getEntries()).toEqual([['wc@2:client:0.3//session', [{ topic: 'a', expiry: 1 }]]])
    await storage.removeItem('wc@2:client:0.3//session')
    expect(await storage.getItem('wc@2:client:0.3//session')).toBeUndefined()
    expect(b.map.has('frontdoor:connections')).toBe(true)
  })

  test('19-digit request ids and bigints stay exact', async () => {
    const storage = KeyValue.over(backend())
    const id = 1795450515865893123n
    await storage.setItem('history', { id, records: [{ id }] })
    expect(await storage.getItem('history')).toEqual({ id, records: [{ id }] })
  })

  test('strings are kept as they are, as sign-client stores its client id', async () => {
    const b = backend()
    const storage = KeyValue.over(b)
    await storage.setItem('WALLETCONNECT_CLIENT_ID', 'did:key:z6Mk')
    expect(b.map.get('wc:WALLETCONNECT_CLIENT_ID')).toBe('did:key:z6Mk')
    expect(await storage.getItem('WALLETCONNECT_CLIENT_ID')).toBe('did:key:z6Mk')
  })
})
