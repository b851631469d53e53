import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** The largest proxy chain TRUST_PROXY may name. */
const TRUSTED_PROXIES_MAX = 10

/**
 * How many proxies of ours stand in front of the API, from TRUST_PROXY: unset, `0` or `false` for none
 * (the header is ignored), `1` or `true` for one, a count for a chain of them.
 */
export function trustedProxies(value: string | undefined): number {
  const text = value?.trim().toLowerCase() ?? ''
  if (text === '' || text === 'false') return 0
  if (text === 'true') return 1
  const count = Number(text)
  if (!Number.isInteger(count) || count < 0 || count > TRUSTED_PROXIES_MAX)
    throw new Error(`TRUST_PROXY must be true, false or a number of proxies (0 to ${TRUSTED_PROXIES_MAX})`)
  return count
}

/**
 * The client's address: the socket's peer, or, behind `trustProxy` proxies of ours, the
 * `x-forwarded-for` entry the outermost of them appended (the Nth from the end). Entries before it
 * are whatever the client wrote, so they are never read.
 */
export function of(c: Context, options: { trustProxy: number }): string {
  if (options.trustProxy > 0) {
    const hops = c.req.header('x-forwarded-for')?.split(',') ?? []
    const forwarded = hops[hops.length - options.trustProxy]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket.
    return 'unknown'
  }
}
