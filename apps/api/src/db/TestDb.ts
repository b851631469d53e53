import { randomBytes } from 'node:crypto'
import pg from 'pg'
import * as Db from './Db.js'
import * as Migrator from './Migrator.js'

/** A database of its own on the PostgreSQL at `databaseUrl`; `drop()` removes it. */
export async function createPostgresDatabase(
  databaseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/** A database of its own on PostgreSQL, opened, with an admin connection of the test's on it. */
export type Postgres = {
  db: Db.Db
  /** A connection outside the pool: to see the pool's backends, take its locks, kill its connections. */
  admin: pg.Client
  /** Ends the admin connection, closes the database and drops it. */
  close: () => Promise<void>
}

/**
 * A fresh database on the PostgreSQL at `DATABASE_URL`, opened with `options` (a pool size, a listener
 * of lost connections), and an admin connection on it, for tests of the pool against the server.
 *
 * @example
 * const postgres = await TestDb.openPostgres({ maxConnections: 1 })
 * await postgres.admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity ...')
 * await postgres.close()
 */
export async function openPostgres(
  options: Omit<Db.OpenOptions, 'databaseUrl' | 'dataDir'>,
): Promise<Postgres> {
  const database = await createPostgresDatabase(process.env.DATABASE_URL as string)
  let db: Db.Db | undefined
  const admin = new pg.Client({ connectionString: database.url })
  try {
    db = await Db.open({ ...options, databaseUrl: database.url })
    await admin.connect()
  } catch (error) {
    // The database made above is dropped even when opening it failed.
    await admin.end().catch(() => {})
    await db?.close().catch(() => {})
    await database.drop()
    throw error
  }
  return {
    db,
    admin,
    close: async () => {
      await admin.end()
      await db.close()
      await database.drop()
    },
  }
}

/** A test database: an open database that `drop()` closes and removes. */
export type TestDb = Db.Db & {
  drop: () => Promise<void>
  /** The PostgreSQL database's URL (absent on PGlite). */
  url?: string
}

/**
 * A migrated database for one test file: in-memory PGlite, or a fresh database of the PostgreSQL at
 * `DATABASE_URL` when it is set (dropped again by `drop()`), so test files never see each other's rows.
 * Each is migrated as a server migrates at start: public schema, drizzle's bookkeeping in `drizzle`.
 * `pglite` picks PGlite even then, for a test that runs on both.
 */
export async function create(options: { migrate?: boolean; pglite?: boolean } = {}): Promise<TestDb> {
  const databaseUrl = options.pglite ? undefined : process.env.DATABASE_URL
  const database = databaseUrl ? await createPostgresDatabase(databaseUrl) : undefined
  const db = await Db.open({ databaseUrl: database?.url, maxConnections: 4 })
  if (options.migrate !== false) await Migrator.migrate(db)
  return {
    ...db,
    ...(database ? { url: database.url } : {}),
    drop: async () => {
      await db.close()
      await database?.drop()
    },
  }
}

/** Which database the tests run on: PostgreSQL when `DATABASE_URL` is set, PGlite otherwise. */
export function describeBackend(): string {
  return process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
}
