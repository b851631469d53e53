import * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import nacl from 'tweetnacl'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../../TestApp.js'
import * as Sessions from '../sessions/Sessions.js'
import * as Users from '../users/Users.js'
import * as Vault from './Vault.js'

// The vault's Solana transaction methods through the whole app (the send itself: apps/dev's
// SolanaVault.test, against a real cluster).
const t = await TestApp.create()
afterAll(() => t.close())
/** An API that serves the local cluster, at an address where nothing listens (a send would be 502). */
const LOCAL = 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'
// Made here, not in its test: an API's start (its database's migrations) took 6 s of a test's 5 on busy cores.
const served = await TestApp.create({ upstreams: { [LOCAL]: ['http://127.0.0.1:9'] } })
afterAll(() => served.close())

const AUTH_ORIGIN = t.deps.config.authOrigin
let users = 0
async function login() {
  const { id } = await Users.findOrCreateByIdentity(t.deps.db, {
    kind: 'email',
    subject: `solana-tx-${++users}-${Date.now()}@example.com`,
  })
  const { token } = await Sessions.create(t.deps.db, id)
  const { solana } = await Vault.ensureKeys(t.deps.db, t.deps.auth.vault, id)
  return { userId: id, token, address: new PublicKey(solana) }
}
const rpc = (token: string, body: unknown) =>
  t.getJson('/v1/vault/rpc', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: AUTH_ORIGIN },
    body: JSON.stringify(body),
  })

const me = await login()
const other = Keypair.generate()
const BLOCKHASH = Keypair.generate().publicKey.toBase58()

/** A transfer from `from` (the fee payer) built by web3.js, unsigned, as base64. */
function transfer(from: PublicKey, lamports: number, extraSigner?: Keypair) {
  const tx = new Transaction({ feePayer: from, recentBlockhash: BLOCKHASH }).add(
    SystemProgram.transfer({ fromPubkey: from, toPubkey: other.publicKey, lamports }),
  )
  if (extraSigner)
    tx.add(SystemProgram.transfer({ fromPubkey: extraSigner.publicKey, toPubkey: from, lamports: 1 }))
  if (extraSigner) tx.partialSign(extraSigner)
  return {
    tx,
    base64: tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64'),
  }
}

describe('POST /v1/vault/rpc, Solana transactions', () => {
  test('solana_signTransaction: the signature verifies with tweetnacl over the message, and web3.js verifies the signed transaction', async () => {
    const { tx, base64 } = transfer(me.address, 1_000)
    expect(Transaction.from(Buffer.from(base64, 'base64')).verifySignatures()).toBe(false)
    const response = await rpc(me.token, {
      chainId: 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth',
      method: 'solana_signTransaction',
      params: { transaction: base64 },
    })
    expect(response.status).toBe(200)
    const { signature, transaction } = response.body.result
    const signed = Transaction.from(Buffer.from(transaction, 'base64'))
    expect(signed.verifySignatures()).toBe(true)
    expect(signed.signatures[0]?.publicKey.equals(me.address)).toBe(true)
    const bytes = decode58(signature)
    expect(nacl.sign.detached.verify(tx.serializeMessage(), bytes, me.address.toBytes())).toBe(true)
    // The vault logs it under its method and chain.
    const [logged] = await Vault.signatures(t.deps.db, me.userId, { method: 'solana_signTransaction' })
    expect(logged?.chain).toBe('solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth')
  })

  test('solana_signAllTransactions signs each; a partly signed transaction keeps its other signature', async () => {
    const cosigner = Keypair.generate()
    const one = transfer(me.address, 1)
    const two = transfer(me.address, 2, cosigner)
    const response = await rpc(me.token, {
      method: 'solana_signAllTransactions',
      params: { transactions: [one.base64, two.base64] },
    })
    expect(response.status).toBe(200)
    const signed = (response.body.result.transactions as string[]).map((text) =>
      Transaction.from(Buffer.from(text, 'base64')),
    )
    expect(signed.map((tx) => tx.verifySignatures())).toEqual([true, true])
    expect(signed[1]?.signatures.map((s) => s.publicKey.toBase58())).toEqual([
      me.address.toBase58(),
      cosigner.publicKey.toBase58(),
    ])
  })

  test('a transaction the user does not sign is 403; a malformed one is -32602 naming the field', async () => {
    const theirs = transfer(other.publicKey, 1)
    const refused = await rpc(me.token, {
      method: 'solana_signTransaction',
      params: { transaction: theirs.base64 },
    })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe(4100)
    expect(refused.body.error.message).toMatch(
      /params.transaction: the account is not one of the transaction's signers/,
    )
    const mine = transfer(me.address, 1)
    const truncated = Buffer.from(mine.base64, 'base64').subarray(0, -3).toString('base64')
    const malformed = await rpc(me.token, {
      method: 'solana_signAllTransactions',
      params: { transactions: [mine.base64, truncated] },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.error).toEqual({
      code: -32602,
      message: 'Invalid method parameter(s). params.transactions.1: not a Solana transaction',
    })
    // The two of the test before, none of this one's.
    expect(
      (await Vault.signatures(t.deps.db, me.userId, { method: 'solana_signAllTransactions' })).length,
    ).toBe(2)
  })

  test("a chain named in the params that is not the vault's cluster: 4901, nothing signed; its own name signs", async () => {
    const fresh = await login()
    const LOCAL = 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'
    const { base64 } = transfer(fresh.address, 1)
    for (const method of ['solana_signAndSendTransaction', 'solana_signTransaction']) {
      const response = await rpc(fresh.token, {
        chainId: LOCAL,
        method,
        params: { transaction: base64, chain: 'solana:mainnet' },
      })
      expect(response.status).toBe(400)
      expect(response.body.error.code).toBe(4901)
    }
    expect(await Vault.signatures(t.deps.db, fresh.userId)).toEqual([])
    const signed = await rpc(fresh.token, {
      chainId: LOCAL,
      method: 'solana_signTransaction',
      params: { transaction: base64, chain: 'solana:localnet' },
    })
    expect(signed.status).toBe(200)
    expect((await Vault.signatures(t.deps.db, fresh.userId)).length).toBe(1)
  })

  test('solana_signAndSendTransaction naming another chain than the served cluster: 4901, nothing signed or sent', async () => {
    const { id } = await Users.findOrCreateByIdentity(served.deps.db, {
      kind: 'email',
      subject: `solana-chain-${Date.now()}@example.com`,
    })
    const { token } = await Sessions.create(served.deps.db, id)
    const { solana } = await Vault.ensureKeys(served.deps.db, served.deps.auth.vault, id)
    const send = (chain: string) =>
      served.getJson('/v1/vault/rpc', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          origin: served.deps.config.authOrigin,
        },
        body: JSON.stringify({
          chainId: LOCAL,
          method: 'solana_signAndSendTransaction',
          params: { transaction: transfer(new PublicKey(solana), 1).base64, chain },
        }),
      })
    const refused = await send('solana:mainnet')
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe(4901)
    expect(await Vault.signatures(served.deps.db, id)).toEqual([])
    // Its own cluster by its Wallet Standard name: signed, then sent (nothing listens there: 502).
    const sent = await send('solana:localnet')
    expect(sent.status).toBe(502)
    expect((await Vault.signatures(served.deps.db, id)).length).toBe(1)
  })

  test('solana_signAndSendTransaction on a chain the API does not serve: 4901, nothing signed', async () => {
    const fresh = await login()
    const response = await rpc(fresh.token, {
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      method: 'solana_signAndSendTransaction',
      params: { transaction: transfer(fresh.address, 1).base64 },
    })
    expect(response.status).toBe(400)
    expect(response.body.error.code).toBe(4901)
    expect(await Vault.signatures(t.deps.db, fresh.userId)).toEqual([])
  })
})

const decode58 = (text: string) => {
  const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  let value = 0n
  for (const char of text) value = value * 58n + BigInt(ALPHABET.indexOf(char))
  const bytes = Uint8Array.from({ length: 64 }, (_, i) => Number((value >> BigInt(8 * (63 - i))) & 0xffn))
  expect(SolanaTransaction.base58(bytes)).toBe(text)
  return bytes
}
