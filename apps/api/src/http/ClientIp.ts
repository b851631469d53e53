import * as ClientAddress from '@frontdoor/rate-limit/client-address'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's address: the socket's peer, or, behind `trustProxy` proxies of ours, the
 * `x-forwarded-for` entry the outermost of them appended (the Nth from the end). Entries before it
 * are whatever the client wrote, so they are never read.
 */
export function of(c: Context, options: { trustProxy: number }): string {
  const forwarded = ClientAddress.forwarded(c.req.header('x-forwarded-for'), options.trustProxy)
  if (forwarded) return forwarded
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket.
    return 'unknown'
  }
}
