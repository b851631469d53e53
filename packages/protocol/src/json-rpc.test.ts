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
