import type { Context, MiddlewareHandler } from 'hono'
import * as zm from 'zod/mini'
import type * as Deps from '../Deps.js'
import * as Query from '../http/Query.js'
import * as Validate from '../http/Validate.js'
import type * as Projects from './Projects.js'

/**
 * The project check of the project's routes (directory, account, convert, on-ramp, SIWX, simulation,
 * remote config): the request's `projectId` must name a registered project, 401 'Unauthorized:
 * invalid key' otherwise. Declared once per route group (`app.use(path, KnownProject.required(deps))`),
 * its routes read the project with `c.get('project')`.
 */

/** The context variables of a route behind {@link required}. */
export type Env = { Variables: { project: Projects.Project } }

/** Where a route group's requests carry `projectId`: the query string, or the JSON body. */
export type From = 'query' | 'json'

/** The `projectId` the request carries, or undefined when it has none of the right format. */
async function projectIdOf(c: Context, from: From): Promise<string | undefined> {
  let value: unknown
  if (from === 'query') value = c.req.query('projectId')
  else {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? ''
    if (!Validate.JSON_MEDIA_TYPE.test(mediaType)) return undefined
    // Hono keeps the parsed body: the route's validator reads the same one.
    const body: unknown = await c.req.json().catch(() => undefined)
    value =
      typeof body === 'object' && body !== null ? (body as { projectId?: unknown }).projectId : undefined
  }
  const parsed = zm.safeParse(Query.ProjectId, value)
  return parsed.success ? parsed.data : undefined
}

/**
 * Middleware: the project of the request's `projectId` (in the query, or the JSON body), set as
 * `project`; a 401 'Unauthorized: invalid key' (`Errors.unknownProject`) for an id no project has. A
 * missing or malformed id is left to the route's validator, whose 400 names the field.
 *
 * @example
 * new Hono<KnownProject.Env>()
 *   .use('/v1/convert/*', KnownProject.required(deps))
 *   .get('/v1/convert/tokens', (c) => c.json({ name: c.get('project').name }))
 */
export function required(deps: Pick<Deps.Deps, 'projects'>, from: From = 'query'): MiddlewareHandler<Env> {
  return async (c, next) => {
    const projectId = await projectIdOf(c, from)
    if (projectId !== undefined) c.set('project', await deps.projects.require(projectId))
    await next()
  }
}
