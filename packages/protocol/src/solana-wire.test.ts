import { Keypair, SystemProgram, Transaction } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import * as SolanaWire from './solana-wire.js'

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
    expect(SolanaWire.signatureOf(bytes, user.publicKey.toBase58())).toEqual(second)
    expect(SolanaWire.signatureOf(bytes, payer.publicKey.toBase58())).toEqual(first)
    expect(second).not.toEqual(first)
    expect(SolanaWire.signatureOf(bytes, Keypair.generate().publicKey.toBase58())).toBeUndefined()
    expect(SolanaWire.signatureOf(bytes.subarray(0, -1), user.publicKey.toBase58())).toBeUndefined()
  })
})
