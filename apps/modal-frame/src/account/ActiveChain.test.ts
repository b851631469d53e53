import { describe, expect, test } from 'vitest'
import * as Store from '../store/Store.js'
import * as ActiveChain from './ActiveChain.js'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOLANA = { address: 'GfLSVo7JQ6mWJ2aG5rR4jmcvBgGyJ7Z2pYqTkjWuCDBp', chains: ['solana:localnet'] }
const connected = () =>
  Store.create<{ status: 'connected' | 'disconnected'; address: string | undefined }>({
    status: 'connected',
    address: ME,
  })
// The controller's state has more fields; ActiveChain reads these two.
type StateStore = Parameters<ActiveChain.ActiveChain['choose']>[1]

describe('ActiveChain', () => {
  test('eip155 at first; solana once chosen for the connected account that has a Solana account', () => {
    const state = connected()
    const active = ActiveChain.create()
    const now = () => ActiveChain.activeNamespace(active.get(), state.get(), SOLANA)
    expect(now()).toBe('eip155')
    active.choose('solana', state as unknown as StateStore)
    expect(now()).toBe('solana')
    // Without a Solana account (another connector), eip155 shows.
    expect(ActiveChain.activeNamespace(active.get(), state.get(), null)).toBe('eip155')
    active.choose('eip155', state as unknown as StateStore)
    expect(now()).toBe('eip155')
  })

  test('disconnect, or another account, brings back eip155; a new login of the same account too', () => {
    const state = connected()
    const active = ActiveChain.create()
    active.choose('solana', state as unknown as StateStore)
    expect(active.get().namespace).toBe('solana')
    state.set({ status: 'disconnected', address: undefined })
    expect(active.get().namespace).toBe('eip155')
    state.set({ status: 'connected', address: ME })
    expect(ActiveChain.activeNamespace(active.get(), state.get(), SOLANA)).toBe('eip155')

    active.choose('solana', state as unknown as StateStore)
    state.set({ status: 'connected', address: OTHER })
    expect(active.get().namespace).toBe('eip155')
  })

  test('solana is not chosen while nothing is connected', () => {
    const state = Store.create({ status: 'disconnected', address: undefined as string | undefined })
    const active = ActiveChain.create()
    active.choose('solana', state as unknown as StateStore)
    expect(active.get().namespace).toBe('eip155')
  })

  test('the Solana network is the local cluster’s CAIP network', () => {
    expect(ActiveChain.SOLANA_NETWORK).toMatchObject({
      caipNetworkId: 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth',
      chainNamespace: 'solana',
      name: 'Frontdoor Solana Localnet',
      nativeCurrency: { symbol: 'SOL', decimals: 9 },
    })
  })
})

describe('ActiveChain: the embedded wallet’s other families', () => {
  const BITCOIN = {
    namespace: 'bip122',
    name: 'Bitcoin',
    chainId: 'bip122:000000000019d6689c085ae165831e93',
    address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  } as const
  test('bitcoin once chosen for the connected account that holds a Bitcoin account; eip155 otherwise', () => {
    const state = connected()
    const active = ActiveChain.create()
    active.choose('bip122', state as unknown as StateStore)
    expect(ActiveChain.activeNamespace(active.get(), state.get(), SOLANA, [BITCOIN])).toBe('bip122')
    // Without that account (another connector, or keys that did not open): eip155.
    expect(ActiveChain.activeNamespace(active.get(), state.get(), SOLANA, [])).toBe('eip155')
    expect(ActiveChain.activeNamespace(active.get(), state.get(), SOLANA)).toBe('eip155')
    // Polkadot chosen while only Bitcoin is held: eip155.
    active.choose('polkadot', state as unknown as StateStore)
    expect(ActiveChain.activeNamespace(active.get(), state.get(), SOLANA, [BITCOIN])).toBe('eip155')
    // Disconnecting brings back eip155.
    active.choose('bip122', state as unknown as StateStore)
    state.set({ status: 'disconnected', address: undefined })
    expect(active.get().namespace).toBe('eip155')
  })
})
