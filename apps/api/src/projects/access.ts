import { Hono } from 'hono'
import * as z from 'zod/mini'
import type * as Deps from '../Deps.js'
import * as Query from '../http/Query.js'
import * as Validate from '../http/Validate.js'
import * as Projects from './Projects.js'

/**
 * `GET /projects/v1/access?projectId=`: who may use a project at the relay, for the relay
 * (apps/relay/src/ProjectAccess.ts): `{project: {allowedOrigins, allowedBundleIds, allowedPackageNames}}`,
 * or `{project: null}` when there is no such project (any other answer means "cannot tell" to the relay,
 * which then refuses for now rather than guessing). The lists are what the project's own pages and
 * apps show anyway (`/projects/v1/origins` answers the origins to anyone); read through the project
 * cache, so a relay asking for every new socket costs the database nothing.
 */
export const ACCESS_PATH = '/projects/v1/access'

const AccessQuery = z.object({ projectId: Query.ProjectId })

/** The access route. */
export function routes(deps: Deps.Deps) {
  return new Hono().get(ACCESS_PATH, Validate.query(AccessQuery), async (c) => {
    const project = await deps.projects.get(c.req.valid('query').projectId)
    return c.json({ project: project ? Projects.access(project) : null })
  })
}
