import { Constants } from '@frontdoor/schemas'
import { describe, expect, it } from 'vitest'
import * as Storage from './Storage.js'

describe('Storage', () => {
  it('keeps one active connection, the previous one connected, most recently used first', () => {
    const storage = Storage.create(Storage.memory())
    storage.setActive('injected:io.metamask', 1)
    storage.setActive('walletConnect', 2)
    expect(storage.connections()).toEqual([
      { connectorId: 'walletConnect', status: 'active', usedAt: 2 },
      { connectorId: 'injected:io.metamask', status: 'connected', usedAt: 1 },
    ])
    storage.setDisconnected('walletConnect')
    expect(storage.candidates().map((e) => e.connectorId)).toEqual(['injected:io.metamask'])
  })

  it('treats a stored status other than connected, active or disconnected as an error', () => {
    const backend = Storage.memory()
    backend.setItem(
      Storage.CONNECTIONS_KEY,
      JSON.stringify([{ connectorId: 'x', status: 'pending', usedAt: 1 }]),
    )
    expect(() => Storage.create(backend).connections()).toThrow('Invalid stored connection status: pending')
    for (const status of Storage.STORED_STATUSES)
      expect(Storage.parseEntry({ connectorId: 'x', status, usedAt: 1 })?.status).toBe(status)
  })

  it('keeps the recent wallets newest first, RECENT_WALLETS_KEPT of them, without duplicates', () => {
    const storage = Storage.create(Storage.memory())
    storage.addRecent({ id: 'a', name: 'A' })
    storage.addRecent({ id: 'b', name: 'B' })
    storage.addRecent({ id: 'a', name: 'A' })
    storage.addRecent({ id: 'c', name: 'C' })
    expect(storage.recent().map((w) => w.id)).toEqual(['c', 'a'])
    expect(storage.recent()).toHaveLength(Constants.RECENT_WALLETS_KEPT)
  })

  it('ignores unreadable JSON', () => {
    const backend = Storage.memory()
    backend.setItem(Storage.CONNECTIONS_KEY, '{nope')
    backend.setItem(Storage.RECENT_KEY, '"x"')
    const storage = Storage.create(backend)
    expect(storage.connections()).toEqual([])
    expect(storage.recent()).toEqual([])
  })
})
