import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest'
import * as TestApp from '../TestApp.js'
import * as Rpc from './routes.js'

/** A node that counts what reaches it; `answer` decides each reply (the request's id by default). */
async function node(chainHex: string) {
  const state = {
    bodies: [] as unknown[],
    answer: (request: { id: unknown; method: string }): [number, unknown] => [
      200,
      { jsonrpc: '2.0', id: request.id, result: chainHex },
    ],
  }
  const server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    const request = JSON.parse(text)
    state.bodies.push(request)
    const [status, body] = state.answer(request)
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, state, close: () => new Promise((resolve) => server.close(resolve)) }
}

const a = await node('0x7a69')
const b = await node('0x7a6a')
const t = await TestApp.create({ upstreams: { 'eip155:31337': [a.url], 'eip155:31338': [b.url] } })
afterAll(async () => {
  await t.close()
  await Promise.all([a.close(), b.close()])
})
afterEach(() => {
  vi.useRealTimers()
  for (const n of [a, b]) {
    n.state.bodies.length = 0
    n.state.answer = (request) => [200, { jsonrpc: '2.0', id: request.id, result: '0x7a69' }]
  }
})

const call = async (body: unknown, chain = 'eip155:31337', projectId = 'demo') => {
  const response = await t.app.request(`/v1/?chainId=${chain}&projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

describe("the proxy's constant answers (eth_chainId)", () => {
  test("are asked of the chain's node once and answered with each request's own id", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const chainId = (id: unknown) => call({ jsonrpc: '2.0', id, method: 'eth_chainId', params: [] })
    expect(await chainId(1)).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 1, result: '0x7a69' } })
    expect(await chainId('x')).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 'x', result: '0x7a69' } })
    expect((await call({ jsonrpc: '2.0', id: 3, method: 'eth_chainId' })).body.result).toBe('0x7a69')
    expect(a.state.bodies).toHaveLength(1)
    // The other chain has its own answer, from its own node.
    const other = await call({ jsonrpc: '2.0', id: 4, method: 'eth_chainId' }, 'eip155:31338')
    expect(other.body).toEqual({ jsonrpc: '2.0', id: 4, result: '0x7a6a' })
    expect(b.state.bodies).toHaveLength(1)
    // Past its lifetime the node is asked again.
    vi.setSystemTime(Date.now() + Rpc.CONSTANT_TTL_MS + 1)
    a.state.answer = (request) => [200, { jsonrpc: '2.0', id: request.id, result: '0x1' }]
    expect((await chainId(5)).body).toEqual({ jsonrpc: '2.0', id: 5, result: '0x1' })
    expect(a.state.bodies).toHaveLength(2)
  })

  test('still check the project, then the rate limit, before answering', async () => {
    await call({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    const unknown = await call({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'eip155:31337', 'ghost-proj')
    expect(unknown.status).toBe(401)
    const unsupported = await call({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'eip155:1')
    expect(unsupported.status).toBe(400)
  })

  test("a node's error or failure is never kept: each request is forwarded as before", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 2 * Rpc.CONSTANT_TTL_MS)
    a.state.answer = (request) => [
      200,
      { jsonrpc: '2.0', id: request.id, error: { code: -32000, message: 'busy' } },
    ]
    const first = await call({ jsonrpc: '2.0', id: 7, method: 'eth_chainId' })
    expect(first.body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32000, message: 'busy' } })
    a.state.answer = () => [503, { message: 'down' }]
    const second = await call({ jsonrpc: '2.0', id: 8, method: 'eth_chainId' })
    expect(second.status).toBe(502)
    a.state.answer = (request) => [200, { jsonrpc: '2.0', id: request.id, result: '0x7a69' }]
    expect((await call({ jsonrpc: '2.0', id: 9, method: 'eth_chainId' })).body).toEqual({
      jsonrpc: '2.0',
      id: 9,
      result: '0x7a69',
    })
    expect(a.state.bodies.length).toBeGreaterThanOrEqual(4)
  })

  test('with params, as a notification or in a batch, the request goes to the node as before', async () => {
    await call({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    a.state.bodies.length = 0
    await call({ jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: ['x'] })
    await call({ jsonrpc: '2.0', method: 'eth_chainId' })
    const batch = await call([{ jsonrpc: '2.0', id: 3, method: 'eth_chainId' }])
    expect(a.state.bodies).toEqual([
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: ['x'] },
      { jsonrpc: '2.0', method: 'eth_chainId' },
      [{ jsonrpc: '2.0', id: 3, method: 'eth_chainId' }],
    ])
    expect(batch.status).toBe(200)
  })
})
