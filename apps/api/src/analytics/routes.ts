import { Project } from '@frontdoor/schemas'
import * as AnalyticsProps from '@frontdoor/schemas/api/analytics-props'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import * as z from 'zod/mini'
import * as Config from '../Config.js'
import type * as Deps from '../Deps.js'
import * as BodyLimit from '../http/BodyLimit.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
import * as KnownProject from '../projects/KnownProject.js'
import * as Dashboard from './Dashboard.js'
import * as DashboardPage from './DashboardPage.js'
import * as DashboardTokens from './DashboardTokens.js'
import * as Events from './Events.js'

/** The largest report body accepted. */
export const EVENT_BODY_MAX_BYTES = 16 * 1024

/**
 * The body of `POST /e` (shared schema): eventId, url, domain, timestamp, and props that are an
 * analytics event (a known name, short flat properties) or an error report (source, kind, name, message).
 */
const EventBody = AnalyticsProps.Report

type Checked = { Variables: KnownProject.Env['Variables'] & { report: z.output<typeof EventBody> } }

/** The message of a body that is not JSON at all (Hono's own words for its JSON bodies). */
const MALFORMED_JSON = 'Malformed JSON in request body'

/** The media types a report may come as: JSON (fetch) or text (sendBeacon with a string, no preflight). */
const REPORT_MEDIA_TYPE = /^(application\/json|text\/plain)$/i

/**
 * The report in the body, JSON sent as application/json or text/plain (a beacon), validated by
 * {@link EventBody} (a 400 naming the field otherwise), an error report's name and message redacted.
 */
const report: MiddlewareHandler<Checked> = async (c, next) => {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? ''
  if (!REPORT_MEDIA_TYPE.test(mediaType))
    throw Errors.fail(400, Errors.CODE.invalidRequest, Validate.NOT_JSON)
  let json: unknown
  try {
    json = JSON.parse(await c.req.text())
  } catch {
    throw Errors.fail(400, Errors.CODE.invalidRequest, MALFORMED_JSON)
  }
  c.set('report', Events.redacted(Validate.parse('body', EventBody, json)))
  await next()
}

/**
 * `POST /e`: analytics events and error reports, stored per project. Events are limited per client
 * address and project, error reports per project (spec section 9), each in its own budget, counted
 * once the project takes them.
 */
export function routes(deps: Deps.Deps) {
  const { limits } = deps.config
  const errorReports = RateLimiter.budget(
    deps.limiter,
    limits.errorReports,
  )((c) => `e:error:${c.get('project').projectId}`)
  const events = RateLimiter.budget(
    deps.limiter,
    limits.events,
  )((c) => `e:event:${ClientIp.of(c, deps.config)}:${c.get('project').projectId}`)
  const limit: MiddlewareHandler<Checked> = (c, next) =>
    Events.kind(c.get('report').props) === 'error' ? errorReports(c, next) : events(c, next)
  /** The origin on the project's allowlist (KnownProject); a project with analytics off stores nothing. */
  const allowed: MiddlewareHandler<Checked> = async (c, next) => {
    const project = c.get('project')
    const origin = c.req.header('origin')
    if (origin && !project.allowedOrigins.includes(origin) && !deps.config.corsOrigins.includes(origin))
      throw Errors.originNotAllowed(origin)
    if (!project.isAnalyticsEnabled) return c.json({ stored: false }, 202)
    await next()
  }
  return new Hono<Checked>()
    .post(
      '/e',
      BodyLimit.of(EVENT_BODY_MAX_BYTES),
      Validate.query(Query.ProjectQuery),
      report,
      KnownProject.required(deps),
      allowed,
      limit,
      async (c) => {
        const query = c.req.valid('query')
        await Events.store(deps.db.orm, {
          projectId: c.get('project').projectId,
          ...c.get('report'),
          sdkType: query.st,
          sdkVersion: query.sv,
        })
        return c.json({ stored: true }, 202)
      },
    )
    .route('/', dashboardRoutes(deps))
}

/** The cookie the dashboard keeps its token in, once opened (only sent to that project's dashboard). */
export const DASHBOARD_COOKIE = 'fd_dashboard'

/** The longest token the login form takes (the CLI's are 32 characters). */
export const DASHBOARD_TOKEN_MAX_CHARS = 128

/** The largest body of the login form (one urlencoded token field). */
export const DASHBOARD_FORM_MAX_BYTES = 1024

/** How long an opened dashboard stays open in that browser. */
const DASHBOARD_COOKIE_MAX_AGE_S = 12 * 60 * 60

/** The media type of the login form's body (a browser's default for a form). */
const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded$/i

/** The message of a login body that is not a form. */
const NOT_FORM = 'The request body must be a form (content-type: application/x-www-form-urlencoded)'

/**
 * The fields of an urlencoded form body (the first of a repeated name); a 400 for another media type.
 * Read whole, within the route's body limit (past it, a 413).
 */
async function formOf(c: Context): Promise<Record<string, string>> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? ''
  if (!FORM_MEDIA_TYPE.test(mediaType)) throw Errors.fail(400, Errors.CODE.invalidRequest, NOT_FORM)
  const fields: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(await c.req.text())) fields[name] ??= value
  return fields
}

/** The login form's body: the token typed. */
const LoginForm = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(DASHBOARD_TOKEN_MAX_CHARS)),
})

/**
 * `GET /dashboard/:projectId`: the project's analytics page, behind the token the CLI set
 * (`projects set-dashboard-token`). The token comes as `Authorization: Bearer` (scripts), or as the
 * cookie the login form set: `POST /dashboard/:projectId` with the token in a form body (never in the
 * address, where proxy logs and the history keep it), only from the API's own origin, answered with an
 * HttpOnly, SameSite=Strict cookie for this path and a 303 to the page.
 * `GET /dashboard/:projectId/events`: the latest reports as JSON (same token), for an export or a test.
 * Failed token attempts are limited per client address (`dashboardTokenPerIp`, a 429 past it).
 */
export function dashboardRoutes(deps: Deps.Deps) {
  const { orm } = deps.db
  const { config } = deps
  const apiOrigin = new URL(config.publicUrl).origin
  const secure = Config.secureCookies(config.publicUrl)
  /** The token the request carries: `Authorization: Bearer`, or the cookie an earlier visit set. */
  const tokenOf = (c: Context) =>
    c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1] ?? getCookie(c, DASHBOARD_COOKIE) ?? ''
  /** The path's project id: one that fits the project id rule, or no dashboard at all (404). */
  const projectIdOf = (c: Context) => {
    const projectId = c.req.param('projectId') ?? ''
    if (!z.safeParse(Project.ProjectId, projectId).success)
      throw Errors.fail(404, Errors.CODE.notFound, 'No such dashboard')
    return projectId
  }
  const pathOf = (projectId: string) => `/dashboard/${encodeURIComponent(projectId)}`
  const html = (c: Context, page: { html: string; headers: Record<string, string> }, status: 200 | 401) =>
    c.body(page.html, status, page.headers)
  // Only failed attempts count: an open dashboard's reloads and a script's reads do not use it up.
  const attempts = RateLimiter.budget(deps.limiter, config.limits.dashboardTokenPerIp, {
    countSucceeded: false,
  })((c) => `dashboard:${ClientIp.of(c, config)}`)
  /** Counts the requests that try a token; a page asked for without one only shows the form. */
  const tokenAttempt: MiddlewareHandler = (c, next) =>
    c.req.method === 'POST' || tokenOf(c) !== '' ? attempts(c, next) : next()
  /** The login form posts from the dashboard's own page: any other origin, or none, is refused (CSRF). */
  const sameOrigin: MiddlewareHandler = async (c, next) => {
    projectIdOf(c)
    const origin = c.req.header('origin')
    if (origin !== apiOrigin) throw Errors.originNotAllowed(origin)
    await next()
  }
  return new Hono()
    .get('/dashboard/:projectId', tokenAttempt, async (c) => {
      const projectId = projectIdOf(c)
      const token = tokenOf(c)
      if (!(await DashboardTokens.check(orm, projectId, token)))
        return html(c, DashboardPage.login(pathOf(projectId), projectId, token !== ''), 401)
      return html(c, DashboardPage.render(projectId, await Dashboard.summary(orm, projectId)), 200)
    })
    .post(
      '/dashboard/:projectId',
      sameOrigin,
      BodyLimit.of(DASHBOARD_FORM_MAX_BYTES),
      tokenAttempt,
      async (c) => {
        const projectId = projectIdOf(c)
        const path = pathOf(projectId)
        const { token } = Validate.parse('body', LoginForm, await formOf(c))
        if (!(await DashboardTokens.check(orm, projectId, token)))
          return html(c, DashboardPage.login(path, projectId, true), 401)
        setCookie(c, DASHBOARD_COOKIE, token, {
          path,
          httpOnly: true,
          sameSite: 'Strict',
          secure,
          maxAge: DASHBOARD_COOKIE_MAX_AGE_S,
        })
        return c.redirect(path, 303)
      },
    )
    .get('/dashboard/:projectId/events', tokenAttempt, async (c) => {
      const projectId = projectIdOf(c)
      if (!(await DashboardTokens.check(orm, projectId, tokenOf(c))))
        throw Errors.fail(401, Errors.CODE.unauthorized, 'A dashboard token is required')
      return c.json({ events: await Dashboard.latest(orm, projectId) }, 200, { 'cache-control': 'no-store' })
    })
}
