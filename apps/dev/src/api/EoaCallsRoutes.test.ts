import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import {
  createTestClient,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  pad,
  parseEther,
  toHex,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as TestVault from './TestVault.js'

// EIP-5792 batches of the embedded wallet's EOA on a real seeded devnet without a bundler (so the user
// is the EOA): with atomicRequired false the vault sends each call as its own transaction, in order,
// and stops at the first failure; wallet_sendCalls answers the stored batch's id once the first call is
// broadcast, and wallet_getCallsStatus reads the batch's row and its transactions' receipts. Where a
// test must see a batch half-way, it turns the devnet's automine off and mines block by block.
const READS = 200
const vault = await TestVault.start({
  bundler: false,
  funder: 7,
  limits: { vaultReadsPerUser: { limit: READS, windowMs: 60_000 } },
})
afterAll(vault.close)
const { client, rpc } = vault
const devnet = createTestClient({ chain: vault.chain, mode: 'hardhat', transport: http(vault.node.url) })
const { accounts, tokens } = DEPLOYMENTS[31337]

async function user() {
  const login = await vault.user('eoa-calls', parseEther('1'))
  return { token: login.token, eoa: login.user.address as Hex }
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
const transfer = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [friend, amount] })
/** Sets `owner`'s FUSD balance (Token.sol's `balanceOf` is its storage slot 3). */
const setFusd = (owner: Hex, amount: bigint) =>
  devnet.setStorageAt({
    address: tokens.FUSD.address,
    index: keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, 3n])),
    value: pad(toHex(amount)),
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

  test('the id comes back once the first call is broadcast: 100 pending, then 200 with both receipts', {
    timeout: 60_000,
  }, async () => {
    const before = await client.getBalance({ address: friend })
    const nonce = await client.getTransactionCount({ address: alice.eoa })
    expect(await allowance(alice.eoa)).toBe(0n)
    await devnet.setAutomine(false)
    let id: string
    try {
      const sent = await rpc(
        alice.token,
        batch([
          { to: friend, value: toHex(parseEther('0.01')) },
          { to: tokens.FUSD.address, data: approve(77n), value: '0x' },
        ]),
      )
      expect(sent.status, JSON.stringify(sent.body)).toBe(200)
      id = sent.body.result.id as string
      expect(id).toMatch(/^0x[0-9a-f]{64}$/)
      // Nothing mined yet: the first call waits in the node's pool, the second is not sent.
      expect(await client.getTransactionCount({ address: alice.eoa })).toBe(nonce)
      expect(await client.getTransactionCount({ address: alice.eoa, blockTag: 'pending' })).toBe(nonce + 1)
      const pending = await rpc(alice.token, { method: 'wallet_getCallsStatus', params: [id] })
      expect(pending.body.result).toMatchObject({ id, atomic: false, status: 100, receipts: [] })
    } finally {
      await devnet.setAutomine(true)
      await devnet.mine({ blocks: 1 })
    }
    const status = await settled(alice.token, id)
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', atomic: false, status: 200 })
    expect(await client.getBalance({ address: friend })).toBe(before + parseEther('0.01'))
    expect(await allowance(alice.eoa)).toBe(77n)
    expect(await client.getTransactionCount({ address: alice.eoa })).toBe(nonce + 2)
    const receipts = status.receipts as { transactionHash: Hex; status: string }[]
    expect(receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
    const [first, second] = await Promise.all(
      receipts.map((r) => client.getTransaction({ hash: r.transactionHash })),
    )
    expect([first?.nonce, second?.nonce]).toEqual([nonce, nonce + 1])
    expect(first?.to?.toLowerCase()).toBe(friend.toLowerCase())
    expect(second?.to?.toLowerCase()).toBe(tokens.FUSD.address.toLowerCase())
  })

  test('call 2 reverts onchain (its estimate passed): 600 with call 1 mined, call 2 reverted, call 3 never sent', {
    timeout: 60_000,
  }, async () => {
    const before = await client.getBalance({ address: friend })
    const nonce = await client.getTransactionCount({ address: alice.eoa })
    await setFusd(alice.eoa, 50n)
    await devnet.setAutomine(false)
    let id: string
    try {
      const sent = await rpc(
        alice.token,
        batch([
          { to: friend, value: toHex(5000n) },
          { to: tokens.FUSD.address, data: transfer(50n) },
          { to: friend, value: toHex(7000n) },
        ]),
      )
      expect(sent.status, JSON.stringify(sent.body)).toBe(200)
      id = sent.body.result.id as string
      await devnet.mine({ blocks: 1 })
      // Call 1 mined; the vault estimates call 2 (the EOA holds its 50 FUSD) and broadcasts it.
      await until(
        async () =>
          (await client.getTransactionCount({ address: alice.eoa, blockTag: 'pending' })) === nonce + 2,
      )
      const half = await rpc(alice.token, { method: 'wallet_getCallsStatus', params: [id] })
      expect(half.body.result).toMatchObject({ status: 100 })
      expect(half.body.result.receipts).toHaveLength(1)
      // The FUSD is gone before call 2 is mined: it reverts onchain.
      await setFusd(alice.eoa, 0n)
      await devnet.mine({ blocks: 1 })
    } finally {
      await devnet.setAutomine(true)
    }
    const status = await settled(alice.token, id)
    expect(status).toMatchObject({ atomic: false, status: 600 })
    expect((status.receipts as { status: string }[]).map((r) => r.status)).toEqual(['0x1', '0x0'])
    expect(await client.getBalance({ address: friend })).toBe(before + 5000n)
    expect(await client.getTransactionCount({ address: alice.eoa })).toBe(nonce + 2)
  })

  test('an estimate that reverts stops the batch: the calls before it are mined, none after; status 600', {
    timeout: 60_000,
  }, async () => {
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
    const status = await settled(alice.token, sent.body.result.id)
    expect(status).toMatchObject({ atomic: false, status: 600 })
    expect(status.receipts).toHaveLength(1)
    expect(await client.getBalance({ address: friend })).toBe(before + 5000n)
    expect(await client.getTransactionCount({ address: alice.eoa })).toBe(nonce + 1)
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

  test("another user's batch id, a forged one and an old position-encoded one are 5730", {
    timeout: 30_000,
  }, async () => {
    const sent = await rpc(alice.token, batch([{ to: friend, value: toHex(1n) }]))
    const id = sent.body.result.id as string
    const bob = await user()
    const theirs = await rpc(bob.token, { method: 'wallet_getCallsStatus', params: [id] })
    expect(theirs.body.error.code).toBe(5730)
    expect((await settled(alice.token, id)).status).toBe(200)
    // Ids the page makes up: one hex digit off, and the former encoding of alice's mined positions
    // (chain, count, block and index), which used to show her past transactions as a batch.
    const receipt = (await settled(alice.token, id)).receipts[0] as { blockNumber: Hex }
    const hex = (value: number | bigint, bytes: number) => value.toString(16).padStart(bytes * 2, '0')
    const positions = `0x${hex(31337, 8)}${hex(1, 2)}${hex(BigInt(receipt.blockNumber), 8)}${hex(0, 4)}`
    for (const forged of [`${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`, positions]) {
      const notFound = await rpc(alice.token, { method: 'wallet_getCallsStatus', params: [forged] })
      expect(notFound.body.error.code, forged).toBe(5730)
    }
  })

  test('a value of "0x" is 0 wei; a bad value is 400 (-32602), never 500', { timeout: 30_000 }, async () => {
    const before = await client.getBalance({ address: friend })
    const sent = await rpc(alice.token, batch([{ to: friend, value: '0x' }]))
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect((await settled(alice.token, sent.body.result.id)).status).toBe(200)
    expect(await client.getBalance({ address: friend })).toBe(before)
    for (const value of ['0xzz', '12', '0x'.padEnd(67, 'f')]) {
      const bad = await rpc(alice.token, batch([{ to: friend, value }]))
      expect(bad.status, value).toBe(400)
      expect(bad.body.error.code).toBe(-32602)
    }
  })

  test(`the vault's reads are limited per user (${READS} a minute): then 429, another user unaffected`, {
    timeout: 30_000,
  }, async () => {
    const carol = await user()
    const read = (token: string) => rpc(token, { method: 'wallet_getCapabilities', params: [] })
    for (let i = 0; i < READS; i++) expect((await read(carol.token)).status).toBe(200)
    const refused = await read(carol.token)
    expect(refused.status).toBe(429)
    expect((await read(alice.token)).status).toBe(200)
  })
})

/** Polls until `check` holds (at most 30 s). */
async function until(check: () => Promise<boolean>, everyMs = 100) {
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  throw new Error('timed out')
}

/** The batch's status once it is no longer pending (100). */
async function settled(token: string, id: string) {
  let result: { status: number; receipts: unknown[] } | undefined
  await until(async () => {
    const answer = await rpc(token, { method: 'wallet_getCallsStatus', params: [id] })
    result = answer.body.result
    if (!result) throw new Error(JSON.stringify(answer.body))
    return result.status !== 100
  }, 500).catch(() => {})
  if (!result) throw new Error('no status')
  return result
}
