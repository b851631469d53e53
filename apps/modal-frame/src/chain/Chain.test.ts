import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as Errors from '@frontdoor/protocol/errors'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Chain from './Chain.js'

/** A JSON-RPC node behind a stand-in of the API's RPC proxy; it records the bodies it received. */
const received: { url: string; body: { jsonrpc: string; method: string; params: unknown[] } }[] = []
let server: Server
let apiUrl: string
beforeAll(async () => {
  server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk) => {
      text += chunk
    })
    request.on('end', () => {
      const body = JSON.parse(text)
      received.push({ url: request.url ?? '', body })
      const reply = (payload: object, status = 200) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...payload }))
      }
      if (body.method === 'eth_blockNumber') return reply({ result: '0x2a' })
      if (body.method === 'eth_call')
        return reply({ error: { code: 3, message: 'execution reverted: nope', data: '0x08c379a0' } })
      if (body.method === 'eth_gasPrice') return reply({ error: { code: -32005, message: 'slow down' } }, 429)
      reply({ error: { code: -32601, message: 'the method does not exist' } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => server.close())

describe('request', () => {
  test('a safe read goes to the RPC proxy of the chain as a JSON-RPC body viem wrote', async () => {
    const before = received.length
    expect(await Chain.request({ apiUrl, projectId: 'p1' }, 31337, 'eth_blockNumber', [])).toBe('0x2a')
    expect(received.length).toBe(before + 1)
    const last = received.at(-1)!
    expect(last.url).toBe('/v1/?chainId=eip155%3A31337&projectId=p1')
    expect(last.body).toMatchObject({ jsonrpc: '2.0', method: 'eth_blockNumber', params: [] })
  })

  test("the node's error reaches the page with its code, message and revert data", async () => {
    const error = await Chain.request({ apiUrl, projectId: 'p1' }, 31337, 'eth_call', [{}, 'latest']).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(Errors.ProviderRpcError)
    expect(error).toMatchObject({ code: 3, message: 'execution reverted: nope', data: '0x08c379a0' })
  })

  test('a JSON-RPC error in a non-2xx reply keeps its code (rate limited by the proxy)', async () => {
    const error = await Chain.request({ apiUrl, projectId: 'p1' }, 31337, 'eth_gasPrice', []).catch((e) => e)
    expect(error).toMatchObject({ code: -32005, message: 'slow down' })
  })

  test('an unreachable node is Chain Disconnected (4901)', async () => {
    const error = await Chain.request(
      { apiUrl: 'http://127.0.0.1:9', projectId: 'p1' },
      1,
      'eth_blockNumber',
      [],
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Errors.ProviderRpcError)
    expect(error).toMatchObject({ code: 4901 })
  })
})

describe('client', () => {
  test('one client per project and chain', () => {
    const context = { apiUrl, projectId: 'p1' }
    expect(Chain.client(context, 1)).toBe(Chain.client(context, 1))
    expect(Chain.client(context, 1)).not.toBe(Chain.client(context, 2))
  })
})
