import type { EIP1193Parameters, PublicRpcSchema } from 'viem'
import * as Clients from '../chains/Clients.js'
import type * as Upstreams from '../rpc/Upstreams.js'

/** The largest JSON-RPC batch sent upstream at once (spec section 9: batch 1000). */
export const BATCH_MAX = Clients.BATCH_MAX

/** One JSON-RPC call. */
export type Call = { method: string; params: unknown[] }

/** A call's outcome in a settled batch. */
export type Settled<T> = { ok: true; result: T } | { ok: false; error: { code: number; message: string } }

/**
 * The reads of one chain as the node answers them: the indexer's (hex quantities, raw logs and blocks,
 * which `Decode` reads) and a solana chain's balances, through the chain's viem client (`Clients.rpc`):
 * viem writes the bodies and sends the calls of one batch as JSON-RPC batches of at most {@link BATCH_MAX}.
 */
export type ChainRpc = {
  chainId: string
  /** One call; throws an {@link UpstreamError} on an upstream or JSON-RPC error. */
  call: <T>(method: string, params?: unknown[]) => Promise<T>
  /** A batch; throws when any call fails. */
  batch: <T>(calls: readonly Call[]) => Promise<T[]>
  /** A batch whose calls may fail one by one (eth_call on a contract that reverts). */
  settle: <T>(calls: readonly Call[]) => Promise<Settled<T>[]>
}

/** An upstream that did not answer, or a call the chain refused. */
export class UpstreamError extends Error {
  override name = 'UpstreamError'
}

/**
 * A client of `chainId` (an EVM or a solana chain) over `upstreams`.
 *
 * @example
 * const rpc = ChainRpc.create(deps.upstreams, 'eip155:31337')
 * const head = await rpc.call<string>('eth_blockNumber')
 */
export function create(upstreams: Upstreams.Upstreams, chainId: string): ChainRpc {
  const request = async (call: Call): Promise<unknown> => {
    const client = Clients.rpc(upstreams, chainId)
    return client.request({ method: call.method, params: call.params } as EIP1193Parameters<PublicRpcSchema>)
  }
  const settle = async <T>(calls: readonly Call[]): Promise<Settled<T>[]> => {
    const out: Settled<T>[] = []
    for (let start = 0; start < calls.length; start += BATCH_MAX) {
      const chunk = calls.slice(start, start + BATCH_MAX)
      // Made in one tick, the calls leave as one JSON-RPC batch.
      const replies = await Promise.allSettled(chunk.map(request))
      replies.forEach((reply, i) => {
        if (reply.status === 'fulfilled') {
          out.push({ ok: true, result: reply.value as T })
          return
        }
        const failure = Clients.chainError(reply.reason, chainId)
        // No node answered: the whole batch failed, as one request would have.
        if (failure.unreachable)
          throw new UpstreamError(`${chainId}: ${chunk[i]?.method} failed: ${failure.message}`)
        out.push({ ok: false, error: { code: failure.code, message: failure.message } })
      })
    }
    return out
  }
  return {
    chainId,
    async call<T>(method: string, params: unknown[] = []) {
      try {
        return (await request({ method, params })) as T
      } catch (error) {
        throw new UpstreamError(`${chainId}: ${method} failed: ${Clients.chainError(error, chainId).message}`)
      }
    },
    async batch<T>(calls: readonly Call[]) {
      const settled = await settle<T>(calls)
      return settled.map((entry, i) => {
        if (entry.ok) return entry.result
        throw new UpstreamError(`${chainId}: ${calls[i]?.method} failed: ${entry.error.message}`)
      })
    },
    settle,
  }
}
