import { Constants } from '@frontdoor/schemas'

/** Spec section 9: the fallback pings every 4000 ms, keeps 10 samples, weights stability 0.7, latency 0.3. */
export const {
  FALLBACK_PING_INTERVAL_MS,
  FALLBACK_SAMPLE_COUNT,
  FALLBACK_STABILITY_WEIGHT,
  FALLBACK_LATENCY_WEIGHT,
} = Constants

/** One ping result. */
export type Sample = { ok: boolean; latencyMs: number }

export type Options = {
  urls: string[]
  /** Resolves true when `url` answers (the RPC module pings with eth_blockNumber). */
  ping: (url: string) => Promise<boolean>
  intervalMs?: number
  sampleCount?: number
  weights?: { stability: number; latency: number }
  now?: () => number
}

/** Upstream nodes of one chain, ranked by their recent pings. */
export type Fallback = {
  urls: readonly string[]
  /** The upstreams, best first (configuration order until samples exist, and on ties). */
  ranked: () => string[]
  /** Each upstream's score in [0, 1]. */
  scores: () => Record<string, number>
  /** Whether the latest sample of `url` succeeded (true before any): the node answered its last ping or request. */
  answering: (url: string) => boolean
  /** Adds a sample (pings do; so does the proxy when a forwarded request fails). */
  record: (url: string, sample: Sample) => void
  /** Pings every upstream once, now. */
  pingAll: () => Promise<void>
  /** Starts pinging every interval (first round at once). */
  start: () => void
  stop: () => void
}

/**
 * Ranks upstreams as viem's fallback transport does: score = stability weight x success ratio +
 * latency weight x (1 - mean latency / the slowest mean latency), over the last samples.
 *
 * @example
 * const fallback = Fallback.create({ urls, ping: (url) => rpcOk(url) })
 * fallback.start()
 * for (const url of fallback.ranked()) { ... try url, on failure the next ... }
 */
export function create(options: Options): Fallback {
  const sampleCount = options.sampleCount ?? FALLBACK_SAMPLE_COUNT
  const intervalMs = options.intervalMs ?? FALLBACK_PING_INTERVAL_MS
  const weights = options.weights ?? {
    stability: FALLBACK_STABILITY_WEIGHT,
    latency: FALLBACK_LATENCY_WEIGHT,
  }
  const now = options.now ?? (() => performance.now())
  const samples = new Map<string, Sample[]>(options.urls.map((url) => [url, []]))
  let timer: ReturnType<typeof setInterval> | undefined
  let pinging = false

  const record = (url: string, sample: Sample) => {
    const list = samples.get(url)
    if (!list) return
    list.push(sample)
    if (list.length > sampleCount) list.splice(0, list.length - sampleCount)
  }

  const scores = () => {
    const stats = options.urls.map((url) => {
      const list = samples.get(url) ?? []
      const ok = list.filter((s) => s.ok)
      const stability = list.length ? ok.length / list.length : 1
      const meanLatency = ok.length ? ok.reduce((sum, s) => sum + s.latencyMs, 0) / ok.length : undefined
      return { url, stability, meanLatency }
    })
    const slowest = Math.max(0, ...stats.map((s) => s.meanLatency ?? 0))
    return Object.fromEntries(
      stats.map(({ url, stability, meanLatency }) => {
        // No successful sample: no latency credit; the slowest upstream gets none either (as in viem).
        const latency = meanLatency === undefined ? 0 : slowest > 0 ? 1 - meanLatency / slowest : 1
        return [url, weights.stability * stability + weights.latency * latency]
      }),
    )
  }

  const pingAll = async () => {
    if (pinging) return
    pinging = true
    try {
      await Promise.all(
        options.urls.map(async (url) => {
          const started = now()
          let ok = false
          try {
            ok = await options.ping(url)
          } catch {}
          record(url, { ok, latencyMs: now() - started })
        }),
      )
    } finally {
      pinging = false
    }
  }

  return {
    urls: options.urls,
    ranked() {
      const score = scores()
      return options.urls
        .map((url, index) => ({ url, index, score: score[url] ?? 0 }))
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .map((entry) => entry.url)
    },
    scores,
    answering: (url) => samples.get(url)?.at(-1)?.ok ?? true,
    record,
    pingAll,
    start() {
      if (timer) return
      void pingAll()
      timer = setInterval(() => void pingAll(), intervalMs)
      timer.unref?.()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = undefined
    },
  }
}
