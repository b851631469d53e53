import { DEPLOYMENTS, SEED } from '@frontdoor/devnet/deployment'
import * as Devnet from '@frontdoor/devnet/devnet'
import { encodeFunctionData, erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as TestApp from '../TestApp.js'

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
    const { status, body } = await rpc('chainId=eip155:31337&projectId=demo', call('eth_noSuchMethod'))
    expect(status).toBe(200)
    expect(body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      error: { message: expect.stringContaining('eth_noSuchMethod') },
    })
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
    const chain = await rpc('chainId=eip155:1&projectId=demo', call('eth_chainId'))
    expect(chain.status).toBe(400)
    expect(chain.body.error).toMatchObject({ message: 'Unsupported chain', data: { chainId: 'eip155:1' } })
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
