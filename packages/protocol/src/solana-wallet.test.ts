import { describe, expect, test } from 'vitest'
import * as SolanaCluster from './solana-cluster.js'
import * as SolanaWallet from './solana-wallet.js'

describe('standardChain', () => {
  test("the Wallet Standard's names of the clusters; the local cluster is localnet; others keep their CAIP-2 id", () => {
    expect(SolanaWallet.standardChain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana:mainnet')
    expect(SolanaWallet.standardChain('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe('solana:devnet')
    expect(SolanaWallet.standardChain('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).toBe('solana:testnet')
    expect(SolanaWallet.standardChain(SolanaCluster.CAIP_NETWORK_ID)).toBe('solana:localnet')
    expect(SolanaWallet.standardChain('solana:abc')).toBe('solana:abc')
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
