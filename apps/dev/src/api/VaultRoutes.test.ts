import { randomInt } from 'node:crypto'
import * as Login from '@frontdoor/api/auth/Login'
import * as Users from '@frontdoor/api/auth/users/Users'
import * as Vault from '@frontdoor/api/auth/vault/Vault'
import * as TestApp from '@frontdoor/api/TestApp'
import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import * as Devnet from '@frontdoor/devnet/devnet'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

// A real seeded devnet behind the API's own upstreams: transactions are filled, signed in the vault,
// broadcast and mined there.
const node = await Devnet.start({ chainId: 31337 })
const t = await TestApp.create({ upstreams: { 'eip155:31337': [node.url] } })
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
  account: privateKeyToAccount(accounts[9]!.privateKey),
})

async function newUser() {
  const user = await Users.findOrCreateByIdentity(t.deps.db, {
    kind: 'email',
    subject: `vault-${randomInt(1e9)}@example.com`,
  })
  // The EOA's signing and sending (SmartAccountRoutes.test covers the smart account, the default).
  await Users.setPreferredAccountType(t.deps.db, user.id, 'eoa')
  return Login.complete(t.deps, user.id)
}

const rpc = (token: string | undefined, body: unknown, origin = t.deps.config.authOrigin) =>
  t.getJson('/v1/vault/rpc', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })

const permit = {
  domain: { name: 'Frontdoor', version: '1', chainId: 31337, verifyingContract: tokens.FUSD.address },
  types: {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message: { owner: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826', value: 1000n },
} as const
/** The same typed data as a dapp sends it to eth_signTypedData_v4: with EIP712Domain, numbers as strings. */
const typedData = {
  ...permit,
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    ...permit.types,
  },
  message: { ...permit.message, value: '1000' },
}

let alice: Login.Completed
beforeAll(async () => {
  alice = await newUser()
  const hash = await funder.sendTransaction({ to: alice.user.address as Hex, value: parseEther('10') })
  await client.waitForTransactionReceipt({ hash })
})

describe('POST /v1/vault/rpc', () => {
  test('personal_sign: a signature viem verifies against the user address; logged', async () => {
    const { status, body } = await rpc(alice.token, {
      chainId: 31337,
      method: 'personal_sign',
      params: [toHex('Sign in to Frontdoor'), alice.user.address],
    })
    expect(status).toBe(200)
    expect(
      await verifyMessage({
        address: alice.user.address as Hex,
        message: 'Sign in to Frontdoor',
        signature: body.result,
      }),
    ).toBe(true)
    const [logged] = await Vault.signatures(t.deps.db, alice.user.id, { method: 'personal_sign' })
    expect(logged).toMatchObject({ chain: 'eip155:31337', digest: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
  })

  test('eth_signTypedData_v4: a JSON string or an object; viem verifies; the domain chain must be the active one', async () => {
    for (const data of [JSON.stringify(typedData), typedData]) {
      const { status, body } = await rpc(alice.token, {
        chainId: 31337,
        method: 'eth_signTypedData_v4',
        params: [alice.user.address.toLowerCase(), data],
      })
      expect(status).toBe(200)
      expect(
        await verifyTypedData({ address: alice.user.address as Hex, signature: body.result, ...permit }),
      ).toBe(true)
    }
    const otherChain = await rpc(alice.token, {
      chainId: 1,
      method: 'eth_signTypedData_v4',
      params: [alice.user.address, typedData],
    })
    expect(otherChain).toMatchObject({ status: 400, body: { error: { code: -32602 } } })
    const broken = await rpc(alice.token, {
      chainId: 31337,
      method: 'eth_signTypedData_v4',
      params: [alice.user.address, '{"types":'],
    })
    expect(broken).toMatchObject({ status: 400, body: { error: { code: -32602 } } })
  })

  test('eth_sendTransaction: nonce, gas and fees filled from the chain, signed, broadcast and mined', async () => {
    const to = accounts[1]!.address
    const before = await client.getBalance({ address: to })
    const { status, body } = await rpc(alice.token, {
      chainId: 31337,
      method: 'eth_sendTransaction',
      params: [{ from: alice.user.address, to, value: toHex(parseEther('0.25')) }],
    })
    expect(status).toBe(200)
    const receipt = await client.waitForTransactionReceipt({ hash: body.result })
    expect(receipt).toMatchObject({
      status: 'success',
      from: alice.user.address.toLowerCase(),
      to: to.toLowerCase(),
    })
    expect((await client.getBalance({ address: to })) - before).toBe(parseEther('0.25'))
    const tx = await client.getTransaction({ hash: body.result })
    expect(tx.type).toBe('eip1559')
    // Hardhat's estimate of a plain transfer (21000, plus one in its binary search).
    expect(tx.gas).toBeGreaterThanOrEqual(21000n)
    expect(tx.gas).toBeLessThan(22000n)
    expect(
      (await Vault.signatures(t.deps.db, alice.user.id, { method: 'eth_sendTransaction' }))[0]?.chain,
    ).toBe('eip155:31337')
  })

  test('eth_sendTransaction with calldata: a contract call (WETH deposit) is estimated and mined', async () => {
    const weth = tokens.WETH.address
    const wethAbi = parseAbi([
      'function deposit() payable',
      'function balanceOf(address) view returns (uint256)',
    ])
    const { body } = await rpc(alice.token, {
      chainId: 31337,
      method: 'eth_sendTransaction',
      params: [
        {
          from: alice.user.address,
          to: weth,
          value: toHex(parseEther('1')),
          data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }),
        },
      ],
    })
    expect((await client.waitForTransactionReceipt({ hash: body.result })).status).toBe('success')
    const balance = await client.readContract({
      address: weth,
      abi: wethAbi,
      functionName: 'balanceOf',
      args: [alice.user.address as Hex],
    })
    expect(balance).toBe(parseEther('1'))
  })

  test('concurrent sends of one user take consecutive nonces and all mine', async () => {
    const nonce = await client.getTransactionCount({ address: alice.user.address as Hex })
    const results = await Promise.all(
      [1, 2, 3].map((i) =>
        rpc(alice.token, {
          chainId: 31337,
          method: 'eth_sendTransaction',
          params: [{ from: alice.user.address, to: accounts[2]!.address, value: toHex(i) }],
        }),
      ),
    )
    const receipts = await Promise.all(
      results.map((r) => client.waitForTransactionReceipt({ hash: r.body.result as Hex })),
    )
    expect(receipts.every((r) => r.status === 'success')).toBe(true)
    const nonces = await Promise.all(receipts.map((r) => client.getTransaction({ hash: r.transactionHash })))
    expect(nonces.map((tx) => tx.nonce).sort()).toEqual([nonce, nonce + 1, nonce + 2])
  })

  test("the chain's errors come back with their code: a user without funds", async () => {
    const poor = await newUser()
    const { status, body } = await rpc(poor.token, {
      chainId: 31337,
      method: 'eth_sendTransaction',
      params: [{ from: poor.user.address, to: accounts[1]!.address, value: toHex(parseEther('1')) }],
    })
    expect(status).toBe(400)
    expect(typeof body.error.code).toBe('number')
    expect(body.error.message).toMatch(/fund|balance/i)
  })

  test('solana_signMessage: a base58 ed25519 signature that verifies against the Solana address', async () => {
    const message = new TextEncoder().encode('Sign in to Frontdoor on Solana')
    const { status, body } = await rpc(alice.token, {
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      method: 'solana_signMessage',
      params: { message: base58.encode(message), pubkey: alice.user.solanaAddress },
    })
    expect(status).toBe(200)
    expect(
      ed25519.verify(base58.decode(body.result.signature), message, base58.decode(alice.user.solanaAddress)),
    ).toBe(true)
    const [logged] = await Vault.signatures(t.deps.db, alice.user.id, { method: 'solana_signMessage' })
    expect(logged?.chain).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })

  test("only the user's own addresses: 4100 for another account's", async () => {
    const bob = await newUser()
    const calls = [
      { chainId: 31337, method: 'personal_sign', params: ['0x68690a', bob.user.address] },
      { chainId: 31337, method: 'eth_signTypedData_v4', params: [bob.user.address, typedData] },
      {
        chainId: 31337,
        method: 'eth_sendTransaction',
        params: [{ from: bob.user.address, to: bob.user.address }],
      },
      {
        method: 'solana_signMessage',
        params: { message: base58.encode(new Uint8Array([1])), pubkey: bob.user.solanaAddress },
      },
    ]
    for (const call of calls)
      expect(await rpc(alice.token, call)).toMatchObject({
        status: 403,
        body: { error: { code: 4100, message: expect.any(String) } },
      })
  })

  test('unsupported methods (4200), unserved chains (4901), bad params (-32602)', async () => {
    expect(await rpc(alice.token, { chainId: 31337, method: 'eth_sign', params: [] })).toMatchObject({
      status: 400,
      body: { error: { code: 4200 } },
    })
    expect(
      await rpc(alice.token, {
        chainId: 5,
        method: 'eth_sendTransaction',
        params: [{ from: alice.user.address, to: alice.user.address }],
      }),
    ).toMatchObject({ status: 400, body: { error: { code: 4901 } } })
    expect(await rpc(alice.token, { chainId: 31337, method: 'personal_sign', params: ['hi'] })).toMatchObject(
      {
        status: 400,
        body: { error: { code: -32602 } },
      },
    )
    expect(
      await rpc(alice.token, { method: 'personal_sign', params: ['hi', alice.user.address] }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: -32602 } },
    })
  })

  test('needs a valid session and the auth frame origin', async () => {
    const call = { chainId: 31337, method: 'personal_sign', params: ['0x00', alice.user.address] }
    expect(await rpc(undefined, call)).toMatchObject({
      status: 401,
      body: { error: { code: 'unauthorized' } },
    })
    expect((await rpc('x'.repeat(43), call)).status).toBe(401)
    expect((await rpc(alice.token, call, t.deps.config.modalOrigin)).status).toBe(403)
  })
})

describe('POST /v1/vault/rpc: what the visitor sees is what is signed', () => {
  const erc20 = parseAbi([
    'function approve(address spender, uint256 amount) returns (bool)',
    'function allowance(address owner, address spender) view returns (uint256)',
  ])
  const spender = accounts[3]!.address
  const approveMax = encodeFunctionData({
    abi: erc20,
    functionName: 'approve',
    args: [spender, 2n ** 256n - 1n],
  })
  const send = (token: string, request: Record<string, unknown>) =>
    rpc(token, { chainId: 31337, method: 'eth_sendTransaction', params: [request] })
  const refused = (detail: RegExp) => ({
    status: 400,
    body: { error: { code: -32602, message: expect.stringMatching(detail) } },
  })

  test('eth_sendTransaction: data and input that differ are refused, nothing is sent', async () => {
    const nonce = await client.getTransactionCount({ address: alice.user.address as Hex })
    const from = alice.user.address
    const to = tokens.FUSD.address
    expect(await send(alice.token, { from, to, data: '0x', input: approveMax })).toMatchObject(
      refused(/data and input differ/),
    )
    expect(await send(alice.token, { from, to, input: '0x', data: approveMax })).toMatchObject(
      refused(/data and input differ/),
    )
    expect(await client.getTransactionCount({ address: alice.user.address as Hex })).toBe(nonce)
  })

  test('eth_sendTransaction: unknown fields, malformed quantities, a chainId of another chain are refused', async () => {
    const from = alice.user.address
    const to = accounts[1]!.address
    expect(await send(alice.token, { from, to, value: '0x1', memo: 'hi' })).toMatchObject(
      refused(/unknown field memo/),
    )
    expect(await send(alice.token, { from, to, value: '1000' })).toMatchObject(refused(/params\.0\.value/))
    expect(await send(alice.token, { from, to, gasPrice: '0x1', maxFeePerGas: '0x1' })).toMatchObject(
      refused(/gasPrice/),
    )
    expect(await send(alice.token, { from, to, chainId: '0x1' })).toMatchObject(refused(/chainId/))
    expect(await send(alice.token, { from, to, data: `${approveMax}00` as Hex })).toMatchObject(
      refused(/approve/),
    )
  })

  test('eth_sendTransaction: an approve sent as input is signed as such, with the given gas and fees exactly', async () => {
    const { status, body } = await send(alice.token, {
      from: alice.user.address,
      to: tokens.FUSD.address,
      input: approveMax,
      gas: toHex(80_000),
      maxFeePerGas: toHex(5_000_000_000n),
      maxPriorityFeePerGas: toHex(1_000_000_000n),
    })
    expect(status).toBe(200)
    const tx = await client.getTransaction({ hash: body.result })
    expect(tx).toMatchObject({
      input: approveMax,
      gas: 80_000n,
      maxFeePerGas: 5_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
    await client.waitForTransactionReceipt({ hash: body.result })
    const allowance = await client.readContract({
      address: tokens.FUSD.address,
      abi: erc20,
      functionName: 'allowance',
      args: [alice.user.address as Hex, spender],
    })
    expect(allowance).toBe(2n ** 256n - 1n)
  })

  test('eth_signTypedData_v4: message keys outside the signed type are refused', async () => {
    const extra = { ...typedData, message: { ...typedData.message, spender: accounts[3]!.address } }
    expect(
      await rpc(alice.token, {
        chainId: 31337,
        method: 'eth_signTypedData_v4',
        params: [alice.user.address, extra],
      }),
    ).toMatchObject(refused(/message\.spender is not part of the signed type/))
  })

  test('solana_signMessage: bytes that are a Solana transaction are refused', async () => {
    const keys = [base58.decode(alice.user.solanaAddress), new Uint8Array(32).fill(7), new Uint8Array(32)]
    // A SOL transfer's message: 1 signer, 3 keys, a blockhash, one system-program transfer.
    const transfer = Uint8Array.from([
      1,
      0,
      1,
      3,
      ...keys.flatMap((key) => [...key]),
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
      0x00,
      0xca,
      0x9a,
      0x3b,
      0,
      0,
      0,
      0,
    ])
    for (const bytes of [transfer, Uint8Array.from([0x80, ...transfer, 0])]) {
      expect(
        await rpc(alice.token, {
          chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          method: 'solana_signMessage',
          params: { message: base58.encode(bytes), pubkey: alice.user.solanaAddress },
        }),
      ).toMatchObject(refused(/Solana transaction/))
    }
  })

  test('content longer than the screen shows is refused', async () => {
    expect(
      await rpc(alice.token, {
        chainId: 31337,
        method: 'personal_sign',
        params: [`0x${'61'.repeat(20_000)}`, alice.user.address],
      }),
    ).toMatchObject(refused(/longer than/))
  })
})
