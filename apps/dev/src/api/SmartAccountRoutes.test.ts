import { randomInt } from 'node:crypto'
import type * as Login from '@frontdoor/api/auth/Login'
import * as Vault from '@frontdoor/api/auth/vault/Vault'
import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import * as FrontdoorAccount from '@frontdoor/devnet/frontdoor-account'
import * as EoaSignatures from '@frontdoor/protocol/eoa-signatures'
import { Chains } from '@frontdoor/schemas'
import { encodeFunctionData, erc20Abi, type Hex, http, isErc6492Signature, parseEther, toHex } from 'viem'
import { createBundlerClient, getUserOperationHash } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as TestVault from './TestVault.js'

// The embedded wallet's smart account (the EVM default) on a real seeded devnet with Alto in front of
// it: the vault signs user operations with the owner key and sends them to the bundler.
const vault = await TestVault.start({ bundler: true, funder: 6 })
afterAll(vault.close)
const { t, client, rpc } = vault
const bundler = vault.bundler!
const { accounts, tokens, accountAbstraction } = DEPLOYMENTS[31337]

const getUser = async (token: string) =>
  (await t.getJson('/v1/auth/user', { headers: { authorization: `Bearer ${token}` } })).body.user

let alice: Login.Completed
let smart: Hex
let eoa: Hex
beforeAll(async () => {
  alice = await vault.user('smart', parseEther('2'))
  smart = alice.user.address as Hex
  eoa = alice.user.accounts.find((a) => a.type === 'eoa')?.address as Hex
})

const MESSAGE = 'Sign in to Frontdoor with a smart account'

describe('the smart account of the embedded wallet', () => {
  test('is the address by default, counterfactual: no code, smartAccountDeployed false', async () => {
    expect(alice.user.preferredAccountType).toBe('smartAccount')
    expect(smart).not.toBe(eoa)
    expect(alice.user.accounts).toEqual([
      { address: eoa, type: 'eoa' },
      { address: smart, type: 'smartAccount' },
    ])
    expect(await client.getCode({ address: smart })).toBeUndefined()
    expect(alice.user.smartAccountDeployed).toBe(false)
  })

  test('personal_sign before deployment is ERC-6492, and viem verifies it', async () => {
    expect(await client.getCode({ address: smart })).toBeUndefined()
    const { status, body } = await rpc(alice.token, {
      method: 'personal_sign',
      params: [toHex(MESSAGE), smart],
    })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(isErc6492Signature(body.result)).toBe(true)
    expect(await client.verifyMessage({ address: smart, message: MESSAGE, signature: body.result })).toBe(
      true,
    )
    expect(await client.verifyMessage({ address: smart, message: 'another', signature: body.result })).toBe(
      false,
    )
  })

  test('registers an account name with its ERC-6492 signature (names are for the connected address)', async () => {
    const message = JSON.stringify({
      name: `smart${randomInt(1e9)}.frontdoor.id`,
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    const { body } = await rpc(alice.token, { method: 'personal_sign', params: [message, smart] })
    const register = (signature: string) =>
      t.getJson('/v1/profile/account?projectId=demo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ coin_type: 60, address: smart, message, signature }),
      })
    expect((await register(body.result)).status).toBe(201)
  })

  test('its first eth_sendTransaction deploys it; the answer is a transaction hash with a receipt', async () => {
    const to = accounts[3]!.address
    const before = await client.getBalance({ address: to })
    const { status, body } = await rpc(alice.token, {
      method: 'eth_sendTransaction',
      params: [{ from: smart, to, value: toHex(parseEther('0.1')) }],
    })
    expect(status, JSON.stringify(body)).toBe(200)
    const receipt = await client.getTransactionReceipt({ hash: body.result })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('0.1'))
    expect((await client.getCode({ address: smart }))?.length ?? 0).toBeGreaterThan(2)
    expect((await getUser(alice.token)).smartAccountDeployed).toBe(true)
  })

  test('personal_sign and eth_signTypedData_v4 after deployment are ERC-1271, and viem verifies them', async () => {
    expect((await client.getCode({ address: smart }))?.length ?? 0).toBeGreaterThan(2)
    const signed = await rpc(alice.token, { method: 'personal_sign', params: [toHex(MESSAGE), smart] })
    expect(isErc6492Signature(signed.body.result)).toBe(false)
    expect(
      await client.verifyMessage({ address: smart, message: MESSAGE, signature: signed.body.result }),
    ).toBe(true)
    const typedData = {
      domain: { name: 'Frontdoor', version: '1', chainId: 31337, verifyingContract: tokens.FUSD.address },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hello' },
    } as const
    const typed = await rpc(alice.token, { method: 'eth_signTypedData_v4', params: [smart, typedData] })
    expect(typed.status, JSON.stringify(typed.body)).toBe(200)
    expect(await client.verifyTypedData({ address: smart, signature: typed.body.result, ...typedData })).toBe(
      true,
    )
  })

  test('wallet_sendCalls runs a batch as ONE user operation; wallet_getCallsStatus reports it', async () => {
    const to = accounts[4]!.address
    const before = await client.getBalance({ address: to })
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [to, 123n] })
    const { status, body } = await rpc(alice.token, {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: smart,
          atomicRequired: true,
          calls: [
            { to, value: toHex(parseEther('0.01')) },
            { to: tokens.FUSD.address, data: approve },
          ],
        },
      ],
    })
    expect(status, JSON.stringify(body)).toBe(200)
    const id = body.result.id as Hex
    const calls = await rpc(alice.token, { method: 'wallet_getCallsStatus', params: [id] })
    expect(calls.status, JSON.stringify(calls.body)).toBe(200)
    expect(calls.body.result).toMatchObject({
      version: '2.0.0',
      id,
      chainId: '0x7a69',
      atomic: true,
      status: 200,
    })
    expect(calls.body.result.receipts).toHaveLength(1)
    const [carrier] = calls.body.result.receipts
    expect((await client.getTransactionReceipt({ hash: carrier.transactionHash })).status).toBe('success')
    // Both calls ran, in one transaction.
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('0.01'))
    expect(
      await client.readContract({
        address: tokens.FUSD.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [smart, to],
      }),
    ).toBe(123n)
    const unknown = await rpc(alice.token, {
      method: 'wallet_getCallsStatus',
      params: [`0x${'12'.repeat(32)}`],
    })
    expect(unknown.body.error.code).toBe(5730)
  })

  test('wallet_getCapabilities: atomic supported for the smart account, unsupported for the EOA', async () => {
    const mine = await rpc(alice.token, { method: 'wallet_getCapabilities', params: [smart] })
    expect(mine.body.result).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    const owner = await rpc(alice.token, { method: 'wallet_getCapabilities', params: [eoa, ['0x7a69']] })
    expect(owner.body.result).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    const batch = await rpc(alice.token, {
      method: 'wallet_sendCalls',
      params: [
        { version: '2.0.0', chainId: '0x7a69', from: eoa, atomicRequired: true, calls: [{ to: smart }] },
      ],
    })
    expect(batch.body.error.code).toBe(5760)
  })

  test("the EOA signs nothing that authorises its smart account: a drain user operation's hash, the account's typed data", async () => {
    // Any call data: the refusal is of the bare hash, whatever it authorises.
    const drain = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [accounts[5]!.address, parseEther('1')],
    })
    const userOpHash = getUserOperationHash({
      chainId: 31337,
      entryPointAddress: accountAbstraction.entryPoint,
      entryPointVersion: '0.7',
      userOperation: {
        sender: smart,
        nonce: 5n,
        callData: drain,
        callGasLimit: 200_000n,
        verificationGasLimit: 200_000n,
        preVerificationGas: 60_000n,
        maxFeePerGas: 10n ** 10n,
        maxPriorityFeePerGas: 10n ** 9n,
        signature: '0x',
      },
    })
    const asMessage = await rpc(alice.token, { method: 'personal_sign', params: [userOpHash, eoa] })
    expect(asMessage).toMatchObject({
      status: 400,
      body: {
        error: { code: -32602, message: `Invalid method parameter(s). ${EoaSignatures.REFUSALS.bareHash}` },
      },
    })
    // FrontdoorAccount's replay-safe wrapping of the hash, signed by the owner: its ERC-1271 signature.
    const wrapped = {
      domain: {
        name: EoaSignatures.ACCOUNT_DOMAIN_NAME,
        version: '1',
        chainId: 31337,
        verifyingContract: smart,
      },
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
      message: { hash: userOpHash },
    }
    const asTypedData = await rpc(alice.token, { method: 'eth_signTypedData_v4', params: [eoa, wrapped] })
    expect(asTypedData.body.error).toEqual({
      code: -32602,
      message: `Invalid method parameter(s). ${EoaSignatures.REFUSALS.accountDomain}`,
    })
    // The smart account signs the same 32 bytes (its replay-safe wrapping, ERC-1271), as before.
    const bySmart = await rpc(alice.token, { method: 'personal_sign', params: [userOpHash, smart] })
    expect(bySmart.status, JSON.stringify(bySmart.body)).toBe(200)
    expect(
      await client.verifyMessage({
        address: smart,
        message: { raw: userOpHash },
        signature: bySmart.body.result,
      }),
    ).toBe(true)
  })

  test("the account itself refuses a user operation signed with its owner's personal_sign: Alto answers AA24, nothing moves", async () => {
    expect((await client.getCode({ address: smart }))?.length ?? 0).toBeGreaterThan(2)
    // The owner key of the vault, used in-process (the vault's routes refuse this personal_sign, above):
    // as if a dApp had obtained the EOA's EIP-191 signature of the operation's hash.
    const { id: userId } = (await getUser(alice.token)) as { id: string }
    const owner = Vault.owner(t.deps.db, t.deps.auth.vault, userId, {
      address: eoa,
      chain: 'eip155:31337',
      method: 'personal_sign',
    })
    const account = await FrontdoorAccount.toFrontdoorAccount({ client, owner })
    expect(account.address).toBe(smart)
    const bundlerClient = createBundlerClient({ client, transport: http(bundler.endpoint(31337)) })
    const thief = accounts[5]!.address
    const before = {
      smart: await client.getBalance({ address: smart }),
      thief: await client.getBalance({ address: thief }),
    }
    const operation = await bundlerClient.prepareUserOperation({
      account,
      calls: [{ to: thief, value: parseEther('0.5') }],
    })
    const userOpHash = getUserOperationHash({
      chainId: 31337,
      entryPointAddress: accountAbstraction.entryPoint,
      entryPointVersion: '0.7',
      userOperation: operation,
    })
    const personalSign = await owner.signMessage({ message: { raw: userOpHash } })
    await expect(
      bundlerClient.sendUserOperation({ ...operation, account, signature: personalSign }),
    ).rejects.toThrow(/AA24/)
    expect(await client.getBalance({ address: thief })).toBe(before.thief)
    expect(await client.getBalance({ address: smart })).toBe(before.smart)
    // The same operation with the account's own signature (FrontdoorUserOperation, EIP-712) would pass validation.
    const typed = await account.signUserOperation(operation)
    expect(typed).not.toBe(personalSign)
    await expect(
      bundlerClient.estimateUserOperationGas({ ...operation, account, signature: typed }),
    ).resolves.toMatchObject({ verificationGasLimit: expect.any(BigInt) })
  })

  test('GET /v1/smart-account/networks lists the chains with a bundler, where the user is shown the smart account', async () => {
    const { status, body } = await t.getJson(Chains.SMART_ACCOUNT_NETWORKS_PATH)
    expect(status).toBe(200)
    expect(body).toEqual({ networks: ['eip155:31337'] })
    for (const network of body.networks as string[]) {
      const shown = await t.getJson(`/v1/auth/user?chainId=${network}`, {
        headers: { authorization: `Bearer ${alice.token}` },
      })
      expect(shown.body.user.address).toBe(smart)
    }
    const elsewhere = await t.getJson('/v1/auth/user?chainId=eip155:31338', {
      headers: { authorization: `Bearer ${alice.token}` },
    })
    expect(elsewhere.body.user.address).toBe(eoa)
  })

  test('wallet_sendCalls without from is sent from the current account: the smart account, then the EOA once switched (5760)', async () => {
    const switchTo = (preferredAccountType: string) =>
      t.getJson('/v1/auth/account-type', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: t.deps.config.authOrigin,
          authorization: `Bearer ${alice.token}`,
        },
        body: JSON.stringify({ preferredAccountType }),
      })
    const to = accounts[4]!.address
    const before = await client.getBalance({ address: to })
    const batch = {
      method: 'wallet_sendCalls',
      params: [
        { version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to, value: toHex(1000n) }] },
      ],
    }
    const sent = await rpc(alice.token, batch)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(await client.getBalance({ address: to })).toBe(before + 1000n)
    const capabilities = await rpc(alice.token, { method: 'wallet_getCapabilities', params: [] })
    expect(capabilities.body.result).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    await switchTo('eoa')
    try {
      const refused = await rpc(alice.token, batch)
      expect(refused.body.error.code).toBe(5760)
      const eoaCapabilities = await rpc(alice.token, { method: 'wallet_getCapabilities', params: [] })
      expect(eoaCapabilities.body.result).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
      expect(await client.getBalance({ address: to })).toBe(before + 1000n)
    } finally {
      await switchTo('smartAccount')
    }
  })

  test('on a chain without a bundler the user is the EOA only (no counterfactual address anyone could deploy)', async () => {
    const shown = await t.getJson('/v1/auth/user?chainId=eip155:1', {
      headers: { authorization: `Bearer ${alice.token}` },
    })
    expect(shown.body.user).toMatchObject({ address: eoa, accounts: [{ address: eoa, type: 'eoa' }] })
    expect((await getUser(alice.token)).address).toBe(smart)
  })

  test('switching to the EOA and back changes the address', async () => {
    const post = (preferredAccountType: string) =>
      t.getJson('/v1/auth/account-type', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: t.deps.config.authOrigin,
          authorization: `Bearer ${alice.token}`,
        },
        body: JSON.stringify({ preferredAccountType }),
      })
    expect((await post('eoa')).body.user.address).toBe(eoa)
    expect((await getUser(alice.token)).address).toBe(eoa)
    expect((await post('smartAccount')).body.user.address).toBe(smart)
  })
})
