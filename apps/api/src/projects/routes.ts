import { Hono } from 'hono'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
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
  return new Hono()
    .get('/appkit/v1/config', async (c) => {
      const { projectId } = Validate.query(c, Query.ProjectQuery)
      const project = await deps.projects.require(projectId)
      return c.json({ features: Projects.remoteFeatures(project) })
    })
    .get('/appkit/v1/project-limits', async (c) => {
      const { projectId } = Validate.query(c, Query.ProjectQuery)
      await deps.projects.require(projectId)
      return c.json(PROJECT_LIMITS)
    })
    .get('/projects/v1/origins', async (c) => {
      const { projectId } = Validate.query(c, Query.ProjectQuery)
      const { limit, windowMs } = deps.config.limits.origins
      const ip = ClientIp.of(c, deps.config)
      const decision = await deps.limiter.take(`origins:${ip}:${projectId}`, limit, windowMs)
      if (!decision.allowed) throw Errors.rateLimited(decision.retryAfterMs)
      const project = await deps.projects.require(projectId)
      return c.json({ allowedOrigins: project.allowedOrigins })
    })
    .get('/getAnalyticsConfig', async (c) => {
      const { projectId } = Validate.query(c, Query.ProjectQuery)
      const project = await deps.projects.require(projectId)
      return c.json({ isAnalyticsEnabled: project.isAnalyticsEnabled })
    })
}
