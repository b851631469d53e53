import * as Storage from '@frontdoor/schemas/storage'
import { describe, expect, test } from 'vitest'
import * as ConnectionStorage from '../connection/Storage.js'
import * as State from '../controller/State.js'
import * as Namespaces from './Namespaces.js'

describe('connected namespaces', () => {
  test('stored while connected, cleared on disconnect; left alone until the connections are restored', () => {
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
    expect(JSON.parse(backend.getItem(Storage.CONNECTED_NAMESPACES_KEY) ?? 'null')).toEqual(['eip155'])

    state.set((s) => ({ ...s, status: 'disconnected', address: undefined }))
    expect(Namespaces.read(backend)).toEqual([])
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
