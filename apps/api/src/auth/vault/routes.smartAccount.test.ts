import * as Calls from '@frontdoor/protocol/calls'
import * as EoaSignatures from '@frontdoor/protocol/eoa-signatures'
import * as FrontdoorAccount from '@frontdoor/smart-account'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../../TestApp.js'
import * as Sessions from '../sessions/Sessions.js'
import * as Users from '../users/Users.js'
import * as SmartAccounts from './SmartAccounts.js'
import * as Vault from './Vault.js'

// The vault's rules between the EOA and the smart account it owns, through the whole app (no chain
// needed: every request here is refused or signed before a chain is asked; the devnet flows are in
// apps/dev's SmartAccountRoutes.test.ts).
const t = await TestApp.create()
afterAll(() => t.close())

let users = 0
async function login() {
  const { id } = await Users.findOrCreateByIdentity(t.deps.db, {
    kind: 'email',
    subject: `smart-rules-${++users}-${Date.now()}@example.com`,
  })
  const { token } = await Sessions.create(t.deps.db, id)
  const { evm } = await Vault.ensureKeys(t.deps.db, t.deps.auth.vault, id)
  return { userId: id, token, eoa: evm, smart: SmartAccounts.addressOf(evm) }
}
const headers = (token: string) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
  origin: t.deps.config.authOrigin,
})
const rpc = (token: string, body: object) =>
  t.getJson('/v1/vault/rpc', {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify({ chainId: 31337, ...body }),
  })
const invalid = (detail: string) => ({
  error: { code: -32602, message: `Invalid method parameter(s). ${detail}` },
})

const me = await login()
const USER_OP_HASH = `0x${'ab'.repeat(32)}`

describe('the call gas of a smart account user operation', () => {
  test("the bundler's estimate gets CALL_GAS_MARGIN_PERCENT (20%) on top: enough for issue 15's swap", () => {
    expect(SmartAccounts.CALL_GAS_MARGIN_PERCENT).toBe(20n)
    expect(SmartAccounts.withCallGasMargin(100_000n)).toBe(120_000n)
    // Estimated 126,186, needed 133,510 when mined (apps/dev's SmartAccountSwap.test.ts).
    expect(SmartAccounts.withCallGasMargin(126_186n)).toBeGreaterThan(133_510n)
  })
})

describe("the EOA's signatures do not authorise its smart account", () => {
  test("the protocol's domain name is FrontdoorAccount's", () => {
    expect(EoaSignatures.ACCOUNT_DOMAIN_NAME).toBe(FrontdoorAccount.DOMAIN.name)
  })

  test('personal_sign of a bare 32-byte hash by the EOA: 400 (-32602), nothing signed', async () => {
    const before = await Vault.signatures(t.deps.db, me.userId)
    for (const message of [USER_OP_HASH, USER_OP_HASH.toUpperCase().replace('0X', '0x')]) {
      const { status, body } = await rpc(me.token, { method: 'personal_sign', params: [message, me.eoa] })
      expect({ status, body }).toEqual({ status: 400, body: invalid(EoaSignatures.REFUSALS.bareHash) })
    }
    expect(await Vault.signatures(t.deps.db, me.userId)).toEqual(before)
  })

  test('personal_sign by the EOA of text (SIWE), and of hex of another length, is signed as before', async () => {
    const siwe = `localhost wants you to sign in with your Ethereum account:\n${me.eoa}`
    for (const message of [siwe, `0x${'ab'.repeat(31)}`, `0x${'ab'.repeat(33)}`, '0x68656c6c6f']) {
      const { status, body } = await rpc(me.token, { method: 'personal_sign', params: [message, me.eoa] })
      expect(status, JSON.stringify(body)).toBe(200)
      expect(body.result).toMatch(/^0x[0-9a-f]{130}$/)
    }
  })

  const typedData = (domain: object) => ({
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      FrontdoorAccountMessage: [{ name: 'hash', type: 'bytes32' }],
    },
    primaryType: 'FrontdoorAccountMessage',
    domain,
    message: { hash: USER_OP_HASH },
  })

  test("eth_signTypedData_v4 by the EOA in the smart account's domain: 400 (-32602), nothing signed", async () => {
    const before = await Vault.signatures(t.deps.db, me.userId)
    const domains = [
      // The account's own replay-safe wrapping: its ERC-1271 signature of any hash.
      FrontdoorAccount.replaySafeTypedData({
        account: me.smart,
        chainId: 31337,
        hash: USER_OP_HASH as `0x${string}`,
      }).domain,
      { name: 'Frontdoor Account', version: '2', chainId: 31337, verifyingContract: me.eoa },
      { name: 'Other', version: '1', chainId: 31337, verifyingContract: me.smart.toLowerCase() },
    ]
    for (const domain of domains) {
      const { status, body } = await rpc(me.token, {
        method: 'eth_signTypedData_v4',
        params: [me.eoa, typedData(domain)],
      })
      expect({ status, body }).toEqual({ status: 400, body: invalid(EoaSignatures.REFUSALS.accountDomain) })
    }
    expect(await Vault.signatures(t.deps.db, me.userId)).toEqual(before)
  })

  test("eth_signTypedData_v4 by the EOA in a dApp's domain is signed", async () => {
    const domain = {
      name: 'Some dApp',
      version: '1',
      chainId: 31337,
      verifyingContract: `0x${'11'.repeat(20)}`,
    }
    // The dApp's own type: the account's type names are refused in any domain (the next test).
    const { FrontdoorAccountMessage, ...types } = typedData(domain).types
    const mail = {
      types: { ...types, Mail: FrontdoorAccountMessage },
      primaryType: 'Mail',
      domain,
      message: { hash: USER_OP_HASH },
    }
    const { status, body } = await rpc(me.token, { method: 'eth_signTypedData_v4', params: [me.eoa, mail] })
    expect(status, JSON.stringify(body)).toBe(200)
  })

  test("eth_signTypedData_v4 by the EOA of the smart account's types in a dApp's domain: 400 (-32602), nothing signed", async () => {
    const before = await Vault.signatures(t.deps.db, me.userId)
    const domain = {
      name: 'Some dApp',
      version: '1',
      chainId: 31337,
      verifyingContract: `0x${'11'.repeat(20)}`,
    }
    const { status, body } = await rpc(me.token, {
      method: 'eth_signTypedData_v4',
      params: [me.eoa, typedData(domain)],
    })
    expect({ status, body }).toEqual({ status: 400, body: invalid(EoaSignatures.REFUSALS.accountDomain) })
    expect(await Vault.signatures(t.deps.db, me.userId)).toEqual(before)
  })
})

const batch = (fields: object) => ({
  method: 'wallet_sendCalls',
  params: [
    { version: Calls.VERSION, chainId: '0x7a69', atomicRequired: true, calls: [{ to: me.smart }], ...fields },
  ],
})

describe('EIP-5792 in the vault', () => {
  test('wallet_sendCalls without from sends from the account the user has now: the EOA, once switched (5760)', async () => {
    const user = await login()
    await Users.setPreferredAccountType(t.deps.db, user.userId, 'eoa')
    const { status, body } = await rpc(user.token, batch({}))
    expect(status).toBe(400)
    expect(body.error.code).toBe(Calls.ERRORS.atomicityNotSupported.code)
  })

  test('wallet_getCapabilities without an account answers for the current account type', async () => {
    const user = await login()
    const supported = await rpc(user.token, { method: 'wallet_getCapabilities', params: [] })
    expect(supported.body.result['0x7a69']).toEqual({ atomic: { status: 'supported' } })
    await Users.setPreferredAccountType(t.deps.db, user.userId, 'eoa')
    for (const params of [[], [null, ['0x7a69']]]) {
      const after = await rpc(user.token, { method: 'wallet_getCapabilities', params })
      expect(after.body.result['0x7a69']).toEqual({ atomic: { status: 'unsupported' } })
    }
    // Naming an account still answers for it.
    const named = await rpc(user.token, {
      method: 'wallet_getCapabilities',
      params: [user.smart, ['0x7a69']],
    })
    expect(named.body.result).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
  })

  test('a non-optional capability is 5700; an optional one is ignored', async () => {
    const refused = [
      batch({ from: me.eoa, capabilities: { paymasterService: { url: 'https://pm.example' } } }),
      batch({
        from: me.eoa,
        calls: [{ to: me.smart, capabilities: { auxiliaryFunds: { optional: false } } }],
      }),
    ]
    for (const request of refused) {
      const { status, body } = await rpc(me.token, request)
      expect(status).toBe(400)
      expect(body.error).toMatchObject(Calls.ERRORS.unsupportedNonOptionalCapability)
    }
    // Optional: the request goes on (to the EOA's 5760 here).
    const optional = await rpc(
      me.token,
      batch({
        from: me.eoa,
        capabilities: { paymasterService: { url: 'https://pm.example', optional: true } },
      }),
    )
    expect(optional.body.error.code).toBe(Calls.ERRORS.atomicityNotSupported.code)
  })

  test("a page's batch id and another version are refused (-32602), not ignored", async () => {
    const id = await rpc(me.token, batch({ from: me.eoa, id: 'my-batch' }))
    expect(id).toMatchObject({
      status: 400,
      body: invalid('params.0.id: this wallet chooses the batch id (the user operation hash)'),
    })
    const version = await rpc(me.token, batch({ from: me.eoa, version: '1.0' }))
    expect(version).toMatchObject({
      status: 400,
      body: invalid(`params.0.version: must be ${Calls.VERSION}`),
    })
  })
})

describe('the smart account only where the API has a bundler', () => {
  const user = (chainId?: string) =>
    t.getJson(`/v1/auth/user${chainId ? `?chainId=${chainId}` : ''}`, { headers: headers(me.token) })

  test('on a devnet with a bundler: the smart account, both accounts listed', async () => {
    expect(Object.keys(t.deps.config.bundlers)).toContain('eip155:31337')
    for (const shown of [await user(), await user('eip155:31337')]) {
      expect(shown.body.user.address).toBe(me.smart)
      expect(shown.body.user.accounts).toEqual([
        { address: me.eoa, type: 'eoa' },
        { address: me.smart, type: 'smartAccount' },
      ])
    }
  })

  test('on a chain without one (mainnet): the EOA only, whatever the preferred type', async () => {
    expect(Object.keys(t.deps.config.bundlers)).not.toContain('eip155:1')
    const { status, body } = await user('eip155:1')
    expect(status).toBe(200)
    expect(body.user).toMatchObject({
      address: me.eoa,
      accounts: [{ address: me.eoa, type: 'eoa' }],
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    })
    expect((await user('solana:x')).status).toBe(400)
  })

  test('the smart account signs nothing on a chain without a bundler (4901)', async () => {
    const { status, body } = await rpc(me.token, {
      chainId: 1,
      method: 'personal_sign',
      params: ['0x68656c6c6f', me.smart],
    })
    expect(status).toBe(400)
    expect(body.error.code).toBe(4901)
  })
})
