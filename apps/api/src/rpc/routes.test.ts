import { createServer } from 'node:net'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../TestApp.js'
import * as Upstreams from './Upstreams.js'

// A chain whose only upstream refuses connections (a port nothing listens on): the proxy's and the
// balance route's 502 say when to retry. Nothing is mocked: the refusal is the kernel's.
const closedPort = await new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const address = server.address()
    server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
  })
})
const t = await TestApp.create({ upstreams: { 'eip155:31337': [`http://127.0.0.1:${closedPort}`] } })
afterAll(() => t.close())

describe('no upstream of a chain answers', () => {
  test('Retry-After is one fallback ping cycle: 4 s', () => {
    expect(Upstreams.UNAVAILABLE_RETRY_AFTER_S).toBe(4)
  })

  test("the RPC proxy: 502 -32010 'Upstream unavailable' with Retry-After", async () => {
    const response = await t.app.request('/v1/?chainId=eip155:31337&projectId=demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    })
    expect(response.status).toBe(502)
    expect(response.headers.get('retry-after')).toBe('4')
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32010, message: 'Upstream unavailable', data: { chainId: 'eip155:31337' } },
    })
  })

  test('a refused method never reaches the upstream: answered, no Retry-After', async () => {
    const response = await t.app.request('/v1/?chainId=eip155:31337&projectId=demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [] }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('retry-after')).toBeNull()
  })

  test('the balance of that chain: 502 upstream_unavailable with Retry-After', async () => {
    const { status, headers, body } = await t.getJson(
      '/v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/balance?projectId=demo&currency=usd&chainId=eip155:31337',
    )
    expect(status).toBe(502)
    expect(headers.get('retry-after')).toBe('4')
    expect(body.error.code).toBe('upstream_unavailable')
    expect(body.error.message).toMatch(/^The chain did not answer: /)
  })
})

describe("the proxy's query (its parse kept per query string)", () => {
  const post = (query: string) =>
    t.app.request(`/v1/?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    })

  test('a repeated query string answers as the first time; a bad one is refused every time', async () => {
    for (const _ of [1, 2, 3]) {
      expect((await post('chainId=eip155:31337&projectId=demo')).status).toBe(502)
      const bad = await post('chainId=eip155&projectId=demo')
      expect(bad.status).toBe(400)
      expect((await bad.json()).error.message).toMatch(/^Invalid query field 'chainId'/)
      expect((await post('chainId=eip155:31337&projectId=ghost')).status).toBe(401)
      expect((await post('chainId=eip155:1&projectId=demo')).status).toBe(400)
    }
  })
})
