import type * as Chains from '@frontdoor/schemas/api/chains'
import * as Errors from './errors.js'

/**
 * JSON-RPC 2.0 framing, written once, for the client that speaks to the API's RPC proxy without viem:
 * the auth frame, whose only chain calls are the safe reads it forwards and the nonce/gas/fee fill of
 * a transaction (viem's client and http transport would add about 8 KB gzipped to its 32 KB for them).
 * The servers (the RPC proxy route, the relay) keep their own framing.
 */

/** The JSON-RPC request of one EIP-1193 call (`params` as given; none is `[]`). */
export function request(
  method: string,
  params: unknown,
): { jsonrpc: '2.0'; id: number; method: string; params: unknown } {
  return { jsonrpc: '2.0', id: 1, method, params: params ?? [] }
}

/**
 * The result of a JSON-RPC response (`null` when it has none); its error thrown as the one
 * {@link Errors.ProviderRpcError}, with the node's code, message and data.
 */
export function result(response: Chains.JsonRpcResponse): unknown {
  if ('error' in response) {
    const { code, message, data } = response.error
    throw new Errors.ProviderRpcError(code, message, data)
  }
  return response.result ?? null
}
