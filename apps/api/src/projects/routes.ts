import { Hono } from 'hono'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Query from '../http/Query.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
import * as Projects from './Projects.js'

/**
 * `/appkit/v1/project-limits`: AppKit reads `planLimits` to show an upgrade notice to a starter-plan
 * project over its limits. A self-hosted project has no plan and no usage limits.
 */
export const PROJECT_LIMITS = {
  planLimits: { tier: 'none', isAboveRpcLimit: false, isAboveMauLimit: false },
} as const

/** `/appkit/v1/config`, `/appkit/v1/project-limits`, `/projects/v1/origins` and `/getAnalyticsConfig`. */
export function routes(deps: Deps.Deps) {
  const origins = RateLimiter.budget(deps.limiter, deps.config.limits.origins)
  return new Hono()
    .get('/appkit/v1/config', Validate.query(Query.ProjectQuery), async (c) => {
      const { projectId } = c.req.valid('query')
      const project = await deps.projects.require(projectId)
      return c.json({ features: Projects.remoteFeatures(project) })
    })
    .get('/appkit/v1/project-limits', Validate.query(Query.ProjectQuery), async (c) => {
      const { projectId } = c.req.valid('query')
      await deps.projects.require(projectId)
      return c.json(PROJECT_LIMITS)
    })
    .get(
      '/projects/v1/origins',
      Validate.query(Query.ProjectQuery),
      origins((c) => `origins:${ClientIp.of(c, deps.config)}:${c.req.query('projectId')}`),
      async (c) => {
        const project = await deps.projects.require(c.req.valid('query').projectId)
        return c.json({ allowedOrigins: project.allowedOrigins })
      },
    )
    .get('/getAnalyticsConfig', Validate.query(Query.ProjectQuery), async (c) => {
      const { projectId } = c.req.valid('query')
      const project = await deps.projects.require(projectId)
      return c.json({ isAnalyticsEnabled: project.isAnalyticsEnabled })
    })
}
