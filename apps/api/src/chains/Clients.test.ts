import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, test } from 'vitest'
import * as ChainRpc from '../indexer/ChainRpc.js'
import * as Upstreams from '../rpc/Upstreams.js'
import * as Clients from './Clients.js'

type Body = { id: number; method: string; params: unknown[] }

/** A node on a free port that answers with `answer` and records every HTTP body it gets. */
async function fakeNode(answer: (call: Body) => unknown, status = 200) {
  const bodies: unknown[] = []
  const server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    const body = JSON.parse(text) as Body | Body[]
    bodies.push(body)
    const reply = (call: Body) => {
      const out = answer(call)
      return out instanceof Error
        ? { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: out.message, data: '0x01' } }
        : { jsonrpc: '2.0', id: call.id, result: out }
    }
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(Array.isArray(body) ? body.map(reply) : reply(body)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const BASE_FEE = 1_000n
const PRIORITY_FEE = 7n
const healthy = await fakeNode((call) => {
  if (call.method === 'eth_blockNumber') return '0x10'
  if (call.method === 'eth_chainId') return '0x7a69'
  if (call.method === 'eth_getBlockByNumber')
    return { number: '0x10', baseFeePerGas: `0x${BASE_FEE.toString(16)}` }
  if (call.method === 'eth_maxPriorityFeePerGas') return `0x${PRIORITY_FEE.toString(16)}`
  return new Error(`insufficient funds for ${call.method}`)
})
const broken = await fakeNode(() => '0x0', 503)
afterAll(async () => {
  await healthy.close()
  await broken.close()
})

const CHAIN = 'eip155:31337'
const upstreams = (urls: string[]) => Upstreams.create({ upstreams: { [CHAIN]: urls } })

describe('Clients.of', () => {
  test('one client per set of upstreams and chain; none for a chain without nodes', () => {
    const set = upstreams([healthy.url])
    expect(Clients.of(set, CHAIN)).toBe(Clients.of(set, CHAIN))
    expect(Clients.of(upstreams([healthy.url]), CHAIN)).not.toBe(Clients.of(set, CHAIN))
    expect(() => Clients.of(set, 'eip155:1')).toThrow(Clients.ChainError)
  })

  test('a node that fails hands over to the next (fallback)', async () => {
    const before = broken.bodies.length
    const client = Clients.of(upstreams([broken.url, healthy.url]), CHAIN)
    expect(await client.getBlockNumber()).toBe(16n)
    expect(broken.bodies.length).toBe(before + 1)
  })

  test('EIP-1559 fees: twice the latest base fee plus the priority fee', async () => {
    const client = Clients.of(upstreams([healthy.url]), CHAIN)
    expect(await client.estimateFeesPerGas()).toEqual({
      maxFeePerGas: BASE_FEE * BigInt(Clients.BASE_FEE_MULTIPLIER) + PRIORITY_FEE,
      maxPriorityFeePerGas: PRIORITY_FEE,
    })
  })

  test("calls made in one tick leave as one JSON-RPC batch; each call's error stays its own", async () => {
    const rpc = ChainRpc.create(upstreams([healthy.url]), CHAIN)
    const before = healthy.bodies.length
    const settled = await rpc.settle([
      { method: 'eth_blockNumber', params: [] },
      { method: 'eth_call', params: [{ to: '0x0000000000000000000000000000000000000001' }, 'latest'] },
    ])
    expect(healthy.bodies.length).toBe(before + 1)
    expect(healthy.bodies.at(-1)).toHaveLength(2)
    expect(settled).toEqual([
      { ok: true, result: '0x10' },
      { ok: false, error: { code: -32000, message: 'insufficient funds for eth_call' } },
    ])
  })
})

describe('Clients.chainError', () => {
  test("the node's JSON-RPC error keeps its code, message and data; no node that answers is unreachable", async () => {
    const answered = await Clients.of(upstreams([healthy.url]), CHAIN)
      .request({ method: 'eth_sendRawTransaction', params: ['0x00'] })
      .catch((error: unknown) => Clients.chainError(error, CHAIN))
    expect(answered).toMatchObject({
      code: -32000,
      message: 'insufficient funds for eth_sendRawTransaction',
      data: '0x01',
      unreachable: false,
    })
    const down = await Clients.of(upstreams([broken.url]), CHAIN)
      .getBlockNumber()
      .catch((error: unknown) => Clients.chainError(error, CHAIN))
    expect(down).toMatchObject({ code: Clients.INTERNAL_ERROR, unreachable: true })
    await expect(ChainRpc.create(upstreams([broken.url]), CHAIN).call('eth_blockNumber')).rejects.toThrow(
      ChainRpc.UpstreamError,
    )
  })
})
