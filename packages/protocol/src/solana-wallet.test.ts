import { describe, expect, test } from 'vitest'
import * as SolanaCluster from './solana-cluster.js'
import * as SolanaWallet from './solana-wallet.js'

describe('STANDARD_CHAINS', () => {
  test("the Wallet Standard's names of the clusters, by CAIP-2 id; the local cluster is localnet", () => {
    expect(SolanaWallet.STANDARD_CHAINS).toEqual({
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana:devnet',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
      [SolanaCluster.CAIP_NETWORK_ID]: 'solana:localnet',
    })
    for (const name of Object.values(SolanaWallet.STANDARD_CHAINS))
      expect(SolanaWallet.CHAIN.test(name)).toBe(true)
  })
})

describe('caip2Of', () => {
  test("a Wallet Standard name is its cluster's CAIP-2 id, a CAIP-2 id itself, any other name none", () => {
    expect(SolanaWallet.caip2Of('solana:mainnet')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(SolanaWallet.caip2Of('solana:localnet')).toBe(SolanaCluster.CAIP_NETWORK_ID)
    expect(SolanaWallet.caip2Of(SolanaCluster.CAIP_NETWORK_ID)).toBe(SolanaCluster.CAIP_NETWORK_ID)
    expect(SolanaWallet.caip2Of('solana:mainnet-beta')).toBeUndefined()
    expect(SolanaWallet.caip2Of('eip155:1')).toBeUndefined()
  })
})

describe('ADDRESS, CHAIN', () => {
  test('a base58 public key; a solana chain', () => {
    expect(SolanaWallet.ADDRESS.test('GfLSF2ZbgX6VXkyCmkGNNHNJVjgf3Jz9G7ycWqv6SU6M')).toBe(true)
    expect(SolanaWallet.ADDRESS.test('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
    expect(SolanaWallet.ADDRESS.test('GfLSF2ZbgX6VXkyCmkGNNHNJVjgf3Jz9G7ycWqv6SU6l')).toBe(false)
    expect(SolanaWallet.CHAIN.test('solana:localnet')).toBe(true)
    expect(SolanaWallet.CHAIN.test('eip155:1')).toBe(false)
  })
})
