import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, test } from 'vitest'
import * as Errors from './errors.js'
import * as JsonRpc from './json-rpc.js'

describe('request', () => {
  test('one call, params as given, none as []', () => {
    expect(JsonRpc.request('eth_getBalance', ['0xab', 'latest'])).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getBalance',
      params: ['0xab', 'latest'],
    })
    expect(JsonRpc.request('eth_blockNumber', undefined).params).toEqual([])
  })
})

describe('result', () => {
  test('the result, or null when the node gave none', () => {
    expect(JsonRpc.result({ jsonrpc: '2.0', id: 1, result: '0x10' })).toBe('0x10')
    expect(JsonRpc.result({ jsonrpc: '2.0', id: 1, result: undefined })).toBeNull()
  })
  test("the node's error as a ProviderRpcError with its code, message and data", () => {
    const thrown = (() => {
      try {
        JsonRpc.result({
          jsonrpc: '2.0',
          id: 1,
          error: { code: 3, message: 'execution reverted', data: '0x08c379a0' },
        })
      } catch (error) {
        return error
      }
    })()
    expect(thrown).toBeInstanceOf(Errors.ProviderRpcError)
    expect(thrown).toMatchObject({ code: 3, message: 'execution reverted', data: '0x08c379a0' })
  })
})

/**
 * A server on a free port that answers every POST with `status` and `body` (text), holding it back
 * `delayMs`: the answers a node or a proxy in front of it gives. The real nodes are tested in their
 * packages (devnet's Health, the modal's SolanaRpc against the local cluster); these are the faults.
 */
async function answering(status: number, body: string, delayMs = 0) {
  const server = createServer((req, res) => {
    req.resume()
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(body)
    }, delayMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('post', () => {
  test('one request framed by `request`; the result, or the error as a ProviderRpcError', async () => {
    const sent: unknown[] = []
    const fetcher = (async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(init.body as string))
      return Response.json({ jsonrpc: '2.0', id: 1, result: 42 })
    }) as typeof fetch
    expect(await JsonRpc.post('http://node.invalid', 'getSlot', undefined, { fetch: fetcher })).toBe(42)
    expect(sent).toEqual([JsonRpc.request('getSlot', [])])
    const refused = await answering(
      429,
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32005,"message":"slow down"}}',
    )
    try {
      await expect(JsonRpc.post(refused.url, 'getSlot', [])).rejects.toMatchObject({
        name: 'ProviderRpcError',
        code: -32005,
        message: 'slow down',
      })
    } finally {
      await refused.close()
    }
  })

  test('an answer that is no JSON-RPC response is an internal error naming the method', async () => {
    const gateway = await answering(502, '<html>Bad Gateway</html>')
    try {
      const failed = JsonRpc.post(gateway.url, 'getLatestBlockhash', [])
      await expect(failed).rejects.toBeInstanceOf(Errors.ProviderRpcError)
      await expect(failed).rejects.toMatchObject({
        code: Errors.PROVIDER_ERRORS.internalError.code,
        message: 'getLatestBlockhash failed',
      })
    } finally {
      await gateway.close()
    }
  })
})

describe('probe', () => {
  test('the result; undefined for an error, a node that is too slow or none', async () => {
    const up = await answering(200, '{"jsonrpc":"2.0","id":1,"result":"ok"}')
    const failing = await answering(200, '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}')
    const slow = await answering(
      200,
      '{"jsonrpc":"2.0","id":1,"result":"ok"}',
      JsonRpc.PROBE_TIMEOUT_MS + 500,
    )
    try {
      expect(await JsonRpc.probe(up.url, 'getHealth')).toBe('ok')
      expect(await JsonRpc.probe(failing.url, 'getHealth')).toBeUndefined()
      expect(await JsonRpc.probe(slow.url, 'getHealth')).toBeUndefined()
      expect(await JsonRpc.probe('http://127.0.0.1:1', 'getHealth')).toBeUndefined()
    } finally {
      await Promise.all([up.close(), failing.close(), slow.close()])
    }
  })
})
