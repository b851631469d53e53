/** The outcome of taking one unit from a limit. */
export type Decision = { allowed: boolean; remaining: number; retryAfterMs: number }

/**
 * A fixed-window rate limiter. In memory by default; the interface lets a shared store (Redis) replace
 * it so several API nodes count together.
 */
export type RateLimiter = {
  take: (key: string, limit: number, windowMs: number) => Promise<Decision>
}

/** A limit: at most `limit` requests per `windowMs`. */
export type Limit = { limit: number; windowMs: number }

/** An in-memory limiter (one process). `now` is injectable for tests. */
export function memory(options: { now?: () => number } = {}): RateLimiter & { size: () => number } {
  const now = options.now ?? Date.now
  const windows = new Map<string, { start: number; windowMs: number; count: number }>()
  let lastSweep = now()
  const sweep = (time: number) => {
    if (time - lastSweep < 10_000) return
    lastSweep = time
    for (const [key, entry] of windows) if (time - entry.start >= entry.windowMs) windows.delete(key)
  }
  return {
    async take(key, limit, windowMs) {
      const time = now()
      sweep(time)
      let entry = windows.get(key)
      if (!entry || time - entry.start >= windowMs) {
        entry = { start: time, windowMs, count: 0 }
        windows.set(key, entry)
      }
      const retryAfterMs = entry.start + windowMs - time
      if (entry.count >= limit) return { allowed: false, remaining: 0, retryAfterMs }
      entry.count += 1
      return { allowed: true, remaining: limit - entry.count, retryAfterMs }
    },
    size: () => windows.size,
  }
}
