import { randomBytes } from 'node:crypto'
import * as RateLimiter from '@frontdoor/rate-limit/rate-limiter'
import pino from 'pino'
import * as App from './app.js'
import * as AuthDeps from './auth/AuthDeps.js'
import * as Config from './Config.js'
import type * as Deps from './Deps.js'
import * as TestDb from './db/TestDb.js'
import * as Wallets from './directory/Wallets.js'
import * as ProjectCache from './projects/ProjectCache.js'
import * as Projects from './projects/Projects.js'
import * as Upstreams from './rpc/Upstreams.js'

/** The demo site's origin in tests. */
export const DEMO_URL = 'http://localhost:5173'
export const MODAL_URL = 'http://127.0.0.1:5180'

/**
 * The app on a fresh, migrated and seeded test database (PGlite, or a database of DATABASE_URL), with
 * real upstreams when given. `close()` drops the database.
 */
export async function create(
  options: {
    upstreams?: Record<string, string[]>
    limits?: Partial<Config.Config['limits']>
    /** Proxies of ours in front (default 1: tests name their client in `x-forwarded-for`). */
    trustProxy?: number
    /** The bearer token of /metrics (default: a random one; undefined: /metrics off). */
    metricsToken?: string | undefined
    /** Where the API sends its emails (a test's SMTP sink). */
    smtpUrl?: string
    /** Where requests are counted (default: in memory, this app only); closed with the app. */
    limiter?: RateLimiter.RateLimiter
  } = {},
) {
  const db = await TestDb.create()
  await Wallets.seed(db.orm)
  await Projects.seedDemo(db.orm, DEMO_URL)
  const { config } = Config.fromEnv({ DEMO_URL, MODAL_URL, FRONTDOOR_ENV: 'development' })
  config.upstreams = options.upstreams ?? {}
  config.limits = { ...config.limits, ...options.limits }
  config.trustProxy = options.trustProxy ?? 1
  if (options.smtpUrl) config.smtpUrl = options.smtpUrl
  config.metricsToken = 'metricsToken' in options ? options.metricsToken : randomBytes(16).toString('hex')
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
  const masterKey = randomBytes(32).toString('hex')
  /** One API node: its own app, limiter, caches, upstreams and mailer, on the shared database. */
  const node = (limiter: RateLimiter.RateLimiter) => {
    const upstreams = Upstreams.create({ upstreams: config.upstreams, timeoutMs: 3_000 })
    const deps: Deps.Deps = {
      db,
      config,
      logger,
      limiter,
      projects: ProjectCache.create(db.orm, { ttlMs: 0 }),
      upstreams,
      auth: AuthDeps.create({ config, masterKey, dataDir: undefined, logger }),
    }
    const app = App.build(deps)
    return {
      app,
      deps,
      /** GETs a path and parses the JSON body. */
      async getJson(path: string, init?: RequestInit) {
        const response = await app.request(path, init)
        // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
        const body = (await response.json()) as any
        return { status: response.status, headers: response.headers, body }
      },
      stop: async () => {
        upstreams.stop()
        deps.auth.mailer.close()
        await deps.limiter.close()
      },
    }
  }
  const first = node(options.limiter ?? RateLimiter.memory())
  const others: ReturnType<typeof node>[] = []
  return {
    ...first,
    /**
     * Another API node on the same database (and vault key): what a second process behind the edge
     * is, with nothing of the first one's memory (issue 17). Its own limiter unless given (e.g. a Redis
     * one on the same server); stopped with the app.
     */
    node(nodeOptions: { limiter?: RateLimiter.RateLimiter } = {}) {
      const other = node(nodeOptions.limiter ?? RateLimiter.memory())
      others.push(other)
      return other
    },
    close: async () => {
      for (const other of others) await other.stop()
      await first.stop()
      await db.drop()
    },
  }
}
