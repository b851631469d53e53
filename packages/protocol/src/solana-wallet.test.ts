import { Keypair, SystemProgram, Transaction } from '@solana/web3.js'
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

describe('signatureOf', () => {
  test("the signature in the account's signer slot, not the fee payer's first one", () => {
    const payer = Keypair.fromSeed(new Uint8Array(32).fill(1))
    const user = Keypair.fromSeed(new Uint8Array(32).fill(2))
    const tx = new Transaction({
      feePayer: payer.publicKey,
      recentBlockhash: Keypair.fromSeed(new Uint8Array(32).fill(3)).publicKey.toBase58(),
    }).add(SystemProgram.transfer({ fromPubkey: user.publicKey, toPubkey: payer.publicKey, lamports: 1 }))
    tx.sign(payer, user)
    const bytes = new Uint8Array(tx.serialize())
    const [first, second] = tx.signatures.map((s) => new Uint8Array(s.signature as Buffer))
    expect(SolanaWallet.signatureOf(bytes, user.publicKey.toBase58())).toEqual(second)
    expect(SolanaWallet.signatureOf(bytes, payer.publicKey.toBase58())).toEqual(first)
    expect(second).not.toEqual(first)
    expect(SolanaWallet.signatureOf(bytes, Keypair.generate().publicKey.toBase58())).toBeUndefined()
    expect(SolanaWallet.signatureOf(bytes.subarray(0, -1), user.publicKey.toBase58())).toBeUndefined()
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
