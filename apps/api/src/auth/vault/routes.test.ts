import { pubkeyToAddress, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64 } from '@cosmjs/encoding'
import { signatureVerify } from '@polkadot/util-crypto'
import * as bitcoinMessage from 'bitcoinjs-message'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import * as Tables from '../../db/Tables.js'
import * as TestApp from '../../TestApp.js'
import * as Sessions from '../sessions/Sessions.js'
import * as Users from '../users/Users.js'
import * as NamespaceKeys from './NamespaceKeys.js'
import * as Namespaces from './Namespaces.js'
import * as routes from './routes.js'
import * as SmartAccounts from './SmartAccounts.js'
import * as Vault from './Vault.js'

// The vault's signing route for the Bitcoin, Polkadot and Cosmos accounts, through the whole app.
const t = await TestApp.create()
afterAll(() => t.close())

const AUTH_ORIGIN = t.deps.config.authOrigin
let users = 0
async function login() {
  const { id } = await Users.findOrCreateByIdentity(t.deps.db, {
    kind: 'email',
    subject: `namespaces-${++users}-${Date.now()}@example.com`,
  })
  const { token } = await Sessions.create(t.deps.db, id)
  return { userId: id, token }
}
const headers = (token: string) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
  origin: AUTH_ORIGIN,
})
const rpc = (token: string, body: unknown) =>
  t.getJson('/v1/vault/rpc', { method: 'POST', headers: headers(token), body: JSON.stringify(body) })
const invalid = (detail: string) => ({
  error: { code: -32602, message: `Invalid method parameter(s). ${detail}` },
})

const me = await login()
const user = await t.getJson('/v1/auth/user', { headers: headers(me.token) })
const mine = await NamespaceKeys.namespaceAddresses(t.deps.db, t.deps.auth.vault, me.userId)
const myKeys = await Vault.addresses(t.deps.db, me.userId)
const someoneElse = await login()
await Vault.ensureKeys(t.deps.db, t.deps.auth.vault, someoneElse.userId)
const theirs = await NamespaceKeys.namespaceAddresses(t.deps.db, t.deps.auth.vault, someoneElse.userId)

describe('GET /v1/auth/user', () => {
  test('lists the Bitcoin (payment), Polkadot and Cosmos (eoa) accounts as CAIP-10 ids', () => {
    expect(user.status).toBe(200)
    expect(user.body.user.caipAccounts).toEqual([
      { address: `bip122:000000000019d6689c085ae165831e93:${mine.bip122}`, type: 'payment' },
      { address: `polkadot:91b171bb158e2d3848fa23a9f1c25182:${mine.polkadot}`, type: 'eoa' },
      { address: `cosmos:cosmoshub-4:${mine.cosmos}`, type: 'eoa' },
    ])
    expect(mine.bip122).toMatch(/^bc1q/)
    expect(mine.polkadot).toMatch(/^1/)
    expect(mine.cosmos).toMatch(/^cosmos1/)
    // The EVM accounts: the EOA and the smart account it owns, which is the address (the default type).
    const eoa = myKeys?.evm as `0x${string}`
    expect(user.body.user.accounts).toEqual([
      { address: eoa, type: 'eoa' },
      { address: SmartAccounts.addressOf(eoa), type: 'smartAccount' },
    ])
    expect(user.body.user.address).toBe(SmartAccounts.addressOf(eoa))
    expect(user.body.user.preferredAccountType).toBe('smartAccount')
  })

  test('keys that do not open (an altered secret) still answer the stored addresses, with no caipAccounts', async () => {
    const broken = await login()
    const before = await t.getJson('/v1/auth/user', { headers: headers(broken.token) })
    expect(before.body.user.caipAccounts).toHaveLength(3)
    const [row] = await t.deps.db.orm
      .select()
      .from(Tables.vaultKeys)
      .where(eq(Tables.vaultKeys.userId, broken.userId))
    const [v, iv, ct, tag] = row!.evmSecret.split('.') as [string, string, string, string]
    const altered = [v, iv, `${ct[0] === 'A' ? 'B' : 'A'}${ct.slice(1)}`, tag].join('.')
    await t.deps.db.orm
      .update(Tables.vaultKeys)
      .set({ evmSecret: altered })
      .where(eq(Tables.vaultKeys.userId, broken.userId))
    // Another API node (nothing remembered) opens the keys afresh.
    const other = t.node()
    const after = await other.getJson('/v1/auth/user', { headers: headers(broken.token) })
    expect(after.status).toBe(200)
    expect(after.body.user).toMatchObject({ address: before.body.user.address, caipAccounts: [] })
  })
})

describe('POST /v1/vault/rpc in the other namespaces', () => {
  test('the methods are listed as supported', () => {
    expect(routes.METHODS).toEqual(
      expect.arrayContaining(['signMessage', 'polkadot_signMessage', 'cosmos_signArbitrary']),
    )
  })

  test("signMessage (bip122): WalletConnect's answer, verified by bitcoinjs-message", async () => {
    const { status, body } = await rpc(me.token, {
      chainId: 'bip122:000000000019d6689c085ae165831e93',
      method: 'signMessage',
      params: {
        account: mine.bip122,
        address: mine.bip122,
        message: 'Sign in to Frontdoor',
        protocol: 'ecdsa',
      },
    })
    expect(status).toBe(200)
    expect(body.result.address).toBe(mine.bip122)
    expect(body.result.messageHash).toBe(bitcoinMessage.magicHash('Sign in to Frontdoor').toString('hex'))
    const signature = Buffer.from(body.result.signature, 'hex')
    expect(bitcoinMessage.verify('Sign in to Frontdoor', mine.bip122, signature)).toBe(true)
    expect(bitcoinMessage.verify('Sign in to Frontdoor', theirs.bip122, signature)).toBe(false)
    // No chain and no protocol: the defaults.
    const plain = await rpc(me.token, {
      method: 'signMessage',
      params: { account: mine.bip122, message: 'hi' },
    })
    expect(bitcoinMessage.verify('hi', mine.bip122, Buffer.from(plain.body.result.signature, 'hex'))).toBe(
      true,
    )
  })

  test("polkadot_signMessage: text and hex messages, verified by @polkadot/util-crypto's signatureVerify", async () => {
    for (const message of ['Sign in to Frontdoor', '0x68656c6c6f']) {
      const { status, body } = await rpc(me.token, {
        chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
        method: 'polkadot_signMessage',
        params: { address: mine.polkadot, message },
      })
      expect(status).toBe(200)
      expect(signatureVerify(message, body.result.signature, mine.polkadot).isValid).toBe(true)
      expect(signatureVerify(message, body.result.signature, theirs.polkadot).isValid).toBe(false)
    }
  })

  test('cosmos_signArbitrary: an ADR-36 StdSignature, verified with @cosmjs/crypto', async () => {
    const { status, body } = await rpc(me.token, {
      chainId: 'cosmos:cosmoshub-4',
      method: 'cosmos_signArbitrary',
      params: { signerAddress: mine.cosmos, data: 'Sign in to Frontdoor' },
    })
    expect(status).toBe(200)
    expect(pubkeyToAddress(body.result.pub_key, 'cosmos')).toBe(mine.cosmos)
    const doc = Namespaces.adr36SignDoc(mine.cosmos, new TextEncoder().encode('Sign in to Frontdoor'))
    const verified = await Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(fromBase64(body.result.signature)),
      sha256(serializeSignDoc(doc)),
      fromBase64(body.result.pub_key.value),
    )
    expect(verified).toBe(true)
  })

  test("another user's address is 403 (4100) and signs nothing", async () => {
    const before = await Vault.signatures(t.deps.db, me.userId)
    const refused = [
      { method: 'signMessage', params: { account: theirs.bip122, message: 'x' } },
      { method: 'signMessage', params: { account: mine.bip122, address: theirs.bip122, message: 'x' } },
      { method: 'polkadot_signMessage', params: { address: theirs.polkadot, message: 'x' } },
      { method: 'cosmos_signArbitrary', params: { signerAddress: theirs.cosmos, data: 'x' } },
    ]
    for (const request of refused) {
      const { status, body } = await rpc(me.token, request)
      expect(status).toBe(403)
      expect(body.error.code).toBe(4100)
    }
    expect(await Vault.signatures(t.deps.db, me.userId)).toEqual(before)
  })

  test('bad params and chains are 400 (-32602) naming the field', async () => {
    const long = 'x'.repeat(32_769)
    const cases: [unknown, string][] = [
      [{ method: 'signMessage' }, 'params: Invalid input: expected object, received undefined'],
      [
        { method: 'signMessage', params: { account: mine.bip122, message: 'x', protocol: 'bip322' } },
        'params.protocol: only ecdsa (a BIP-137 signed message) is supported, not bip322',
      ],
      [
        { method: 'signMessage', params: { account: mine.bip122, message: '' } },
        'params.message: Too small: expected string to have >=1 characters',
      ],
      [
        { method: 'polkadot_signMessage', params: { address: mine.polkadot, message: long } },
        'params.message: Too big: expected string to have <=32768 characters',
      ],
      [
        { method: 'cosmos_signArbitrary', params: { signerAddress: mine.cosmos, data: 1 } },
        'params.data: Invalid input: expected string, received number',
      ],
      [
        { method: 'cosmos_signArbitrary', params: { data: 'x' } },
        'params.signerAddress: Invalid input: expected string, received undefined',
      ],
      [
        { chainId: 'bip122:000000000933ea01ad0ee984209779ba', method: 'signMessage', params: {} },
        'chainId: must be bip122:000000000019d6689c085ae165831e93',
      ],
      [
        { chainId: 'eip155:1', method: 'polkadot_signMessage', params: {} },
        'chainId: must be polkadot:91b171bb158e2d3848fa23a9f1c25182',
      ],
      [
        { chainId: 'cosmos:osmosis-1', method: 'cosmos_signArbitrary', params: {} },
        'chainId: must be cosmos:cosmoshub-4',
      ],
    ]
    for (const [request, detail] of cases) {
      const { status, body } = await rpc(me.token, request)
      expect({ status, body }).toEqual({ status: 400, body: invalid(detail) })
    }
  })

  test('without a session: 401', async () => {
    const response = await t.getJson('/v1/vault/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: AUTH_ORIGIN },
      body: JSON.stringify({ method: 'signMessage', params: { account: mine.bip122, message: 'x' } }),
    })
    expect(response.status).toBe(401)
  })
})
