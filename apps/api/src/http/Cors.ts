import type { Context } from 'hono'
import type * as Deps from '../Deps.js'
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
