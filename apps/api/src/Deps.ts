import type * as RateLimiter from '@frontdoor/rate-limit/rate-limiter'
import type { Logger } from 'pino'
import type * as AuthDeps from './auth/AuthDeps.js'
import type * as Config from './Config.js'
import type * as Db from './db/Db.js'
import type * as Metrics from './http/Metrics.js'
import type * as ProjectCache from './projects/ProjectCache.js'
import type * as Upstreams from './rpc/Upstreams.js'
import type * as DevOidc from './social/DevOidc.js'

/** What the routes need, built once by `main.ts` (or by a test). */
export type Deps = {
  db: Db.Db
  config: Config.Config
  logger: Logger
  limiter: RateLimiter.RateLimiter
  projects: ProjectCache.ProjectCache
  upstreams: Upstreams.Upstreams
  /** The embedded wallet: vault, mailer, clock. */
  auth: AuthDeps.AuthDeps
  /** Creates the dev OIDC provider of unconfigured socials; only the development module hands one in. */
  devOidc?: DevOidc.Factory | undefined
  /** Where /metrics counts requests and dependency faults (a fresh registry per app when absent). */
  metrics?: Metrics.Metrics | undefined
}
