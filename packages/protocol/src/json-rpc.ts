import type * as Chains from '@frontdoor/schemas/api/chains'
import * as Errors from './errors.js'

/**
 * JSON-RPC 2.0 framing for the auth frame, which speaks to the API's RPC proxy without viem: its only
 * chain calls are the safe reads it forwards, the nonce/gas/fee fill of a transaction and a token's
 * decimals (viem's client and http transport would add about 8 KB gzipped to its 38 KB for them). It
 * is not the only framing yet: the modal's Solana reads (`account/SolanaRpc.ts`) and the API's Solana
 * balances and sends write bodies of their own, as the servers (the RPC proxy route, the relay) do.
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
