import { PGlite } from '@electric-sql/pglite'
import type { MigrationConfig } from 'drizzle-orm/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as DataLock from './DataLock.js'
import * as Tables from './Tables.js'

/** The drizzle database, the same type on PGlite and PostgreSQL. */
export type Orm = PgDatabase<PgQueryResultHKT, typeof Tables>

/** One connection, held for the duration of a callback (advisory locks are per session). */
export type Session = {
  /** Runs one parameterized statement and returns its rows. */
  query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>
  /** Runs a script of several statements (no parameters). */
  exec: (script: string) => Promise<void>
  /** Runs drizzle's migrator (of PGlite or node-postgres) on this connection. */
  migrate: (config: MigrationConfig) => Promise<void>
}

/** An open database: drizzle for queries, sessions for the migrator, `close()` on shutdown. */
export type Db = {
  kind: 'pglite' | 'postgres'
  orm: Orm
  session: <T>(fn: (session: Session) => Promise<T>) => Promise<T>
  close: () => Promise<void>
}

export type OpenOptions = {
  /** A PostgreSQL URL; without it the database is PGlite. */
  databaseUrl?: string | undefined
  /** PGlite's data folder; without it PGlite lives in memory. */
  dataDir?: string | undefined
  /** PostgreSQL pool size. */
  maxConnections?: number
  /**
   * Told once of each PostgreSQL connection that drops (a restart, failover, `pg_terminate_backend`),
   * checked out or idle; the pool opens a new one for the next query.
   */
  onConnectionLost?: (error: Error) => void
}

/**
 * Opens PostgreSQL when `databaseUrl` is set, PGlite (in `dataDir`, or in memory) otherwise. A PGlite
 * data folder is locked to this process until `close()` (DataLock.ts).
 *
 * @example
 * const db = await Db.open({ databaseUrl: process.env.DATABASE_URL, dataDir: '.data/pglite' })
 */
export async function open(options: OpenOptions = {}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options)
  return openPglite(options.dataDir)
}

/** The seconds a client is asked to wait (Retry-After) while the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_S = 1

// SQLSTATEs of a server going away or not yet back: class 08 (connection exception), admin and crash
// shutdown, and "cannot connect now" (starting up or shutting down).
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03)$/
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
])
// node-postgres's own errors for a connection that dropped or could not be made.
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/

/**
 * Whether `error` (or one of its causes: drizzle wraps the driver's error) says the database is out of
 * reach: a restart, failover or outage under way, not a fault of the request. The API answers these
 * with a 503 and Retry-After (http/Errors.ts); the pool reconnects on the next request.
 */
export function unavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNOS.has(code)))
      return true
    if (UNAVAILABLE_MESSAGES.test(e.message)) return true
  }
  return false
}

async function openPglite(dataDir: string | undefined): Promise<Db> {
  // One process per data folder (DataLock.ts): a second one is refused, naming the first.
  const release = dataDir ? DataLock.acquire(dataDir) : () => {}
  const client = dataDir ? new PGlite(dataDir) : new PGlite()
  try {
    await client.waitReady
  } catch (error) {
    release()
    throw error
  }
  const orm = drizzlePglite({ client, schema: Tables })
  const session: Session = {
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    exec: async (script) => {
      await client.exec(script)
    },
    migrate: (config) => migratePglite(orm, config),
  }
  // PGlite is a single connection, so sessions take turns (as two pooled connections would on a lock).
  let turn: Promise<unknown> = Promise.resolve()
  return {
    kind: 'pglite',
    orm: orm as unknown as Orm,
    // The one connection outlives each session: when the work throws, what it left on the connection
    // (an open or aborted transaction, advisory locks) is undone before the next user of it.
    session: (fn) => {
      const result = turn.then(async () => {
        try {
          return await fn(session)
        } catch (error) {
          if (client.isInTransaction()) await client.exec('ROLLBACK')
          await client.query('SELECT pg_advisory_unlock_all()')
          throw error
        }
      })
      turn = result.catch(() => {})
      return result
    },
    close: async () => {
      try {
        await client.close()
      } finally {
        release()
      }
    },
  }
}

async function openPostgres(databaseUrl: string, options: OpenOptions): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.maxConnections ?? 10 })
  // pg emits 'error' on a client whose connection drops, and pg-pool listens only while the client is
  // idle: a client checked out (a drizzle transaction, a session) with no listener of its own would
  // make it an unhandled 'error' event, which ends the process. So each client gets a listener for its
  // whole life. The query in flight rejects on its own (a 503, http/Errors.ts); a client that is no
  // longer queryable is closed on release, not pooled again.
  pool.on('connect', (client) => {
    let told = false
    client.on('error', (error) => {
      if (told) return
      told = true
      options.onConnectionLost?.(error)
    })
  })
  // pg-pool tells the pool of an idle client's error too; the client's listener above told it already.
  pool.on('error', () => {})
  return {
    kind: 'postgres',
    orm: drizzlePg({ client: pool, schema: Tables }) as unknown as Orm,
    session: async (fn) => {
      const client = await pool.connect()
      // A connection whose work threw is closed, not pooled again: it may hold what the session left
      // (an advisory lock of the leader or the migrator, an open or aborted transaction), or be lost
      // (its 'end' may not have come yet).
      let failed: Error | undefined
      try {
        return await fn({
          query: async (text, params) => (await client.query(text, params)).rows,
          exec: async (script) => {
            await client.query(script)
          },
          migrate: (config) => migratePg(drizzlePg({ client }), config),
        })
      } catch (error) {
        failed = error instanceof Error ? error : new Error(String(error))
        throw error
      } finally {
        client.release(failed)
      }
    },
    close: () => pool.end(),
  }
}
