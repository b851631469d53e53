import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Chains from './chains.js'

describe('SupportedChainsResponse', () => {
  test('CAIP-2 lists', () => {
    const body = { http: ['eip155:31337', 'eip155:31338'], ws: [] }
    expect(z.parse(Chains.SupportedChainsResponse, body)).toEqual(body)
    expect(
      Chains.SupportedChainsResponse.safeParse({ http: ['31337'], ws: [] }).error?.issues[0]?.message,
    ).toBe('Invalid CAIP-2 network id: 31337')
  })
})

describe('RpcQuery', () => {
  test('chain id as CAIP-2 and a project id', () => {
    expect(Chains.RpcQuery.safeParse({ chainId: 'eip155:31337', projectId: 'p' }).success).toBe(true)
    expect(Chains.RpcQuery.safeParse({ chainId: '31337', projectId: 'p' }).success).toBe(false)
    expect(Chains.RpcQuery.safeParse({ chainId: 'eip155:1', projectId: '' }).success).toBe(false)
  })
})

describe('JsonRpcId', () => {
  test('string, number or null', () => {
    for (const id of ['a', 1, null]) expect(Chains.JsonRpcId.safeParse(id).success).toBe(true)
    expect(Chains.JsonRpcId.safeParse({}).success).toBe(false)
  })
})

describe('JsonRpcRequest', () => {
  test('a request and a notification', () => {
    expect(
      Chains.JsonRpcRequest.safeParse({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }).success,
    ).toBe(true)
    expect(Chains.JsonRpcRequest.safeParse({ jsonrpc: '2.0', method: 'eth_chainId' }).success).toBe(true)
  })

  test('bad requests are rejected', () => {
    expect(Chains.JsonRpcRequest.safeParse({ jsonrpc: '1.0', id: 1, method: 'x' }).success).toBe(false)
    expect(Chains.JsonRpcRequest.safeParse({ jsonrpc: '2.0', id: 1, method: '' }).success).toBe(false)
    expect(Chains.JsonRpcRequest.safeParse({ jsonrpc: '2.0', id: 1, method: 'x', params: 'a' }).success).toBe(
      false,
    )
  })

  test('property: arbitrary JSON never throws, only fails', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(typeof Chains.JsonRpcRequest.safeParse(value).success).toBe('boolean')
      }),
      { numRuns: 200 },
    )
  })
})

describe('JsonRpcError', () => {
  test('an integer code and a message', () => {
    expect(Chains.JsonRpcError.safeParse({ code: -32602, message: 'Invalid params' }).success).toBe(true)
    expect(Chains.JsonRpcError.safeParse({ code: 1.5, message: 'x' }).success).toBe(false)
  })
})

describe('JsonRpcSuccess', () => {
  test('id and result', () => {
    expect(Chains.JsonRpcSuccess.safeParse({ jsonrpc: '2.0', id: 1, result: '0x7a69' }).success).toBe(true)
  })
})

describe('JsonRpcFailure', () => {
  test('id and error', () => {
    expect(
      Chains.JsonRpcFailure.safeParse({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error' },
      }).success,
    ).toBe(true)
  })
})

describe('JsonRpcResponse', () => {
  test('success or error', () => {
    const error = { jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted', data: '0x' } }
    expect(z.parse(Chains.JsonRpcResponse, error)).toEqual(error)
    expect(z.parse(Chains.JsonRpcResponse, { jsonrpc: '2.0', id: 1, result: null })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: null,
    })
    expect(Chains.JsonRpcResponse.safeParse({ jsonrpc: '2.0', id: {} }).success).toBe(false)
  })
})

describe('JsonRpcBatchRequest', () => {
  const request = { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' } as const

  test('1 to 1000 requests', () => {
    expect(Chains.JsonRpcBatchRequest.safeParse([request]).success).toBe(true)
    expect(Chains.JsonRpcBatchRequest.safeParse([]).error?.issues[0]?.message).toBe('empty batch')
    expect(Chains.JsonRpcBatchRequest.safeParse(Array(1001).fill(request)).success).toBe(false)
    expect(Chains.JsonRpcBatchRequest.safeParse(Array(1000).fill(request)).success).toBe(true)
  })
})

describe('JsonRpcBatchResponse', () => {
  test('a list of responses', () => {
    expect(Chains.JsonRpcBatchResponse.safeParse([{ jsonrpc: '2.0', id: 1, result: '0x1' }]).success).toBe(
      true,
    )
  })
})

describe('JsonRpcBody', () => {
  test('one request or a batch', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
    expect(Chains.JsonRpcBody.safeParse(request).success).toBe(true)
    expect(Chains.JsonRpcBody.safeParse([request, request]).success).toBe(true)
    expect(Chains.JsonRpcBody.safeParse('eth_chainId').success).toBe(false)
  })
})
