import { mkdirSync } from 'node:fs'
import * as RateLimiter from '@frontdoor/rate-limit/rate-limiter'
import { type ServerType, serve } from '@hono/node-server'
import pino, { type Logger } from 'pino'
import * as App from './app.js'
import * as AuthDeps from './auth/AuthDeps.js'
import * as Config from './Config.js'
import type * as Deps from './Deps.js'
import * as Db from './db/Db.js'
import * as Migrator from './db/Migrator.js'
import * as Wallets from './directory/Wallets.js'
import * as Metrics from './http/Metrics.js'
import * as Names from './identity/Names.js'
import * as Indexer from './indexer/Indexer.js'
import * as Registry from './indexer/Registry.js'
import * as ProjectCache from './projects/ProjectCache.js'
import * as Projects from './projects/Projects.js'
import * as Upstreams from './rpc/Upstreams.js'
import * as Startup from './Startup.js'
import type * as DevOidc from './social/DevOidc.js'

/** A running API. */
export type Server = { url: string; port: number; deps: Deps.Deps; stop: () => Promise<void> }

/**
 * What a start may add to the production API. The production entry (`main.ts`) adds nothing; the
 * development module (`@frontdoor/dev`, what `npm start` runs) adds the devnets' token registry, the
 * dev account's name and the dev OIDC provider.
 */
export type StandIns = {
  /** What the API knows of each chain's tokens, spam and AMM (see `Registry.configure`); none by default. */
  registry?: readonly Registry.Chain[]
  /** Names seeded in development (idempotent). */
  names?: readonly Names.Entry[]
  /** The dev OIDC provider that plays unconfigured social providers while dev logins are on. */
  devOidc?: DevOidc.Factory
}

export type StartOptions = StandIns & {
  /** The environment to read (API_URL, DATABASE_URL, DATA_DIR, DEVNET_*_URL, RPC_UPSTREAMS_*, LOG_LEVEL). */
  env?: Record<string, string | undefined>
  /** Listen on this port instead of API_URL's (0: any free port). */
  port?: number
  /** Keep PGlite in memory instead of DATA_DIR (ignored with DATABASE_URL). */
  memory?: boolean
  /** Follow the chains of `config.indexer.chains` (default true). */
  indexer?: boolean
  logger?: Logger
  /** The wait after each failed start-up attempt (tests); the spec's retry delays by default. */
  startupDelayMs?: (failures: number) => number
}

/**
 * Opens and migrates the database and seeds the wallet directory; in development also the dev
 * fixtures: the `demo` project (DEMO_URL and DEMO_ALLOWED_ORIGINS) and `names` (the development
 * module's dev account name). Elsewhere projects come from `npm run frontdoor -- projects create`.
 */
export async function prepare(
  config: Config.Config,
  settings: { databaseUrl: string | undefined; dataDir: string | undefined; logger?: Logger },
  names: readonly Names.Entry[] = [],
): Promise<Db.Db> {
  if (!settings.databaseUrl && settings.dataDir) mkdirSync(settings.dataDir, { recursive: true })
  const { logger } = settings
  const db = await Db.open({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    // The requests of that moment answer 503 (http/Errors.ts); the pool connects again on the next one.
    ...(logger
      ? { onConnectionLost: (error: Error) => logger.warn({ err: error }, 'database connection lost') }
      : {}),
  })
  try {
    await Migrator.migrate(db)
    await Wallets.seed(db.orm)
    if (config.environment === 'development') {
      for (const origin of [config.demoUrl, ...config.demoAllowedOrigins])
        await Projects.seedDemo(db.orm, origin)
      await Names.seed(db.orm, names)
    }
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}

/**
 * Starts the API: HTTP server (liveness and readiness at once), then database, migrations, seed data
 * and Redis, each retried with backoff while out of reach, then upstream pings, the chain indexer and
 * the routes. Resolves once ready.
 *
 * @example
 * const server = await Server.start({ env: process.env })
 * await server.stop()
 */
export async function start(options: StartOptions = {}): Promise<Server> {
  const startedAt = Date.now()
  const env = options.env ?? process.env
  const { config, process: settings } = Config.fromEnv(env)
  const logger = options.logger ?? pino({ level: settings.logLevel, base: { service: 'api' } })
  // Before anything opens: a missing master key outside development must stop the start.
  const auth = AuthDeps.create({
    config,
    masterKey: env.VAULT_MASTER_KEY,
    previousMasterKey: env.VAULT_MASTER_KEY_PREVIOUS,
    dataDir: options.memory ? undefined : settings.dataDir,
    logger,
  })
  if (config.devLogins)
    logger.warn(
      { environment: config.environment },
      'DEV LOGINS ON: the dev OIDC provider (/oidc) and the Farcaster stand-in sign anyone in as any user; never expose this API (AUTH_DEV_PROVIDERS=0 turns them off)',
    )
  Registry.configure(options.registry ?? [])
  const metrics = Metrics.create()
  // Listen first: until the database and Redis answer, liveness is 200, readiness 503 and every other
  // request a 503 with Retry-After; the start retries with backoff and never exits for an outage.
  let waiting: Startup.Waiting = { dependency: 'database', attempts: 0, since: Date.now() }
  let handler: (request: Request, env: unknown) => Response | Promise<Response> = Startup.starting(
    () => waiting,
  ).fetch
  const port = options.port ?? settings.port
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: (request, env) => handler(request, env), port, hostname: settings.host }, () =>
      resolve(s),
    )
    s.once('error', reject)
  }).catch((error: unknown) => {
    auth.mailer.close()
    throw error
  })
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      // Keep-alive sockets would hold close() open.
      if ('closeIdleConnections' in server) server.closeIdleConnections()
    })
  const wait = (dependency: Startup.Waiting['dependency']) => {
    waiting = { dependency, attempts: 0, since: Date.now() }
    return {
      logger,
      onFailure: (attempts: number) => {
        waiting = { ...waiting, attempts }
        metrics.count('frontdoor_startup_waits_total', { dependency })
      },
      ...(options.startupDelayMs ? { delayMs: options.startupDelayMs } : {}),
    }
  }
  let db: Db.Db
  try {
    db = await Startup.retry(
      'database',
      () =>
        prepare(
          config,
          {
            databaseUrl: settings.databaseUrl,
            dataDir: options.memory ? undefined : settings.dataDir,
            logger,
          },
          options.names,
        ),
      { ...wait('database'), retryable: Db.unavailable },
    )
    const redisUrl = settings.redisUrl
    if (redisUrl)
      await Startup.retry('redis', () => Startup.pingRedis(redisUrl), {
        ...wait('redis'),
        retryable: () => true,
      })
  } catch (error) {
    auth.mailer.close()
    await closeServer()
    throw error
  }
  const upstreams = Upstreams.create({
    upstreams: config.upstreams,
    onFailure: (chainId, url, error) => {
      metrics.count('frontdoor_rpc_upstream_failures_total', { chain: chainId })
      // The node's address without its path or query (a hosted node's key lives there).
      const upstream = URL.canParse(url) ? new URL(url).origin : 'unparsable'
      logger.warn({ chainId, upstream, err: error }, 'rpc: upstream failed; trying the next')
    },
  })
  upstreams.start()
  const deps: Deps.Deps = {
    db,
    config,
    logger,
    limiter: RateLimiter.fromUrl(settings.redisUrl, {
      logger,
      onOutage: () => metrics.count('frontdoor_redis_outages_total'),
      onFallback: () => metrics.count('frontdoor_rate_limit_fallbacks_total'),
    }),
    projects: ProjectCache.create(db.orm),
    upstreams,
    auth,
    devOidc: options.devOidc,
    metrics,
  }
  const app = App.build(deps)
  const indexer = Indexer.create({
    db,
    upstreams,
    chains: options.indexer === false ? [] : config.indexer.chains,
    logger: logger.child({ part: 'indexer' }),
    onStepFailure: (chainId) => metrics.count('frontdoor_indexer_step_failures_total', { chain: chainId }),
  })
  indexer.start()
  handler = app.fetch
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${actualPort}`
  logger.info({ url, database: db.kind, chains: upstreams.chains() }, 'api listening')
  logger.info({ url, waitedMs: Date.now() - startedAt }, 'api ready')
  let stopped: Promise<void> | undefined
  return {
    url,
    port: actualPort,
    deps,
    stop: () => {
      stopped ??= (async () => {
        await indexer.stop()
        upstreams.stop()
        deps.auth.mailer.close()
        await closeServer()
        await deps.limiter.close()
        await db.close()
      })()
      return stopped
    },
  }
}

/** How long a stop may take after SIGTERM/SIGINT before the process exits anyway. */
export const SHUTDOWN_TIMEOUT_MS = 10_000

/**
 * Starts the API as a process: logs where it listens and stops it on SIGTERM or SIGINT (exiting 0,
 * or 1 when the stop fails or takes longer than {@link SHUTDOWN_TIMEOUT_MS}). The entries
 * `apps/api/src/main.ts` (production) and `apps/dev/src/main.ts` (with the stand-ins) call it.
 */
export async function run(options: StartOptions & { label: string }): Promise<Server> {
  const { label, ...startOptions } = options
  const server = await start(startOptions)
  console.log(`${label}: listening on ${server.url}`)
  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    server.deps.logger.info({ signal }, 'shutting down')
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref()
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  return server
}
