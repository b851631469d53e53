import type * as Upstreams from '../../rpc/Upstreams.js'

/** JSON-RPC calls to a chain through the API's own upstreams (the RPC proxy's nodes and fallback). */

/** A chain's JSON-RPC error, or an upstream that could not be reached (`unreachable`). */
export class RpcFailure extends Error {
  override name = 'RpcFailure'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    readonly unreachable = false,
  ) {
    super(message)
  }
}

/** JSON-RPC internal error: the code of an upstream that did not answer. */
export const INTERNAL_ERROR = -32603

/** One JSON-RPC call: the result, or a {@link RpcFailure}. */
export type Call = <T = unknown>(method: string, params: unknown[]) => Promise<T>

/**
 * A caller for one CAIP-2 chain.
 *
 * @example
 * const call = ChainRpc.create(deps.upstreams, 'eip155:31337')
 * const nonce = await call<Hex>('eth_getTransactionCount', [address, 'pending'])
 */
export function create(upstreams: Upstreams.Upstreams, chainId: string): Call {
  let id = 0
  return async <T>(method: string, params: unknown[]) => {
    id += 1
    const answer = await upstreams.forward(chainId, JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    if (!answer) throw new RpcFailure(INTERNAL_ERROR, `No node of ${chainId} answered`, undefined, true)
    let body: { result?: T; error?: { code?: number; message?: string; data?: unknown } }
    try {
      body = JSON.parse(answer.body)
    } catch {
      throw new RpcFailure(
        INTERNAL_ERROR,
        `A node of ${chainId} answered ${method} with something else than JSON`,
        undefined,
        true,
      )
    }
    if (body.error)
      throw new RpcFailure(
        body.error.code ?? INTERNAL_ERROR,
        body.error.message ?? `${method} failed`,
        body.error.data,
      )
    if (!('result' in body))
      throw new RpcFailure(
        INTERNAL_ERROR,
        `A node of ${chainId} answered ${method} without a result`,
        undefined,
        true,
      )
    return body.result as T
  }
}
