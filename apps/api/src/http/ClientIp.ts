import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's address: the socket's peer, or the first `x-forwarded-for` hop when the API runs
 * behind a proxy it trusts (never trust that header from the open internet).
 */
export function of(c: Context, options: { trustProxy: boolean }): string {
  if (options.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket.
    return 'unknown'
  }
}
