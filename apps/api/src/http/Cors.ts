import type { Context, MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type * as Deps from '../Deps.js'
import * as Answer from './Answer.js'
import * as Query from './Query.js'

/**
 * The CORS origin rule of the API (outside the embedded wallet's paths): our frames' origins
 * (`corsOrigins`), and any origin the request's project (`?projectId=`) allows. AppKit's own client
 * runs in the dapp's page, so the directory, config and blockchain routes must answer the page's
 * origin; a project's `allowedOrigins` is exactly the list of such pages.
 *
 * @example
 * app.use(cors({ origin: Cors.allowOrigin(deps) }))
 */
export function allowOrigin(deps: Pick<Deps.Deps, 'config' | 'projects'>) {
  return async (origin: string, c: Context): Promise<string | null> => {
    if (!origin) return null
    if (deps.config.corsOrigins.includes(origin)) return origin
    const projectId = c.req.query('projectId')
    if (!projectId || !Query.ProjectId.safeParse(projectId).success) return null
    const project = await deps.projects.get(projectId).catch(() => undefined)
    return project?.allowedOrigins.includes(origin) ? origin : null
  }
}

export type Options = {
  origin: (origin: string, c: Context) => Promise<string | null> | string | null
  allowMethods: string[]
  allowHeaders: string[]
  exposeHeaders: string[]
  maxAge: number
}

/**
 * Hono's `cors` with the same answers, but a simple request's headers are set on the route's own
 * answer after it ran, not on a placeholder before it: Hono's sets them on `c.res` first, and merging
 * that placeholder into the route's answer turned every answer into a streamed web Response, which
 * @hono/node-server writes several times slower than the string it was (half of a `/getWallets`
 * request's time). Preflights (OPTIONS) are Hono's own.
 *
 * @example
 * app.use(Cors.middleware({ origin: Cors.allowOrigin(deps), allowMethods: ['GET'], ... }))
 */
export function middleware(options: Options): MiddlewareHandler {
  const preflight = cors(options)
  const expose = options.exposeHeaders.join(',')
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    // Most requests (servers, same-origin tools) send no Origin: nothing to look up.
    const origin = c.req.header('origin')
    const allowed = origin ? await options.origin(origin, c) : null
    // Kept for Answer.of, which puts the grant in a hot route's answer itself.
    c.set('cors', { origin: allowed, expose } satisfies Answer.Grant)
    await next()
    if (Answer.isWhole(c.res)) return
    // c.header() after the route would rebuild the answer as a stream too: set the answer's own headers.
    const grant = (headers: Headers) => {
      if (allowed) headers.set('Access-Control-Allow-Origin', allowed)
      if (expose) headers.set('Access-Control-Expose-Headers', expose)
      headers.append('Vary', 'Origin')
    }
    try {
      grant(c.res.headers)
    } catch {
      // An answer with immutable headers (a fetched Response): Hono copies it when it is set again.
      c.res = new Response(c.res.body, c.res)
      grant(c.res.headers)
    }
  }
}
