/**
 * A per-socket token bucket: `perSecond` messages sustained, `burst` above it. A socket that keeps
 * sending while limited goes into debt; past one more burst of debt it is disconnected.
 */

/** What taking one message from a bucket decided. */
type Decision = 'allowed' | 'limited' | 'abusive'

/** One socket's bucket. */
export type Bucket = { take: (now?: number) => Decision }

export type Options = { perSecond: number; burst: number; now?: () => number }

/**
 * Creates a full bucket.
 *
 * @example
 * const limiter = RateLimit.bucket({ perSecond: 500, burst: 1000 })
 * if (limiter.take() !== 'allowed') …
 */
export function bucket(options: Options): Bucket {
  const clock = options.now ?? Date.now
  let tokens = options.burst
  let last = clock()
  return {
    take(now = clock()) {
      if (now > last) {
        tokens = Math.min(options.burst, tokens + ((now - last) * options.perSecond) / 1000)
        last = now
      }
      if (tokens >= 1) {
        tokens -= 1
        return 'allowed'
      }
      tokens -= 1
      return tokens < -options.burst ? 'abusive' : 'limited'
    },
  }
}
