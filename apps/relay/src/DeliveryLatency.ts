/**
 * How long the relay itself holds a message: from the arrival of the socket data that carried the
 * publish (or of the fan-out message from another node) to the write of the `irn_subscription` to
 * the subscriber's socket (the end of the turn's write batch). Measured with `performance.now()`
 * inside the process, so it leaves out the kernel and the clients; compared with a client's
 * publish -> delivery latency it tells the relay's part from the rest.
 *
 * Only deliveries made while a frame is handled synchronously are timed (a publish in memory, a
 * message from another node); a publish that waits for Redis, or a mailbox replay after a subscribe,
 * is not.
 */

/** Bucket upper bounds in seconds (Prometheus `le`), fine around the relay's goal (<= 2 ms at 5k msg/s). */
export const BUCKETS_S = [
  0.00005, 0.0001, 0.0002, 0.0003, 0.0005, 0.00075, 0.001, 0.0015, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015,
  0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const

const METRIC = 'frontdoor_relay_delivery_seconds'

export type DeliveryLatency = {
  /** A frame (or a fan-out message) that arrived at `at` (`performance.now()`) is being handled; -1: none. */
  handling: (at: number) => void
  /** A delivery was queued for a socket while handling the current frame. */
  delivered: () => void
  /** The turn's queued writes reached the sockets: every delivery queued since is timed. */
  written: () => void
  /** The histogram in Prometheus text format. */
  render: () => string[]
}

/**
 * Creates an empty histogram.
 *
 * @example
 * const latency = DeliveryLatency.create()
 * latency.handling(arrivedAt); relay.handle(client, text); latency.handling(-1)
 * // at the end of the turn, after the sockets were uncorked:
 * latency.written()
 */
export function create(clock: () => number = () => performance.now()): DeliveryLatency {
  const counts = new Array<number>(BUCKETS_S.length + 1).fill(0)
  const boundsMs = BUCKETS_S.map((s) => s * 1000)
  let sumS = 0
  let current = -1
  /** Arrival times of the deliveries queued in this turn. */
  let pending: number[] = []
  return {
    handling(at) {
      current = at
    },
    delivered() {
      if (current >= 0) pending.push(current)
    },
    written() {
      if (pending.length === 0) return
      const now = clock()
      for (const at of pending) {
        const ms = now - at
        let i = 0
        while (i < boundsMs.length && ms > boundsMs[i]!) i++
        counts[i]! += 1
        sumS += ms / 1000
      }
      pending = []
    },
    render() {
      const lines = [
        `# HELP ${METRIC} Time inside the relay from a publish's arrival to its delivery written to a subscriber's socket.`,
        `# TYPE ${METRIC} histogram`,
      ]
      let cumulative = 0
      BUCKETS_S.forEach((le, i) => {
        cumulative += counts[i]!
        lines.push(`${METRIC}_bucket{le="${le}"} ${cumulative}`)
      })
      cumulative += counts[BUCKETS_S.length]!
      lines.push(
        `${METRIC}_bucket{le="+Inf"} ${cumulative}`,
        `${METRIC}_sum ${sumS}`,
        `${METRIC}_count ${cumulative}`,
      )
      return lines
    },
  }
}

/** The cumulative bucket counts of the histogram in a `/metrics` text, `+Inf` last. */
export function scrape(text: string): number[] {
  const counts: number[] = []
  for (const match of text.matchAll(new RegExp(`^${METRIC}_bucket\\{le="[^"]+"\\} (\\d+)$`, 'gm')))
    counts.push(Number(match[1]))
  return counts
}

/**
 * A quantile (in milliseconds) of the deliveries between two scrapes (cumulative counts as `scrape`
 * gives them), interpolated linearly inside its bucket; past the last bound, Infinity.
 */
export function quantileMs(before: readonly number[], after: readonly number[], q: number): number {
  const counts = after.map((n, i) => n - (before[i] ?? 0))
  const total = counts.at(-1) ?? 0
  if (total === 0) return Number.NaN
  const rank = q * total
  for (let i = 0; i < BUCKETS_S.length; i++) {
    if (counts[i]! < rank) continue
    const upper = BUCKETS_S[i]! * 1000
    const lower = i === 0 ? 0 : BUCKETS_S[i - 1]! * 1000
    const below = i === 0 ? 0 : counts[i - 1]!
    return lower + ((rank - below) / (counts[i]! - below)) * (upper - lower)
  }
  return Number.POSITIVE_INFINITY
}
