import * as Storage from '@frontdoor/schemas/storage'
import { describe, expect, test, vi } from 'vitest'
import * as ConnectionStorage from '../connection/Storage.js'
import type * as Connector from '../connectors/Connector.js'
import * as State from '../controller/State.js'
import * as Namespaces from './Namespaces.js'

describe('connected namespaces', () => {
  test('stored while connected, cleared on disconnect; left alone until the connections are restored', async () => {
    const backend = ConnectionStorage.memory({ [Storage.CONNECTED_NAMESPACES_KEY]: '["eip155"]' })
    const state = State.create({ projectId: 'demo' }, [])
    Namespaces.track(state, backend)
    // Reloading: disconnected until restored, and the stored namespaces stay.
    expect(Namespaces.read(backend)).toEqual(['eip155'])
    state.set((s) => ({ ...s, restored: true }))
    expect(Namespaces.read(backend)).toEqual([])
    expect(backend.getItem(Storage.CONNECTED_NAMESPACES_KEY)).toBeNull()

    state.set((s) => ({
      ...s,
      status: 'connected',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 31337,
    }))
    await vi.waitFor(() =>
      expect(JSON.parse(backend.getItem(Storage.CONNECTED_NAMESPACES_KEY) ?? 'null')).toEqual(['eip155']),
    )

    state.set((s) => ({ ...s, status: 'disconnected', address: undefined }))
    expect(Namespaces.read(backend)).toEqual([])
  })

  test("the connection's namespaces: eip155, solana with a Solana account, and the connector's others", async () => {
    const backend = ConnectionStorage.memory()
    const state = State.create({ projectId: 'demo' }, [])
    const solana = { address: 'GfLSfEHzBvx3qYWzXYUeFKpQUGj6iCG3xEqr4Bm6eYUK', chains: ['solana:localnet'] }
    let current: Connector.Connector | undefined = {
      solanaAccount: async () => solana,
      namespaces: () => ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'],
    } as unknown as Connector.Connector
    Namespaces.track(state, backend, { current: () => current })
    const connect = () =>
      state.set((s) => ({ ...s, status: 'connected', address: `0x${'1'.repeat(40)}`, chainId: 31337 }))
    connect()
    await vi.waitFor(() =>
      expect(Namespaces.read(backend)).toEqual(['eip155', 'solana', 'bip122', 'polkadot', 'cosmos']),
    )
    state.set((s) => ({ ...s, status: 'disconnected', address: undefined, restored: true }))
    expect(Namespaces.read(backend)).toEqual([])
    // A wallet with a Solana account only (an injected wallet's Wallet Standard side).
    current = { solanaAccount: async () => solana } as unknown as Connector.Connector
    connect()
    await vi.waitFor(() => expect(Namespaces.read(backend)).toEqual(['eip155', 'solana']))
    state.set((s) => ({ ...s, status: 'disconnected', address: undefined }))
    // An EVM wallet.
    current = { solanaAccount: async () => null } as unknown as Connector.Connector
    connect()
    await vi.waitFor(() => expect(Namespaces.read(backend)).toEqual(['eip155']))
  })

  test('junk stored by the page reads as none', () => {
    expect(Namespaces.read(ConnectionStorage.memory({ [Storage.CONNECTED_NAMESPACES_KEY]: '{x' }))).toEqual(
      [],
    )
    expect(
      Namespaces.read(ConnectionStorage.memory({ [Storage.CONNECTED_NAMESPACES_KEY]: '[1,"solana"]' })),
    ).toEqual(['solana'])
  })
})
