import { Constants } from '@frontdoor/schemas'
import { describe, expect, it } from 'vitest'
import * as Info from './Info.js'
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

  it('keeps each connection with its accounts, chain, wallet and namespace; a disconnected one keeps none', () => {
    const storage = Storage.create(Storage.memory())
    const alice = '0x00000000000000000000000000000000000a11ce'
    const bob = '0x0000000000000000000000000000000000000b0b'
    storage.setActive(
      'walletConnect:t1',
      1,
      Storage.infoOf({ accounts: [alice], chainId: 31337, wallet: { id: 'w', name: 'Wallet' } }),
    )
    storage.setActive(
      'embedded',
      2,
      Storage.infoOf({ accounts: [bob], chainId: 1, wallet: { id: 'embedded', name: 'a@b.co' } }),
    )
    const [current, kept] = storage.connections()
    expect(current).toMatchObject({
      connectorId: 'embedded',
      status: 'active',
      accounts: [{ address: bob, type: 'eoa' }],
    })
    expect(kept).toEqual({
      connectorId: 'walletConnect:t1',
      status: 'connected',
      usedAt: 1,
      namespace: 'eip155',
      accounts: [{ address: alice, type: 'eoa' }],
      chainId: 31337,
      wallet: { id: 'w', name: 'Wallet' },
    })
    expect(Info.parse(kept!)?.accounts[0]?.address).toBe(alice)
    // Made current again without new info: it keeps what it had.
    storage.setActive('walletConnect:t1', 3)
    expect(storage.connections()[0]).toMatchObject({
      status: 'active',
      chainId: 31337,
      accounts: [{ address: alice }],
    })
    storage.setDisconnected('walletConnect:t1')
    expect(storage.connections()[0]).toEqual({
      connectorId: 'walletConnect:t1',
      status: 'disconnected',
      usedAt: 3,
    })
  })

  it('Info.parse refuses stored accounts that are not addresses (the page may have written them)', () => {
    const entry = { connectorId: 'x', status: 'connected' as const, usedAt: 1 }
    const wallet = { id: 'w', name: 'W' }
    expect(
      Info.parse({
        ...entry,
        namespace: 'eip155',
        chainId: 1,
        wallet,
        accounts: [{ address: '<img>' as `0x${string}`, type: 'eoa' }],
      }),
    ).toBeUndefined()
    expect(
      Info.parse({ ...entry, namespace: 'solana', chainId: 1, wallet, accounts: [] } as never),
    ).toBeUndefined()
    expect(Info.parse(entry)).toBeUndefined()
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
