import type * as Chains from '@frontdoor/schemas/api/chains'
import * as Errors from './errors.js'

/**
 * JSON-RPC 2.0 framing for the clients that speak to a node or the API's RPC proxy without viem: the
 * auth frame (the safe reads it forwards, a transaction's nonce/gas/fee fill, a token's decimals; viem's
 * client and http transport would add about 8 KB gzipped to its 38 KB for them), the modal's Solana
 * reads (`account/SolanaRpc.ts`) and the local chains' health checks (`Health` of packages/devnet and
 * packages/solana). The API's clients are viem's (`chains/Clients.ts`); only the servers (the RPC
 * proxy, the relay, the bundler, the local clusters) write bodies of their own.
 */

/** The most time a health check's call may take: a node that answers later is down for it. */
export const PROBE_TIMEOUT_MS = 1_000

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

/** How {@link post} sends: the fetch to use (the global one by default) and more of the request's init. */
export type PostOptions = {
  fetch?: typeof fetch
  /** Credentials, an abort signal… (the method, headers and body are the call's). */
  init?: Omit<RequestInit, 'method' | 'headers' | 'body'>
}

/**
 * One JSON-RPC call over HTTP: its result, or the node's error as the one {@link Errors.ProviderRpcError}.
 * An answer that is no JSON-RPC response (an HTTP error without one, a body that is not JSON) is an
 * internal error naming the method; a request that does not leave (network, abort) rejects as fetch does.
 *
 * @example
 * const slot = await JsonRpc.post('http://127.0.0.1:8899', 'getSlot', [])
 */
export async function post(
  url: string,
  method: string,
  params: unknown,
  options: PostOptions = {},
): Promise<unknown> {
  // Called on its own: a browser's fetch refuses any `this` but the window.
  const fetcher = options.fetch ?? fetch
  const response = await fetcher(url, {
    ...options.init,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request(method, params)),
  })
  const body: unknown = await response.json().catch(() => undefined)
  if (!isResponse(body) || (!response.ok && !('error' in body)))
    throw Errors.providerError('internalError', `${method} failed`)
  return result(body)
}

/**
 * Whether `body` reads as a JSON-RPC response: a result, or an error with a numeric code and a message.
 * Checked by hand, not by `Chains.JsonRpcResponse`: the modal's first-open chunk holds zod's core, and
 * the schema's types would add to it.
 */
function isResponse(body: unknown): body is Chains.JsonRpcResponse {
  if (typeof body !== 'object' || body === null) return false
  if (!('error' in body)) return 'result' in body
  const error = body.error as { code?: unknown; message?: unknown } | null
  return typeof error?.code === 'number' && typeof error.message === 'string'
}

/**
 * One call of a health check (is the local node up, seeded): its result, or undefined on any failure (no
 * node, an error, no answer within {@link PROBE_TIMEOUT_MS}); it never throws.
 *
 * @example
 * const block = await JsonRpc.probe('http://127.0.0.1:8545', 'eth_blockNumber') // '0x1c' or undefined
 */
export async function probe(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  try {
    return await post(url, method, params, { init: { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) } })
  } catch {
    return undefined
  }
}
