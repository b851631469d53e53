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

  test('a signTransaction answer with the signature alone gets the signed transaction, and one with the transaction alone its signature', async () => {
    const { message, wire } = transfer(me.publicKey, other.publicKey)
    const { answer } = Requests.check('solana_signTransaction', { transaction: base64(wire) }, ME)
    const signature = nacl.sign.detached(message, me.secretKey)
    const signed = Uint8Array.from([1, ...signature, ...message])
    const both = { signature: bs58.encode(signature), transaction: base64(signed) }
    expect(await answer({ signature: bs58.encode(signature) })).toEqual(both)
    expect(await answer({ transaction: base64(signed) })).toEqual(both)
    expect(await answer(both)).toEqual(both)
  })
})

describe("the wallet's answers, read before the page sees them", () => {
  const refused = (detail: string) => ({
    code: -32603,
    message: `The wallet's answer did not match the request: ${detail}`,
  })
  const R = Requests.ANSWER_REFUSALS

  test('signMessage: a 64-byte base58 signature that verifies over the message for the account', async () => {
    const bytes = new TextEncoder().encode('Hello Solana')
    const { answer } = Requests.check('solana_signMessage', { message: bs58.encode(bytes) }, ME)
    const good = { signature: bs58.encode(nacl.sign.detached(bytes, me.secretKey)) }
    expect(await answer(good)).toEqual(good)
    const cases: [unknown, string][] = [
      [null, R.shape],
      ['sig', R.shape],
      [{}, R.signature],
      [{ signature: 'sig' }, R.signature],
      [{ signature: '0OIl' }, R.signature],
      [{ signature: bs58.encode(new Uint8Array(63).fill(1)) }, R.signature],
      [{ signature: bs58.encode(new Uint8Array(64).fill(1)) }, R.unverified],
      [{ signature: bs58.encode(nacl.sign.detached(bytes, other.secretKey)) }, R.unverified],
      [
        { signature: bs58.encode(nacl.sign.detached(Uint8Array.of(1, ...bytes), me.secretKey)) },
        R.unverified,
      ],
    ]
    for (const [result, detail] of cases)
      await expect(answer(result), JSON.stringify(result)).rejects.toMatchObject(refused(detail))
  })

  test('signTransaction: the transaction sent, but for signatures; the signature given with it the one in its slot; verified', async () => {
    const { message, wire } = transfer(me.publicKey, other.publicKey)
    const { answer } = Requests.check('solana_signTransaction', { transaction: base64(wire) }, ME)
    const signature = nacl.sign.detached(message, me.secretKey)
    const signed = Uint8Array.from([1, ...signature, ...message])
    // Another transaction (another amount), signed by the account: a valid signature, not the request.
    const another = transfer(me.publicKey, other.publicKey, 1_000_000n).message
    const anotherSignature = nacl.sign.detached(another, me.secretKey)
    const anotherSigned = Uint8Array.from([1, ...anotherSignature, ...another])
    const forged = Uint8Array.from([1, ...new Uint8Array(64).fill(9), ...message])
    const cases: [unknown, string][] = [
      [null, R.shape],
      [{}, R.shape],
      [{ transaction: 7 }, R.shape],
      [{ transaction: '%%' }, R.transaction],
      [{ transaction: base64(message) }, R.transaction],
      [{ transaction: base64(anotherSigned) }, R.transaction],
      [{ transaction: base64(Uint8Array.from([...signed, 0])) }, R.transaction],
      [{ transaction: base64(forged) }, R.unverified],
      [{ transaction: base64(wire) }, R.unverified],
      [{ signature: bs58.encode(signature), transaction: base64(forged) }, R.mismatch],
      [{ signature: bs58.encode(anotherSignature), transaction: base64(signed) }, R.mismatch],
      [{ signature: 'x', transaction: base64(signed) }, R.signature],
      [{ signature: 'x' }, R.signature],
      [{ signature: bs58.encode(anotherSignature) }, R.unverified],
      [{ signature: bs58.encode(nacl.sign.detached(message, other.secretKey)) }, R.unverified],
    ]
    for (const [result, detail] of cases)
      await expect(answer(result), JSON.stringify(result)).rejects.toMatchObject(refused(detail))
    expect(await answer({ transaction: base64(signed) })).toEqual({
      signature: bs58.encode(signature),
      transaction: base64(signed),
    })
  })

  test("signTransaction with the account in a later signer slot: its signature is read and verified there, the fee payer's may differ", async () => {
    // Two signers (fee payer `other`, then `me`): the account signs in slot 1.
    const { message: one } = transfer(other.publicKey, me.publicKey)
    const message = Uint8Array.from(one)
    message[0] = 2 // two signers: `other` and `me` (the transfer's second account, now writable signer)
    const wire = Uint8Array.from([2, ...new Uint8Array(128), ...message])
    const { answer } = Requests.check('solana_signTransaction', { transaction: base64(wire) }, ME)
    const mine = nacl.sign.detached(message, me.secretKey)
    const signed = Uint8Array.from([2, ...new Uint8Array(64).fill(3), ...mine, ...message])
    expect(await answer({ transaction: base64(signed) })).toEqual({
      signature: bs58.encode(mine),
      transaction: base64(signed),
    })
    expect(await answer({ signature: bs58.encode(mine) })).toEqual({
      signature: bs58.encode(mine),
      transaction: base64(Uint8Array.from([2, ...new Uint8Array(64), ...mine, ...message])),
    })
    const swapped = Uint8Array.from([2, ...mine, ...new Uint8Array(64), ...message])
    await expect(answer({ transaction: base64(swapped) })).rejects.toMatchObject(refused(R.unverified))
  })

  test('signAllTransactions: as many as sent, in their order, each the one sent and verified', async () => {
    const one = transfer(me.publicKey, other.publicKey, 5n)
    const two = transfer(me.publicKey, other.publicKey, 6n)
    const { answer } = Requests.check(
      'solana_signAllTransactions',
      { transactions: [base64(one.wire), base64(two.wire)] },
      ME,
    )
    const sign = (message: Uint8Array, key = me.secretKey) =>
      base64(Uint8Array.from([1, ...nacl.sign.detached(message, key), ...message]))
    const good = { transactions: [sign(one.message), sign(two.message)] }
    expect(await answer(good)).toEqual(good)
    const cases: [unknown, string][] = [
      [null, R.shape],
      [{}, R.shape],
      [{ transactions: sign(one.message) }, R.shape],
      [{ transactions: [sign(one.message)] }, R.count],
      [{ transactions: [...good.transactions, sign(one.message)] }, R.count],
      [{ transactions: [sign(two.message), sign(one.message)] }, R.transaction],
      [{ transactions: [sign(one.message), 5] }, R.shape],
      [{ transactions: [sign(one.message), base64(two.wire)] }, R.unverified],
      [{ transactions: [sign(one.message, other.secretKey), sign(two.message)] }, R.unverified],
    ]
    for (const [result, detail] of cases)
      await expect(answer(result), JSON.stringify(result)).rejects.toMatchObject(refused(detail))
  })

  test('signAndSendTransaction: a 64-byte base58 signature', async () => {
    const { message, wire } = transfer(me.publicKey, other.publicKey)
    const { answer } = Requests.check('solana_signAndSendTransaction', { transaction: base64(wire) }, ME)
    const good = { signature: bs58.encode(nacl.sign.detached(message, me.secretKey)) }
    expect(await answer(good)).toEqual(good)
    for (const result of [
      null,
      'sig',
      {},
      { signature: 'sig' },
      { signature: bs58.encode(new Uint8Array(32)) },
    ])
      await expect(answer(result), JSON.stringify(result)).rejects.toMatchObject(
        refused(result === null || result === 'sig' ? R.shape : R.signature),
      )
  })
})
