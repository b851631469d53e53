import * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { describe, expect, test } from 'vitest'
import * as Requests from './Requests.js'
import { transfer } from './testTransfer.js'

// Requests.check reads a page's solana request before a wallet (WalletConnect, a Wallet Standard one) sees it (transactions
// built byte by byte by testTransfer.ts).

const me = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(1))
const other = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(2))
const ME = bs58.encode(me.publicKey)
const OTHER = bs58.encode(other.publicKey)
const base64 = (bytes: Uint8Array) => SolanaTransaction.toBase64(bytes)
const invalidParams = (detail: string) => ({ code: -32602, message: expect.stringContaining(detail) })

describe('solana_signMessage', () => {
  test('sent with the session account as signer; the page cannot name another', () => {
    const message = bs58.encode(new TextEncoder().encode('Hello Solana'))
    const checked = Requests.check('solana_signMessage', { message, pubkey: OTHER }, ME)
    expect(checked.params).toEqual({ message, pubkey: ME })
  })

  test('refused before the wallet: not base58, too long, bytes that are a transaction', () => {
    expect(() => Requests.check('solana_signMessage', { message: '0OIl' }, ME)).toThrow(
      expect.objectContaining(invalidParams('params.message: must be base58')),
    )
    expect(() => Requests.check('solana_signMessage', {}, ME)).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
    const { message, wire } = transfer(me.publicKey, other.publicKey)
    for (const bytes of [message, wire])
      expect(() => Requests.check('solana_signMessage', { message: bs58.encode(bytes) }, ME)).toThrow(
        expect.objectContaining(invalidParams('the bytes are a Solana transaction')),
      )
  })
})

describe('transactions', () => {
  test('signTransaction, signAllTransactions and signAndSendTransaction: parsed, then sent as WalletConnect names their params', () => {
    const { wire } = transfer(me.publicKey, other.publicKey)
    const transaction = base64(wire)
    expect(Requests.check('solana_signTransaction', { transaction }, ME).params).toEqual({
      transaction,
      pubkey: ME,
    })
    expect(
      Requests.check('solana_signAllTransactions', { transactions: [transaction, transaction] }, ME).params,
    ).toEqual({ transactions: [transaction, transaction], pubkey: ME })
    expect(
      Requests.check(
        'solana_signAndSendTransaction',
        { transaction, sendOptions: { skipPreflight: true } },
        ME,
      ).params,
    ).toEqual({ transaction, pubkey: ME, sendOptions: { skipPreflight: true } })
  })

  test('refused before the wallet: no transaction, bytes that do not parse, a transaction the account does not sign, too many', () => {
    const { wire } = transfer(me.publicKey, other.publicKey)
    const cases: [string, unknown, string][] = [
      ['solana_signTransaction', {}, 'params.transaction'],
      ['solana_signTransaction', { transaction: 'not base64!' }, 'params.transaction: must be a base64'],
      ['solana_signTransaction', { transaction: base64(wire.slice(0, -1)) }, 'not a Solana transaction'],
      [
        'solana_signAndSendTransaction',
        { transaction: base64(transfer(other.publicKey, me.publicKey).wire) },
        "params.transaction: the account is not one of the transaction's signers",
      ],
      [
        'solana_signAllTransactions',
        { transactions: [base64(wire), base64(transfer(other.publicKey, me.publicKey).wire)] },
        "params.transactions.1: the account is not one of the transaction's signers",
      ],
      [
        'solana_signAllTransactions',
        { transactions: Array(SolanaTransaction.MAX_TRANSACTIONS + 1).fill(base64(wire)) },
        'params.transactions',
      ],
      ['solana_signAllTransactions', { transactions: [] }, 'params.transactions'],
    ]
    for (const [method, params, detail] of cases)
      expect(() => Requests.check(method, params, ME), `${method} ${detail}`).toThrow(
        expect.objectContaining(invalidParams(detail)),
      )
    // The same transaction signed by its own account passes: the refusals above can be lifted.
    expect(() =>
      Requests.check('solana_signAllTransactions', { transactions: [base64(wire)] }, ME),
    ).not.toThrow()
  })

  test('a solana method outside the four is 4200', () => {
    expect(() => Requests.check('solana_getAccounts', {}, ME)).toThrow(
      expect.objectContaining({ code: 4200 }),
    )
  })

  test('a signTransaction answer with the signature alone gets the signed transaction, and one with the transaction alone its signature', () => {
    const { message, wire } = transfer(me.publicKey, other.publicKey)
    const { answer } = Requests.check('solana_signTransaction', { transaction: base64(wire) }, ME)
    const signature = nacl.sign.detached(message, me.secretKey)
    const signed = Uint8Array.from([1, ...signature, ...message])
    expect(answer({ signature: bs58.encode(signature) })).toEqual({
      signature: bs58.encode(signature),
      transaction: base64(signed),
    })
    expect(answer({ transaction: base64(signed) })).toEqual({
      signature: bs58.encode(signature),
      transaction: base64(signed),
    })
    // Both given: as the wallet answered; neither: as the wallet answered.
    expect(answer({ signature: 'x', transaction: 'y' })).toEqual({ signature: 'x', transaction: 'y' })
    expect(answer({ transaction: '%%' })).toEqual({ transaction: '%%' })
  })
})
