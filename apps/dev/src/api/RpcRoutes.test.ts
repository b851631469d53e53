import * as TestApp from '@frontdoor/api/TestApp'
import { DEPLOYMENTS, SEED } from '@frontdoor/devnet/deployment'
import * as Devnet from '@frontdoor/devnet/devnet'
import * as Protocol from '@frontdoor/protocol/policy'
import * as fc from 'fast-check'
import { encodeFunctionData, erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'

// Real seeded devnet nodes: two of chain 31337 (for the fallback), one of 31338.
const nodes = await Promise.all([
  Devnet.start({ chainId: 31337 }),
  Devnet.start({ chainId: 31337 }),
  Devnet.start({ chainId: 31338 }),
])
const [a, b, other] = nodes as [(typeof nodes)[0], (typeof nodes)[0], (typeof nodes)[0]]
const t = await TestApp.create({ upstreams: { 'eip155:31337': [a.url, b.url], 'eip155:31338': [other.url] } })
afterAll(async () => {
  await t.close()
  await Promise.all(nodes.map((node) => node.stop()))
})

const rpc = (query: string, body: unknown) =>
  t.getJson(`/v1/?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const call = (method: string, id: number | string = 1, params: unknown[] = []) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

describe('POST /v1/', () => {
  beforeAll(async () => {
    await t.deps.upstreams.fallback('eip155:31337')!.pingAll()
  })

  test('proxies a request to the chain of chainId', async () => {
    expect((await rpc('chainId=eip155:31337&projectId=demo', call('eth_chainId'))).body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: '0x7a69',
    })
    expect((await rpc('chainId=eip155:31338&projectId=demo', call('eth_chainId', 'x'))).body).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      result: '0x7a6a',
    })
    const balance = await rpc(
      'chainId=eip155:31337&projectId=demo',
      call('eth_getBalance', 7, ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest']),
    )
    expect(BigInt(balance.body.result)).toBeGreaterThan(0n)
  })

  test('reads a seeded contract on the devnet through the proxy', async () => {
    const { tokens, accounts } = DEPLOYMENTS[31337]
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [accounts[0]!.address],
    })
    const { body } = await rpc(
      'chainId=eip155:31337&projectId=demo',
      call('eth_call', 3, [{ to: tokens.FUSD.address, data }, 'latest']),
    )
    expect(BigInt(body.result)).toBe(SEED.accountBalances.FUSD)
  })

  test('passes upstream JSON-RPC errors through', async () => {
    const { status, body } = await rpc(
      'chainId=eip155:31337&projectId=demo',
      call('eth_getBalance', 1, ['not an address', 'latest']),
    )
    expect(status).toBe(200)
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: expect.any(Number) } })
  })

  test('batches: answers each request; at most 1000', async () => {
    const batch = Array.from({ length: 50 }, (_, i) => call(i % 2 ? 'eth_chainId' : 'eth_blockNumber', i))
    const { status, body } = await rpc('chainId=eip155:31337&projectId=demo', batch)
    expect(status).toBe(200)
    expect(body).toHaveLength(50)
    expect(body.map((r: { id: number }) => r.id).sort((x: number, y: number) => x - y)).toEqual(
      batch.map((r) => r.id),
    )
    const full = await rpc(
      'chainId=eip155:31337&projectId=demo',
      Array.from({ length: 1000 }, (_, i) => call('eth_chainId', i)),
    )
    expect(full.body).toHaveLength(1000)
    const tooMany = await rpc(
      'chainId=eip155:31337&projectId=demo',
      Array.from({ length: 1001 }, (_, i) => call('eth_chainId', i)),
    )
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.error.code).toBe(-32600)
    expect(tooMany.body.error.message).toBe('Invalid Request: a batch holds at most 1000 requests')
    const empty = await rpc('chainId=eip155:31337&projectId=demo', [])
    expect(empty.status).toBe(400)
    expect(empty.body.error.message).toBe('Invalid Request: empty batch')
  })

  test('unknown project or chain: JSON-RPC error with a 4xx', async () => {
    const project = await rpc('chainId=eip155:31337&projectId=ghost', call('eth_chainId'))
    expect(project.status).toBe(401)
    expect(project.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32001, message: 'Unauthorized: invalid key', data: { projectId: 'ghost' } },
    })
    const chain = await rpc('chainId=eip155:999999&projectId=demo', call('eth_chainId'))
    expect(chain.status).toBe(400)
    expect(chain.body.error).toMatchObject({
      code: -32602,
      message: 'Unsupported chain',
      data: { chainId: 'eip155:999999' },
    })
    // A network the registry lists (Ethereum) without an upstream here: said so, not 'Unsupported chain'.
    const listed = await rpc('chainId=eip155:1&projectId=demo', call('eth_chainId'))
    expect(listed.status).toBe(400)
    expect(listed.body.error).toMatchObject({
      code: -32602,
      message: 'Not available on this server: no upstream for eip155:1',
      data: { chainId: 'eip155:1' },
    })
    const bad = await rpc('chainId=31337&projectId=demo', call('eth_chainId'))
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toBe("Invalid query field 'chainId': Invalid CAIP-2 network id: 31337")
  })

  test('bad bodies: parse error and invalid request naming the field', async () => {
    expect((await rpc('chainId=eip155:31337&projectId=demo', '{nope')).body.error.code).toBe(-32700)
    const invalid = await rpc('chainId=eip155:31337&projectId=demo', {
      jsonrpc: '1.0',
      id: 1,
      method: 'eth_chainId',
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error.message).toMatch(/^Invalid Request field 'jsonrpc'/)
  })

  test('fallback: requests keep succeeding when one upstream node stops mid-run', async () => {
    const fallback = t.deps.upstreams.fallback('eip155:31337')!
    const results: number[] = []
    const run = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const { status, body } = await rpc('chainId=eip155:31337&projectId=demo', call('eth_chainId', i))
        results.push(status)
        expect(body.result).toBe('0x7a69')
      }
    }
    await run(10)
    const best = fallback.ranked()[0]!
    await (best === a.url ? a : b).stop()
    await run(20)
    expect(results).toEqual(Array(30).fill(200))
    expect(fallback.ranked()[0]).not.toBe(best)
    await fallback.pingAll()
    expect(fallback.scores()[best]).toBeLessThan(fallback.scores()[fallback.ranked()[0]!]!)
  })
})

describe('POST /v1/ method policy', () => {
  const QUERY = 'chainId=eip155:31337&projectId=demo'
  const funded = DEPLOYMENTS[31337].accounts[0]!.address
  const target = '0x000000000000000000000000000000000000dEaD'
  const balanceOf = async (address: string) =>
    BigInt((await rpc(QUERY, call('eth_getBalance', 1, [address, 'latest']))).body.result)
  const refused = (method: string, id: number | string | null = 1) => ({
    jsonrpc: '2.0',
    id,
    error: { code: -32601, message: 'Requested RPC call is not allowed', data: { method } },
  })

  beforeAll(async () => {
    await t.deps.upstreams.fallback('eip155:31337')!.pingAll()
  })

  test('hardhat_setBalance is refused and the balance stays', async () => {
    const before = await balanceOf(target)
    const { status, body } = await rpc(QUERY, call('hardhat_setBalance', 1, [target, '0xde0b6b3a7640000']))
    expect(status).toBe(200)
    expect(body).toEqual(refused('hardhat_setBalance'))
    expect(await balanceOf(target)).toBe(before)
  })

  test('eth_sendTransaction from a node-held account is refused and nothing is mined', async () => {
    const block = (await rpc(QUERY, call('eth_blockNumber'))).body.result
    const before = await balanceOf(target)
    const send = await rpc(
      QUERY,
      call('eth_sendTransaction', 2, [{ from: funded, to: target, value: '0x1' }]),
    )
    expect(send.body).toEqual(refused('eth_sendTransaction', 2))
    expect((await rpc(QUERY, call('eth_blockNumber'))).body.result).toBe(block)
    expect(await balanceOf(target)).toBe(before)
  })

  test('node-held accounts, node signing, admin, test and debug methods are refused', async () => {
    for (const method of [
      'eth_accounts',
      'eth_sign',
      'eth_signTransaction',
      'eth_signTypedData_v4',
      'personal_sign',
      'personal_unlockAccount',
      'personal_listAccounts',
      'hardhat_impersonateAccount',
      'hardhat_mine',
      'anvil_setBalance',
      'evm_mine',
      'evm_snapshot',
      'evm_revert',
      'debug_traceTransaction',
      'miner_start',
      'admin_peers',
      'txpool_content',
      'wallet_getCapabilities',
    ])
      expect((await rpc(QUERY, call(method, 'x'))).body, method).toEqual(refused(method, 'x'))
  })

  test('a batch answers each entry: forwarded ones by the node, refused ones with the error', async () => {
    const { status, body } = await rpc(QUERY, [
      call('eth_chainId', 1),
      call('evm_mine', 2),
      call('eth_blockNumber', 3),
      call('eth_accounts', 4),
    ])
    expect(status).toBe(200)
    expect(body).toHaveLength(4)
    const byId = new Map(body.map((entry: { id: number }) => [entry.id, entry]))
    expect(byId.get(1)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    expect(byId.get(2)).toEqual(refused('evm_mine', 2))
    expect(byId.get(3)).toMatchObject({ result: expect.stringMatching(/^0x/) })
    expect(byId.get(4)).toEqual(refused('eth_accounts', 4))
    const none = await rpc(QUERY, [call('hardhat_mine', 1), call('eth_sign', 2)])
    expect(none.body).toEqual([refused('hardhat_mine', 1), refused('eth_sign', 2)])
  })

  test('property: only the safe chain methods of the protocol policy reach a node', async () => {
    const forward = vi.spyOn(t.deps.upstreams, 'forward')
    const walletAnswered = new Set([
      'eth_accounts',
      'wallet_getCapabilities',
      'wallet_getCallsStatus',
      'wallet_getAssets',
    ])
    const prefixes = [
      'hardhat_',
      'anvil_',
      'evm_',
      'debug_',
      'personal_',
      'miner_',
      'admin_',
      'txpool_',
      'eth_sign',
      'eth_send',
      'eth_',
      'wallet_',
      '',
    ]
    const method = fc.oneof(
      fc.constantFrom(...Protocol.SAFE_METHODS, ...Protocol.UNSAFE_METHODS),
      fc
        .tuple(fc.constantFrom(...prefixes), fc.string({ minLength: 1, maxLength: 24 }))
        .map(([p, rest]) => p + rest),
      fc.constantFrom('__proto__', 'constructor', 'toString', 'ETH_CALL', 'eth_call ', 'eth_sendTransaction'),
    )
    try {
      await fc.assert(
        fc.asyncProperty(method, async (name) => {
          forward.mockClear()
          const { body } = await rpc(QUERY, call(name, 9))
          const allowed =
            (Protocol.SAFE_METHODS as readonly string[]).includes(name) && !walletAnswered.has(name)
          expect(forward.mock.calls.length > 0).toBe(allowed)
          if (!allowed) expect(body).toEqual(refused(name, 9))
        }),
        { numRuns: 300 },
      )
    } finally {
      forward.mockRestore()
    }
  }, 60_000)
})
