import { Hono } from 'hono'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Query from '../http/Query.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
import * as KnownProject from './KnownProject.js'
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
  const project = KnownProject.required(deps)
  return new Hono<KnownProject.Env>()
    .use('/appkit/v1/*', project)
    .use(
      '/projects/v1/origins',
      origins((c) => `origins:${ClientIp.of(c, deps.config)}:${c.req.query('projectId')}`),
      project,
    )
    .use('/getAnalyticsConfig', project)
    .get('/appkit/v1/config', Validate.query(Query.ProjectQuery), (c) =>
      c.json({ features: Projects.remoteFeatures(c.get('project')) }),
    )
    .get('/appkit/v1/project-limits', Validate.query(Query.ProjectQuery), (c) => c.json(PROJECT_LIMITS))
    .get('/projects/v1/origins', Validate.query(Query.ProjectQuery), (c) =>
      c.json({ allowedOrigins: c.get('project').allowedOrigins }),
    )
    .get('/getAnalyticsConfig', Validate.query(Query.ProjectQuery), (c) =>
      c.json({ isAnalyticsEnabled: c.get('project').isAnalyticsEnabled }),
    )
}
