import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import { Keypair, type PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import * as Solana from './Solana.js'
import * as Summary from './Summary.js'

const seeded = (n: number) => Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i * 13 + n) & 0xff))
const me = seeded(1).publicKey
const friend = seeded(2).publicKey
const mint = seeded(3).publicKey
const memo = seeded(4).publicKey
const blockhash = seeded(5).publicKey.toBase58()
const network = { name: 'Frontdoor Solana Localnet', symbol: 'SOL' }

/** A transaction built by web3.js, unsigned, as the dapp sends it (base64). */
function base64(feePayer: PublicKey, ...instructions: TransactionInstruction[]) {
  return new Transaction({ feePayer, recentBlockhash: blockhash })
    .add(...instructions)
    .serialize({ requireAllSignatures: false, verifySignatures: false })
    .toString('base64')
}
const mineAta = getAssociatedTokenAddressSync(mint, me)
const friendAta = getAssociatedTokenAddressSync(mint, friend)

describe('Solana.describe', () => {
  test('a SOL transfer: the amount in SOL, the recipient, the network, the transaction whole', () => {
    const transaction = base64(
      me,
      SystemProgram.transfer({ fromPubkey: me, toPubkey: friend, lamports: 1_250_000_000 }),
    )
    const summary = Solana.describe(
      'solana_signTransaction',
      { transaction },
      { address: me.toBase58(), network },
    )
    expect(summary).toEqual({
      title: 'Sign transaction',
      rows: [
        { label: 'Method', value: 'solana_signTransaction' },
        { label: 'From', value: me.toBase58() },
        { label: 'Network', value: 'Frontdoor Solana Localnet' },
        { label: 'Send', value: '1.25 SOL' },
        { label: 'To', value: friend.toBase58() },
      ],
      detail: { label: 'Transaction (base64)', text: transaction },
    })
  })

  test('SPL transferChecked to a new associated account: amount in the symbol, the recipient wallet; an unknown program in red', () => {
    const transaction = base64(
      me,
      createAssociatedTokenAccountIdempotentInstruction(me, friendAta, friend, mint),
      createTransferCheckedInstruction(mineAta, mint, friendAta, me, 2_500_000n, 6),
      new TransactionInstruction({ programId: memo, keys: [], data: Buffer.from('hi') }),
    )
    const facts: Solana.Facts = {
      accounts: {},
      mints: { [mint.toBase58()]: { decimals: 6, symbol: 'FUSD' } },
    }
    const { title, rows } = Solana.describe(
      'solana_signAndSendTransaction',
      { transaction },
      { address: me.toBase58(), network, facts },
    )
    expect(title).toBe('Send transaction')
    expect(rows.slice(3)).toEqual([
      { label: 'Creates token account', value: `${friendAta.toBase58()} for ${friend.toBase58()}` },
      { label: 'Send', value: '2.5 FUSD' },
      { label: 'Token', value: mint.toBase58() },
      { label: 'To', value: friend.toBase58() },
      { label: Solana.TEXT.unknown, value: memo.toBase58(), warning: true },
    ])
  })

  test('a plain SPL transfer: the mint and owner from the chain, base units when nothing is known; another fee payer in red', () => {
    const transfer = createTransferInstruction(mineAta, friendAta, me, 7_000_000n)
    const unknown = Solana.describe(
      'solana_signAllTransactions',
      { transactions: [base64(me, transfer), base64(friend, transfer)] },
      { address: me.toBase58(), network },
    )
    expect(unknown.title).toBe('Sign 2 transactions')
    expect(unknown.rows.slice(3)).toEqual([
      { label: 'Transaction', value: '1 of 2' },
      { label: 'Send', value: `7000000 ${Solana.TEXT.baseUnits}` },
      { label: 'To', value: `${friendAta.toBase58()} (${Solana.TEXT.tokenAccount})` },
      { label: 'Transaction', value: '2 of 2' },
      { label: 'Send', value: `7000000 ${Solana.TEXT.baseUnits}` },
      { label: 'To', value: `${friendAta.toBase58()} (${Solana.TEXT.tokenAccount})` },
      { label: 'Fee payer', value: friend.toBase58(), warning: true },
    ])
    const solana: Solana.Facts = {
      accounts: {
        [mineAta.toBase58()]: { mint: mint.toBase58(), owner: me.toBase58() },
        [friendAta.toBase58()]: { mint: mint.toBase58(), owner: friend.toBase58() },
      },
      mints: { [mint.toBase58()]: { decimals: 6, symbol: 'FUSD' } },
    }
    const known = Solana.describe(
      'solana_signTransaction',
      { transaction: base64(me, transfer) },
      { address: me.toBase58(), network, facts: solana },
    )
    expect(known.rows.slice(3)).toEqual([
      { label: 'Send', value: '7 FUSD' },
      { label: 'Token', value: mint.toBase58() },
      { label: 'To', value: friend.toBase58() },
    ])
  })

  test('malformed transactions are refused with -32602 before anything is shown', () => {
    expect(() =>
      Solana.describe('solana_signTransaction', { transaction: 'AAAA' }, { address: me.toBase58() }),
    ).toThrow('Invalid method parameter(s). params.transaction: not a Solana transaction')
  })

  test("a chain the request names other than the vault's cluster is 4901 before anything is shown", () => {
    const LOCAL = 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'
    const transaction = base64(me, SystemProgram.transfer({ fromPubkey: me, toPubkey: friend, lamports: 1 }))
    const describe = (chain: string, served: string | undefined) =>
      Solana.describe(
        'solana_signAndSendTransaction',
        { transaction, chain },
        { address: me.toBase58(), chain: served },
      )
    expect(() => describe('solana:mainnet', LOCAL)).toThrow(expect.objectContaining({ code: 4901 }))
    expect(() => describe('solana:localnet', undefined)).toThrow(expect.objectContaining({ code: 4901 }))
    expect(describe('solana:localnet', LOCAL).title).toBe('Send transaction')
    expect(describe(LOCAL, LOCAL).title).toBe('Send transaction')
  })

  test('the approval screen (Summary.describe) shows the summary Solana.ts read, and nothing unread', () => {
    const params = {
      transaction: base64(me, SystemProgram.transfer({ fromPubkey: me, toPubkey: friend, lamports: 1 })),
    }
    const solana = Solana.describe('solana_signTransaction', params, { address: me.toBase58() })
    const context = { address: me.toBase58(), chainId: 0 }
    expect(Summary.describe('solana_signTransaction', params, { ...context, solana })).toBe(solana)
    expect(() => Summary.describe('solana_signTransaction', params, context)).toThrow(/was not read/)
  })
})

describe('Solana.facts', () => {
  test("reads the token accounts and mints of the transfers in one jsonParsed call, the symbols from the user's balances", async () => {
    const transaction = base64(me, createTransferInstruction(mineAta, friendAta, me, 1n))
    const calls: unknown[] = []
    // The shapes of the cluster's jsonParsed answers (packages/solana; e2e/solana reads a real one).
    const account = (owner: PublicKey) => ({
      data: {
        parsed: {
          type: 'account',
          info: { mint: mint.toBase58(), owner: owner.toBase58(), tokenAmount: { decimals: 6 } },
        },
      },
    })
    const facts = await Solana.facts(
      'solana_signTransaction',
      { transaction },
      {
        rpc: async (method, params) => {
          calls.push([method, params])
          return { value: [account(me), account(friend)] }
        },
        balances: async () => [{ symbol: 'SOL' }, { address: `solana:x:${mint.toBase58()}`, symbol: 'FUSD' }],
      },
    )
    expect(calls).toEqual([
      ['getMultipleAccounts', [[mineAta.toBase58(), friendAta.toBase58()], { encoding: 'jsonParsed' }]],
    ])
    expect(facts).toEqual({
      accounts: {
        [mineAta.toBase58()]: { mint: mint.toBase58(), owner: me.toBase58() },
        [friendAta.toBase58()]: { mint: mint.toBase58(), owner: friend.toBase58() },
      },
      mints: { [mint.toBase58()]: { decimals: 6, symbol: 'FUSD' } },
    })
    // A SOL transfer reads nothing; a failed read leaves the facts empty.
    const none = await Solana.facts(
      'solana_signTransaction',
      { transaction: base64(me, SystemProgram.transfer({ fromPubkey: me, toPubkey: friend, lamports: 1 })) },
      {
        rpc: async () => {
          throw new Error('never')
        },
        balances: async () => [],
      },
    )
    expect(none).toEqual({ accounts: {}, mints: {} })
    const failed = await Solana.facts(
      'solana_signTransaction',
      { transaction },
      {
        rpc: async () => {
          throw new Error('down')
        },
        balances: async () => [],
      },
    )
    expect(failed).toEqual({ accounts: {}, mints: {} })
  })
})

describe('Solana.describeMessage', () => {
  const refused = (run: () => unknown) => expect(run).toThrow(expect.objectContaining({ code: -32602 }))

  test('solana_signMessage: the message as text; bytes that are a Solana transaction are refused', () => {
    const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
    const encode = (bytes: Uint8Array) => {
      let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
      let text = ''
      while (n > 0n) {
        text = BASE58[Number(n % 58n)] + text
        n /= 58n
      }
      for (const byte of bytes) {
        if (byte !== 0) break
        text = `1${text}`
      }
      return text
    }
    const keys = [1, 2, 3].flatMap((i) => [...new Uint8Array(32).fill(i)])
    const transfer = Uint8Array.from([
      1,
      0,
      1,
      3,
      ...keys,
      ...new Uint8Array(32).fill(9),
      1,
      2,
      2,
      0,
      1,
      12,
      2,
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ])
    refused(() => Solana.describeMessage({ message: encode(transfer), pubkey: 'x' }))
    const params = { message: encode(new TextEncoder().encode('hi')), pubkey: 'x' }
    const text = Solana.describeMessage(params)
    expect(text.detail?.text).toBe('hi')
    expect(text.rows).toEqual([
      { label: 'Method', value: 'solana_signMessage' },
      { label: 'From', value: 'x' },
    ])
    refused(() => Solana.describeMessage({ message: '0OIl', pubkey: 'x' }))
    // The screen shows the message read before (Solana is a lazy chunk), none unread.
    const context = { address: 'x', chainId: 0 }
    refused(() => Summary.describe('solana_signMessage', params, context))
    expect(Summary.describe('solana_signMessage', params, { ...context, message: text })).toBe(text)
  })
})

describe('Solana.decodeBase58', () => {
  test('decodes, keeps leading zeros, refuses other characters', () => {
    expect(new TextDecoder().decode(Solana.decodeBase58('Cn8eVZg'))).toBe('hello')
    expect([...(Solana.decodeBase58('11') ?? [])]).toEqual([0, 0])
    expect(Solana.decodeBase58('0OIl')).toBeUndefined()
  })
})
