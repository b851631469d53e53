import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as Errors from '@frontdoor/protocol/errors'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Api from './Api.js'

// A stand-in for the API's RPC proxy and vault over real HTTP (the real routes are tested in apps/api
// and, behind a browser, in e2e/embedded): the method names the answer.
const requests: { url: string; body: unknown }[] = []
const server = createServer((request, response) => {
  let text = ''
  request.on('data', (chunk) => {
    text += chunk
  })
  request.on('end', () => {
    const body = JSON.parse(text || 'null') as { method?: string } | null
    requests.push({ url: request.url ?? '', body })
    const answer = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(value))
    }
    if (request.url?.startsWith('/v1/vault/rpc'))
      return answer(403, { error: { code: 4100, message: 'The vault says no' } })
    switch (body?.method) {
      case 'eth_blockNumber':
        return answer(200, { jsonrpc: '2.0', id: 1, result: '0x10' })
      case 'eth_call':
        return answer(200, {
          jsonrpc: '2.0',
          id: 1,
          error: { code: 3, message: 'execution reverted', data: '0x08' },
        })
      case 'eth_limited':
        return answer(429, { jsonrpc: '2.0', id: null, error: { code: -32005, message: 'Rate limited' } })
      default:
        return answer(200, { jsonrpc: '2.0', id: 1 })
    }
  })
})
let api: Api.Api
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  api = Api.create(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
afterAll(() => {
  server.close()
})

/** What `promise` rejects with. */
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('rpc', () => {
  test('posts one JSON-RPC request to the proxy, for the CAIP-2 chain and the project', async () => {
    requests.length = 0
    expect(await api.rpc('demo', 31337, 'eth_blockNumber', undefined)).toBe('0x10')
    const [request] = requests
    expect(new URLSearchParams(request!.url.slice(request!.url.indexOf('?')))).toEqual(
      new URLSearchParams({ chainId: 'eip155:31337', projectId: 'demo' }),
    )
    expect(request!.body).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })
    // A response with neither result nor error is not JSON-RPC: refused as an invalid answer.
    expect(await rejection(api.rpc('demo', 31337, 'eth_other', []))).toMatchObject({
      name: 'ApiError',
      code: 'invalid_response',
    })
  })

  test("the node's error and the proxy's refusal are ProviderRpcErrors with their codes", async () => {
    const reverted = await rejection(api.rpc('demo', 31337, 'eth_call', [{ to: '0x01' }, 'latest']))
    expect(reverted).toBeInstanceOf(Errors.ProviderRpcError)
    expect(reverted).toMatchObject({ code: 3, message: 'execution reverted', data: '0x08' })
    const limited = await rejection(api.rpc('demo', 31337, 'eth_limited', []))
    expect(limited).toBeInstanceOf(Errors.ProviderRpcError)
    expect(limited).toMatchObject({ code: -32005, message: 'Rate limited' })
  })
})

describe('vaultRpc', () => {
  test("the vault's numeric code is a ProviderRpcError", async () => {
    const refused = await rejection(
      api.vaultRpc('t0k', { chainId: 31337, method: 'personal_sign', params: [] }),
    )
    expect(refused).toBeInstanceOf(Errors.ProviderRpcError)
    expect(refused).toMatchObject({ code: 4100, message: 'The vault says no' })
  })
})
