import { randomInt } from 'node:crypto'
import * as Login from '@frontdoor/api/auth/Login'
import * as Users from '@frontdoor/api/auth/users/Users'
import * as TestApp from '@frontdoor/api/TestApp'
import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import * as Devnet from '@frontdoor/devnet/devnet'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

// EIP-5792 batches of the embedded wallet's EOA on a real seeded devnet without a bundler (so the user
// is the EOA): with atomicRequired false the vault sends each call as its own transaction, in order,
// and stops at the first failure; wallet_getCallsStatus reads the batch back from the chain.
const node = await Devnet.start({ chainId: 31337 })
const t = await TestApp.create({ upstreams: { 'eip155:31337': [node.url] } })
t.deps.config.bundlers = {}
afterAll(async () => {
  await t.close()
  await node.stop()
})

const chain = {
  id: 31337,
  name: 'devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [node.url] } },
} as const
const client = createPublicClient({ chain, transport: http(node.url) })
const { accounts, tokens } = DEPLOYMENTS[31337]
const funder = createWalletClient({
  chain,
  transport: http(node.url),
  account: privateKeyToAccount(accounts[7]!.privateKey),
})

const rpc = (token: string, body: unknown) =>
  t.getJson('/v1/vault/rpc', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: t.deps.config.authOrigin,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ chainId: 31337, ...(body as object) }),
  })

async function user() {
  const found = await Users.findOrCreateByIdentity(t.deps.db, {
    kind: 'email',
    subject: `eoa-calls-${randomInt(1e9)}@example.com`,
  })
  const login = await Login.complete(t.deps, found.id)
  const eoa = login.user.address as Hex
  await client.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: eoa, value: parseEther('1') }),
  })
  return { token: login.token, eoa }
}

let alice: { token: string; eoa: Hex }
beforeAll(async () => {
  alice = await user()
})

const friend = accounts[4]!.address
const batch = (calls: object[], atomicRequired = false) => ({
  method: 'wallet_sendCalls',
  params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired, calls }],
})
const approve = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [friend, amount] })
const allowance = (owner: Hex) =>
  client.readContract({
    address: tokens.FUSD.address,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, friend],
  })
// A transfer of FUSD the EOA does not hold: its estimate reverts.
const overdraw = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'transfer',
  args: [friend, parseEther('1000000')],
})

describe("the EOA's EIP-5792 batches, call by call", () => {
  test('the user on a chain without a bundler is the EOA; its capabilities say atomic unsupported', async () => {
    const capabilities = await rpc(alice.token, { method: 'wallet_getCapabilities', params: [] })
    expect(capabilities.body.result).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    const named = await rpc(alice.token, { method: 'wallet_getCapabilities', params: [alice.eoa] })
    expect(named.body.result).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
  })

  test('atomicRequired true stays 5760, and nothing is sent', async () => {
    const nonce = await client.getTransactionCount({ address: alice.eoa })
    const refused = await rpc(alice.token, batch([{ to: friend, value: toHex(1000n) }], true))
    expect(refused.body.error.code).toBe(5760)
    expect(await client.getTransactionCount({ address: alice.eoa })).toBe(nonce)
  })

  test('atomicRequired false: each call is a transaction, in order; getCallsStatus 200 with both receipts', async () => {
    const before = await client.getBalance({ address: friend })
    const nonce = await client.getTransactionCount({ address: alice.eoa })
    expect(await allowance(alice.eoa)).toBe(0n)
    const sent = await rpc(
      alice.token,
      batch([
        { to: friend, value: toHex(parseEther('0.01')) },
        { to: tokens.FUSD.address, data: approve(77n) },
      ]),
    )
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const id = sent.body.result.id as string
    expect(id).toMatch(/^0x[0-9a-f]+$/)
    expect(await client.getBalance({ address: friend })).toBe(before + parseEther('0.01'))
    expect(await allowance(alice.eoa)).toBe(77n)
    expect(await client.getTransactionCount({ address: alice.eoa })).toBe(nonce + 2)

    const status = await rpc(alice.token, { method: 'wallet_getCallsStatus', params: [id] })
    expect(status.status, JSON.stringify(status.body)).toBe(200)
    expect(status.body.result).toMatchObject({
      version: '2.0.0',
      id,
      chainId: '0x7a69',
      atomic: false,
      status: 200,
    })
    const receipts = status.body.result.receipts as { transactionHash: Hex; status: string }[]
    expect(receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
    const [first, second] = await Promise.all(
      receipts.map((r) => client.getTransaction({ hash: r.transactionHash })),
    )
    expect([first?.nonce, second?.nonce]).toEqual([nonce, nonce + 1])
    expect(first?.to?.toLowerCase()).toBe(friend.toLowerCase())
    expect(second?.to?.toLowerCase()).toBe(tokens.FUSD.address.toLowerCase())
  })

  test('it stops at the first failure: the calls before it are mined, none after; status 600', async () => {
    const before = await client.getBalance({ address: friend })
    const nonce = await client.getTransactionCount({ address: alice.eoa })
    const sent = await rpc(
      alice.token,
      batch([
        { to: friend, value: toHex(5000n) },
        { to: tokens.FUSD.address, data: overdraw },
        { to: friend, value: toHex(7000n) },
      ]),
    )
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(await client.getBalance({ address: friend })).toBe(before + 5000n)
    expect(await client.getTransactionCount({ address: alice.eoa })).toBe(nonce + 1)
    const status = await rpc(alice.token, { method: 'wallet_getCallsStatus', params: [sent.body.result.id] })
    expect(status.body.result).toMatchObject({ atomic: false, status: 600 })
    expect(status.body.result.receipts).toHaveLength(1)
  })

  test("a first call that fails fails the request: nothing is sent, the chain's error comes back", async () => {
    const nonce = await client.getTransactionCount({ address: alice.eoa })
    const failed = await rpc(
      alice.token,
      batch([
        { to: tokens.FUSD.address, data: overdraw },
        { to: friend, value: toHex(1n) },
      ]),
    )
    expect(failed.status).toBe(400)
    expect(typeof failed.body.error.code).toBe('number')
    expect(await client.getTransactionCount({ address: alice.eoa })).toBe(nonce)
  })

  test("another user's batch id, and a forged one, are 5730", async () => {
    const sent = await rpc(alice.token, batch([{ to: friend, value: toHex(1n) }]))
    const id = sent.body.result.id as string
    const bob = await user()
    const theirs = await rpc(bob.token, { method: 'wallet_getCallsStatus', params: [id] })
    expect(theirs.body.error.code).toBe(5730)
    const mine = await rpc(alice.token, { method: 'wallet_getCallsStatus', params: [id] })
    expect(mine.body.result.status).toBe(200)
    // A position that holds no transaction: nothing of the user there.
    const forged = `${id.slice(0, -8)}${'0'.repeat(7)}9`
    const notFound = await rpc(alice.token, { method: 'wallet_getCallsStatus', params: [forged] })
    expect(notFound.body.error.code).toBe(5730)
  })
})
