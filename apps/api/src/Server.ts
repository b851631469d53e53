import { mkdirSync } from 'node:fs'
import { type ServerType, serve } from '@hono/node-server'
import pino, { type Logger } from 'pino'
import * as App from './app.js'
import * as AuthDeps from './auth/AuthDeps.js'
import * as Config from './Config.js'
import type * as Deps from './Deps.js'
import * as Db from './db/Db.js'
import * as Migrator from './db/Migrator.js'
import * as Wallets from './directory/Wallets.js'
import * as RateLimiter from './http/RateLimiter.js'
import * as Names from './identity/Names.js'
import * as Indexer from './indexer/Indexer.js'
import * as ProjectCache from './projects/ProjectCache.js'
import * as Projects from './projects/Projects.js'
import * as Upstreams from './rpc/Upstreams.js'

/** A running API. */
export type Server = { url: string; port: number; deps: Deps.Deps; stop: () => Promise<void> }

export type StartOptions = {
  /** The environment to read (API_URL, DATABASE_URL, DATA_DIR, DEVNET_*_URL, RPC_UPSTREAMS_*, LOG_LEVEL). */
  env?: Record<string, string | undefined>
  /** Listen on this port instead of API_URL's (0: any free port). */
  port?: number
  /** Keep PGlite in memory instead of DATA_DIR (ignored with DATABASE_URL). */
  memory?: boolean
  /** Follow the chains of `config.indexer.chains` (default true). */
  indexer?: boolean
  logger?: Logger
}

/**
 * Opens and migrates the database and seeds the wallet directory; in development also the dev
 * fixtures: the `demo` project (DEMO_URL and DEMO_ALLOWED_ORIGINS) and the names of the public dev
 * accounts. Elsewhere projects come from `npm run frontdoor -- projects create`.
 */
export async function prepare(
  config: Config.Config,
  settings: { databaseUrl: string | undefined; dataDir: string | undefined },
): Promise<Db.Db> {
  if (!settings.databaseUrl && settings.dataDir) mkdirSync(settings.dataDir, { recursive: true })
  const db = await Db.open({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir })
  try {
    await Migrator.migrate(db)
    await Wallets.seed(db.orm)
    if (config.environment === 'development') {
      for (const origin of [config.demoUrl, ...config.demoAllowedOrigins])
        await Projects.seedDemo(db.orm, origin)
      await Names.seedDev(db.orm)
    }
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}

/**
 * Starts the API: database, migrations, seed data, upstream pings, the chain indexer, HTTP server.
 *
 * @example
 * const server = await Server.start({ env: process.env })
 * await server.stop()
 */
export async function start(options: StartOptions = {}): Promise<Server> {
  const env = options.env ?? process.env
  const { config, process: settings } = Config.fromEnv(env)
  const logger = options.logger ?? pino({ level: settings.logLevel, base: { service: 'api' } })
  // Before anything opens: a missing master key outside development must stop the start.
  const auth = AuthDeps.create({
    config,
    masterKey: env.VAULT_MASTER_KEY,
    dataDir: options.memory ? undefined : settings.dataDir,
    logger,
  })
  if (config.devLogins)
    logger.warn(
      { environment: config.environment },
      'DEV LOGINS ON: the dev OIDC provider (/oidc) and the Farcaster stand-in sign anyone in as any user; never expose this API (AUTH_DEV_PROVIDERS=0 turns them off)',
    )
  const db = await prepare(config, {
    databaseUrl: settings.databaseUrl,
    dataDir: options.memory ? undefined : settings.dataDir,
  }).catch((error: unknown) => {
    auth.mailer.close()
    throw error
  })
  const upstreams = Upstreams.create({ upstreams: config.upstreams })
  upstreams.start()
  const deps: Deps.Deps = {
    db,
    config,
    logger,
    limiter: RateLimiter.memory(),
    projects: ProjectCache.create(db.orm),
    upstreams,
    auth,
  }
  const app = App.build(deps)
  const indexer = Indexer.create({
    db,
    upstreams,
    chains: options.indexer === false ? [] : config.indexer.chains,
    logger: logger.child({ part: 'indexer' }),
  })
  indexer.start()
  const port = options.port ?? settings.port
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname: settings.host }, () => resolve(s))
    s.once('error', reject)
  })
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${actualPort}`
  logger.info({ url, database: db.kind, chains: upstreams.chains() }, 'api listening')
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
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Keep-alive sockets would hold close() open.
          if ('closeIdleConnections' in server) server.closeIdleConnections()
        })
        await db.close()
      })()
      return stopped
    },
  }
}
