import { Constants } from '@frontdoor/schemas'
import { Agent, request } from 'undici'
import * as Batcher from './Batcher.js'
import * as Fallback from './Fallback.js'

/** Spec section 9: HTTP RPC timeout, per upstream attempt. */
export const HTTP_RPC_TIMEOUT_MS = Constants.HTTP_RPC_TIMEOUT_MS
/** A ping that takes longer than this counts as failed. */
export const PING_TIMEOUT_MS = 2_000
/**
 * The seconds a client is asked to wait (Retry-After) when no upstream of a chain answered: one
 * fallback ping cycle (spec section 9: every 4000 ms). An RPC node's outage (a restart, a crash, a stall)
 * lasts seconds, not the 1 s of a database reconnection; by then every upstream has been pinged again and
 * ranked afresh, and a client retrying sooner mostly repeats the attempts that just failed (for a hanging
 * upstream, each one holds a connection for the 10 s RPC timeout).
 */
export const UNAVAILABLE_RETRY_AFTER_S = Constants.FALLBACK_PING_INTERVAL_MS / 1000

/** The upstream's answer, passed through as is (JSON-RPC errors inside a 200 are answers too). */
export type Answer = { status: number; body: string; upstream: string }

/** The upstream nodes of every chain the proxy serves. */
export type Upstreams = {
  /** CAIP-2 ids of the chains served. */
  chains: () => string[]
  has: (chainId: string) => boolean
  fallback: (chainId: string) => Fallback.Fallback | undefined
  /**
   * Sends a JSON-RPC body to the best upstream of `chainId`, then to the next ones while an attempt
   * fails (network error, timeout, non-2xx); undefined when every upstream failed.
   */
  forward: (chainId: string, body: string) => Promise<Answer | undefined>
  /**
   * Forwards one JSON-RPC request with an id like {@link forward}, joined with the chain's other requests
   * of the same event-loop turn into one upstream batch (see Batcher.ts); resolves with its own answer.
   */
  call: (chainId: string, request: Batcher.Request) => Promise<Batcher.Answer | undefined>
  start: () => void
  stop: () => void
}

// undici's request on a keep-alive pool: about 5x the throughput of fetch() to the same node.
const agent = new Agent({ keepAliveTimeout: 30_000 })

/** POSTs a JSON body to `url` and reads the whole answer. */
async function post(url: string, body: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    dispatcher: agent,
    signal: AbortSignal.timeout(timeoutMs),
  })
  return { status: response.statusCode, text: await response.body.text() }
}

/**
 * Resolves true when `url` answers its chain's head: eth_blockNumber (a hex string), or getSlot (a
 * number) for a node of a solana `chainId`.
 */
export async function ping(url: string, chainId = ''): Promise<boolean> {
  const solana = chainId.startsWith('solana:')
  try {
    const method = solana ? 'getSlot' : 'eth_blockNumber'
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] })
    const response = await post(url, body, PING_TIMEOUT_MS)
    const answer = JSON.parse(response.text) as { result?: unknown }
    return response.status < 300 && typeof answer.result === (solana ? 'number' : 'string')
  } catch {
    return false
  }
}

export type Options = {
  /** Upstream URLs per CAIP-2 chain id. */
  upstreams: Record<string, string[]>
  timeoutMs?: number
  pingIntervalMs?: number
  /** Called for each forwarded attempt that failed (the server logs and counts them). */
  onFailure?: (chainId: string, url: string, error: unknown) => void
}

/** Creates the upstream set; call `start()` to begin pinging. */
export function create(options: Options): Upstreams {
  const timeoutMs = options.timeoutMs ?? HTTP_RPC_TIMEOUT_MS
  const fallbacks = new Map(
    Object.entries(options.upstreams)
      .filter(([, urls]) => urls.length > 0)
      .map(([chainId, urls]) => [
        chainId,
        Fallback.create({
          urls,
          ping: (url: string) => ping(url, chainId),
          ...(options.pingIntervalMs ? { intervalMs: options.pingIntervalMs } : {}),
        }),
      ]),
  )
  const batchers = new Map<string, ReturnType<typeof Batcher.create>>()
  /**
   * Sends a batch the proxy joined (see Batcher.ts) to the chain's upstreams, best first. A node that
   * fails the batch as a whole while it is up (a 5xx or 429 to the batch; a network error or timeout while
   * its latest ping or request succeeded: one slow call) is not marked unhealthy: {@link Batcher.ALONE},
   * the batcher sends each request alone, and those attempts are the ones that count (a public node that
   * rate limits a batch of N as N requests says nothing about its health). A node that also fails its
   * pings is down or hanging: marked, and the batch goes to the next one, as {@link Upstreams.forward} does.
   */
  async function joined(chainId: string, body: string): Promise<Answer | typeof Batcher.ALONE | undefined> {
    const fallback = fallbacks.get(chainId)
    if (!fallback) return undefined
    for (const url of fallback.ranked()) {
      const started = performance.now()
      try {
        const response = await post(url, body, timeoutMs)
        if (response.status >= 500 || response.status === 429) return Batcher.ALONE
        return { status: response.status, body: response.text, upstream: url }
      } catch (error) {
        if (fallback.answering(url)) return Batcher.ALONE
        fallback.record(url, { ok: false, latencyMs: performance.now() - started })
        options.onFailure?.(chainId, url, error)
      }
    }
    return undefined
  }
  const upstreams: Upstreams = {
    chains: () => [...fallbacks.keys()],
    has: (chainId) => fallbacks.has(chainId),
    fallback: (chainId) => fallbacks.get(chainId),
    call(chainId, request) {
      let batcher = batchers.get(chainId)
      if (!batcher) {
        if (!fallbacks.has(chainId)) return Promise.resolve(undefined)
        batcher = Batcher.create((body, { batch }) =>
          batch ? joined(chainId, body) : upstreams.forward(chainId, body),
        )
        batchers.set(chainId, batcher)
      }
      return batcher.call(request)
    },
    async forward(chainId, body) {
      const fallback = fallbacks.get(chainId)
      if (!fallback) return undefined
      for (const url of fallback.ranked()) {
        const started = performance.now()
        try {
          const response = await post(url, body, timeoutMs)
          if (response.status >= 500 || response.status === 429) throw new Error(`status ${response.status}`)
          return { status: response.status, body: response.text, upstream: url }
        } catch (error) {
          fallback.record(url, { ok: false, latencyMs: performance.now() - started })
          options.onFailure?.(chainId, url, error)
        }
      }
      return undefined
    },
    start: () => {
      for (const fallback of fallbacks.values()) fallback.start()
    },
    stop: () => {
      for (const fallback of fallbacks.values()) fallback.stop()
    },
  }
  return upstreams
}
