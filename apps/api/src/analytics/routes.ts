import { Project } from '@frontdoor/schemas'
import { Hono } from 'hono'
import type * as Deps from '../Deps.js'
import * as BodyLimit from '../http/BodyLimit.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
import * as Validate from '../http/Validate.js'
import * as Events from './Events.js'

/** The largest report body accepted. */
export const EVENT_BODY_MAX_BYTES = 16 * 1024

/** The body of `POST /e` (shared schema): eventId, url, domain, timestamp, props. */
export const EventBody = Project.AnalyticsEvent

/** `POST /e`: analytics events and error reports, stored per project. */
export function routes(deps: Deps.Deps) {
  return new Hono().post('/e', BodyLimit.of(EVENT_BODY_MAX_BYTES), async (c) => {
    const query = Validate.query(c, Query.ProjectQuery)
    const body = await Validate.json(c, EventBody)
    const project = await deps.projects.require(query.projectId)
    const origin = c.req.header('origin')
    if (origin && !project.allowedOrigins.includes(origin) && !deps.config.corsOrigins.includes(origin)) {
      throw Errors.http(403, {
        error: Errors.ORIGIN_NOT_ALLOWED,
        message: `Origin '${origin}' is not allowed`,
      })
    }
    if (!project.isAnalyticsEnabled) return c.json({ stored: false }, 202)
    const ip = ClientIp.of(c, deps.config)
    const { limit, windowMs } =
      Events.kind(body.props) === 'error' ? deps.config.limits.errorReports : deps.config.limits.events
    const key =
      Events.kind(body.props) === 'error'
        ? `e:error:${project.projectId}`
        : `e:event:${ip}:${project.projectId}`
    const decision = await deps.limiter.take(key, limit, windowMs)
    if (!decision.allowed) throw Errors.rateLimited(decision.retryAfterMs)
    await Events.store(deps.db.orm, {
      projectId: project.projectId,
      ...body,
      sdkType: query.st,
      sdkVersion: query.sv,
    })
    return c.json({ stored: true }, 202)
  })
}
