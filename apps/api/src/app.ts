import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import * as Account from './account/routes.js'
import * as Analytics from './analytics/routes.js'
import * as AuthErrors from './auth/AuthErrors.js'
import * as AuthOrigin from './auth/Origin.js'
import * as Auth from './auth/routes.js'
import * as Bundler from './bundler/routes.js'
import * as Chains from './chains/routes.js'
import * as Convert from './convert/routes.js'
import type * as Deps from './Deps.js'
import * as Db from './db/Db.js'
import * as Directory from './directory/routes.js'
import * as Answer from './http/Answer.js'
import * as BodyLimit from './http/BodyLimit.js'
import * as Cors from './http/Cors.js'
import type * as HttpEnv from './http/Env.js'
import * as Errors from './http/Errors.js'
import * as Metrics from './http/Metrics.js'
import * as MetricsAuth from './http/MetricsAuth.js'
import * as SecureHeaders from './http/SecureHeaders.js'
import * as Onramp from './onramp/routes.js'
import * as ProjectAccess from './projects/access.js'
import * as Projects from './projects/routes.js'
import * as Rpc from './rpc/routes.js'
import * as Startup from './Startup.js'
import * as Simulation from './simulation/routes.js'
import * as Siwx from './siwx/routes.js'
import * as DevOidc from './social/DevOidc.js'
import * as Social from './social/routes.js'

/** Context variables every route may read (`http/Env.ts`, a leaf that routes import without the app). */
export type Env = HttpEnv.Env

/** Routes too frequent to log at info level. */
const QUIET_ROUTES = new Set([Startup.LIVENESS_PATH, Startup.READINESS_PATH, '/metrics'])

/**
 * Each path's body limit, applied before any route reads a body: the embedded wallet's (signing
 * requests are the largest), the API's default; the RPC proxy (batches of 1000) and the dev OIDC
 * provider (it reads the Node request itself, up to 56 KB) limit their own.
 */
function bodyLimits(): (path: string) => MiddlewareHandler | undefined {
  const signing = BodyLimit.of(AuthErrors.SIGNING_BODY_MAX_BYTES)
  const auth = BodyLimit.of(AuthErrors.MAX_BODY_BYTES)
  const other = BodyLimit.of(BodyLimit.BODY_MAX_BYTES)
  return (path) => {
    if (Rpc.PATHS.includes(path) || path === DevOidc.MOUNT_PATH || path.startsWith(`${DevOidc.MOUNT_PATH}/`))
      return undefined
    if (path.startsWith('/v1/vault/')) return signing
    if (AuthOrigin.isAuthPath(path)) return auth
    return other
  }
}

/** The route a request matched (its pattern, so metrics stay low-cardinality), or 'unmatched'. */
function routeOf(c: Context<Env>): string {
  const handlers = matchedRoutes(c).filter((route) => route.method !== 'ALL')
  return handlers.at(-1)?.path ?? 'unmatched'
}

/**
 * Builds the API from its dependencies. `main.ts` serves it; tests call `app.request()`.
 *
 * @example
 * const app = App.build(deps)
 * const response = await app.request('/getWallets?projectId=demo&page=1&entries=40')
 */
export function build(deps: Deps.Deps, options: { metrics?: Metrics.Metrics } = {}) {
  const metrics = options.metrics ?? deps.metrics ?? Metrics.create()
  const app = new Hono<Env>()
  app.use(Answer.requestId())
  app.use(SecureHeaders.api())
  app.use(async (c, next) => {
    const started = performance.now()
    const logger = deps.logger.child({ requestId: c.get('requestId') })
    c.set('logger', logger)
    await next()
    const seconds = (performance.now() - started) / 1000
    const route = routeOf(c)
    metrics.observe({ method: c.req.method, route, status: c.res.status }, seconds)
    const line = { method: c.req.method, path: c.req.path, route, status: c.res.status, ms: seconds * 1000 }
    if (QUIET_ROUTES.has(route)) logger.debug(line, 'request')
    else logger.info(line, 'request')
  })
  app.use(
    AuthOrigin.guard(
      deps.config,
      Cors.middleware({
        origin: Cors.allowOrigin(deps),
        allowMethods: ['GET', 'POST', 'OPTIONS'],
        allowHeaders: ['content-type', 'x-request-id'],
        exposeHeaders: ['x-request-id', 'retry-after', 'etag'],
        maxAge: 600,
      }),
    ),
  )
  app.use(BodyLimit.byPath(bodyLimits()))
  // Liveness never asks a dependency (a database outage is no reason to restart the process);
  // readiness says whether requests can be served now (the database answers).
  app.get(Startup.LIVENESS_PATH, (c) => c.json({ status: 'ok', database: deps.db.kind }))
  app.get(Startup.READINESS_PATH, async (c) => {
    try {
      await deps.db.session((session) => session.query('SELECT 1'))
      return c.json({ status: 'ready', database: deps.db.kind })
    } catch {
      const retryAfter = String(Db.UNAVAILABLE_RETRY_AFTER_S)
      return c.json({ status: 'unavailable', database: deps.db.kind }, 503, { 'retry-after': retryAfter })
    }
  })
  app.get('/metrics', MetricsAuth.bearer(deps.config.metricsToken), (c) =>
    c.text(metrics.render(), 200, { 'content-type': 'text/plain; version=0.0.4' }),
  )
  app.route('/', Projects.routes(deps))
  app.route('/', ProjectAccess.routes(deps))
  app.route('/', Directory.routes(deps))
  app.route('/', Analytics.routes(deps))
  app.route('/', Chains.routes(deps))
  app.route('/', Rpc.routes(deps))
  app.route('/', Bundler.routes(deps))
  app.route('/', Account.routes(deps))
  app.route('/', Convert.routes(deps))
  app.route('/', Simulation.routes(deps))
  app.route('/', Onramp.routes(deps))
  app.route('/', Auth.routes(deps))
  app.route('/', Social.routes(deps))
  app.route('/', Siwx.routes(deps))
  app.onError(Errors.onError)
  app.notFound(Errors.notFound)
  return app
}
