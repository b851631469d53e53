import type * as Upstreams from '../rpc/Upstreams.js'

/** The largest JSON-RPC batch sent upstream at once (spec section 9: batch 1000). */
export const BATCH_MAX = 1000

/** One JSON-RPC call. */
export type Call = { method: string; params: unknown[] }

/** A call's outcome in a settled batch. */
export type Settled<T> = { ok: true; result: T } | { ok: false; error: { code: number; message: string } }

/** A JSON-RPC client of one chain that speaks through the API's upstreams (ranked, with fallback). */
export type ChainRpc = {
  chainId: string
  /** One call; throws on an upstream or JSON-RPC error. */
  call: <T>(method: string, params?: unknown[]) => Promise<T>
  /** A batch (split into requests of at most {@link BATCH_MAX}); throws when any call fails. */
  batch: <T>(calls: readonly Call[]) => Promise<T[]>
  /** A batch whose calls may fail one by one (eth_call on a contract that reverts). */
  settle: <T>(calls: readonly Call[]) => Promise<Settled<T>[]>
}

/** An upstream that did not answer, or answered something that is not JSON-RPC. */
export class UpstreamError extends Error {
  override name = 'UpstreamError'
}

type Reply = { id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } }

/**
 * A client of `chainId` over `upstreams`.
 *
 * @example
 * const rpc = ChainRpc.create(deps.upstreams, 'eip155:31337')
 * const head = await rpc.call<string>('eth_blockNumber')
 */
export function create(upstreams: Upstreams.Upstreams, chainId: string): ChainRpc {
  const send = async (body: unknown): Promise<unknown> => {
    const answer = await upstreams.forward(chainId, JSON.stringify(body))
    if (!answer) throw new UpstreamError(`${chainId}: every upstream failed`)
    try {
      return JSON.parse(answer.body)
    } catch {
      throw new UpstreamError(
        `${chainId}: the upstream answered ${answer.status} with a body that is not JSON`,
      )
    }
  }
  const settle = async <T>(calls: readonly Call[]): Promise<Settled<T>[]> => {
    const out: Settled<T>[] = []
    for (let start = 0; start < calls.length; start += BATCH_MAX) {
      const chunk = calls.slice(start, start + BATCH_MAX)
      const replies = await send(chunk.map((call, i) => ({ jsonrpc: '2.0', id: i, ...call })))
      if (!Array.isArray(replies))
        throw new UpstreamError(`${chainId}: a batch got a reply that is not a list`)
      const byId = new Map<unknown, Reply>((replies as Reply[]).map((reply) => [reply.id, reply]))
      chunk.forEach((call, i) => {
        const reply = byId.get(i)
        if (reply && 'result' in reply) out.push({ ok: true, result: reply.result as T })
        else
          out.push({
            ok: false,
            error: {
              code: typeof reply?.error?.code === 'number' ? reply.error.code : -32603,
              message: String(reply?.error?.message ?? `no reply to ${call.method}`),
            },
          })
      })
    }
    return out
  }
  return {
    chainId,
    async call<T>(method: string, params: unknown[] = []) {
      const reply = (await send({ jsonrpc: '2.0', id: 1, method, params })) as Reply
      if (reply && typeof reply === 'object' && 'result' in reply) return reply.result as T
      throw new UpstreamError(`${chainId}: ${method} failed: ${String(reply?.error?.message ?? 'no result')}`)
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
