import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Db from './Db.js'
import * as TestDb from './TestDb.js'

// Connections killed from the server side (pg_terminate_backend), as a restart or failover does: the
// process must live on (no unhandled 'error' event: vitest fails the run on one), the query in flight
// fails as `unavailable` (a 503), and the pool serves the next query on a new connection. PostgreSQL
// only: PGlite holds no connection.
describe.skipIf(!process.env.DATABASE_URL)('Db.open on PostgreSQL: connections killed', () => {
  let postgres: TestDb.Postgres | undefined
  let db: Db.Db
  const lost: Error[] = []
  let admin: pg.Client

  beforeAll(async () => {
    postgres = await TestDb.openPostgres({ maxConnections: 4, onConnectionLost: (error) => lost.push(error) })
    ;({ db, admin } = postgres)
  })
  afterAll(() => postgres?.close())

  /** Terminates the database's backends but the admin's (`where` narrows them); returns how many. */
  async function kill(where = 'true'): Promise<number> {
    const { rows } = await admin.query(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
    )
    return rows[0].n
  }
  /** The backends of the pool (the admin's left out). */
  async function backends(): Promise<number> {
    const { rows } = await admin.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
    )
    return rows[0].n
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100))
  // Orm is typed for both drivers, so execute's result is not; node-postgres answers { rows }.
  const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows
  const one = async () => rowsOf(await db.orm.execute(sql`SELECT 1 AS one`))

  test('inside a drizzle transaction (a checked-out connection): the transaction fails as unavailable, the next one is served', async () => {
    lost.length = 0
    const transaction = db.orm.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_sleep(10)`)
    })
    const failed = transaction.catch((error: unknown) => error)
    for (let i = 0; i < 50 && (await kill("query = 'SELECT pg_sleep(10)'")) === 0; i++) await settle()
    const error = await failed
    expect(error).toBeInstanceOf(Error)
    expect(Db.unavailable(error)).toBe(true)
    await settle()
    expect(lost).toHaveLength(1)
    expect(Db.unavailable(lost[0])).toBe(true)
    expect(await db.orm.transaction(async (tx) => rowsOf(await tx.execute(sql`SELECT 2 AS two`)))).toEqual([
      { two: 2 },
    ])
  })

  test('idle in a transaction between two statements: the next statement fails as unavailable', async () => {
    lost.length = 0
    let paused: () => void = () => {}
    const pause = new Promise<void>((resolve) => {
      paused = resolve
    })
    let go: () => void = () => {}
    const resume = new Promise<void>((resolve) => {
      go = resolve
    })
    const transaction = db.orm
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`)
        paused()
        await resume
        await tx.execute(sql`SELECT 2`)
      })
      .catch((error: unknown) => error)
    await pause
    expect(await kill("state = 'idle in transaction'")).toBe(1)
    await settle()
    // Told while no query of its was running: the connection had no listener of pg-pool's then.
    expect(lost).toHaveLength(1)
    go()
    expect(Db.unavailable(await transaction)).toBe(true)
    expect(await one()).toEqual([{ one: 1 }])
  })

  test('idle in the pool: each told once, and the next queries open new connections', async () => {
    await Promise.all([one(), one(), one()])
    const before = await backends()
    expect(before).toBeGreaterThan(0)
    lost.length = 0
    expect(await kill()).toBe(before)
    await settle()
    expect(lost).toHaveLength(before)
    expect(await one()).toEqual([{ one: 1 }])
    expect(await backends()).toBeGreaterThan(0)
  })

  test('a session killed during its query (as the indexer lock and the migrator hold one): the session fails as unavailable, the next one is served', async () => {
    const running = db
      .session((session) => session.query('SELECT pg_sleep(10)'))
      .catch((error: unknown) => error)
    for (let i = 0; i < 50 && (await kill("query = 'SELECT pg_sleep(10)'")) === 0; i++) await settle()
    expect(Db.unavailable(await running)).toBe(true)
    expect(await db.session((session) => session.query('SELECT 3 AS three'))).toEqual([{ three: 3 }])
  })
})

// A session's connection carries state that outlives a statement: the advisory locks of the indexer's
// leader and of the migrator, the transaction Migrator.adoptLegacy begins. When the session's work throws
// (any error, not only a dropped connection), none of it may reach the next user of the connection.
describe.skipIf(!process.env.DATABASE_URL)('Db.session on PostgreSQL: a session that throws', () => {
  let postgres: TestDb.Postgres | undefined
  let db: Db.Db
  let admin: pg.Client
  const lost: Error[] = []

  beforeAll(async () => {
    postgres = await TestDb.openPostgres({ maxConnections: 1, onConnectionLost: (error) => lost.push(error) })
    ;({ db, admin } = postgres)
  })
  afterAll(() => postgres?.close())

  const lockTaken = async () =>
    (await admin.query('SELECT pg_try_advisory_lock(4242) AS ok')).rows[0].ok === false
  const backendPids = async () =>
    (
      await admin.query(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
    ).rows.map((row) => row.pid as number)

  test('its connection is closed, not pooled: its lock is free and its transaction gone', async () => {
    let pid = 0
    const failure = await db
      .session(async (session) => {
        const [row] = await session.query('SELECT pg_backend_pid() AS pid, pg_advisory_lock(4242)')
        pid = row?.pid as number
        await session.exec('BEGIN')
        expect(await lockTaken()).toBe(true)
        expect(await backendPids()).toContain(pid)
        throw new Error('the work failed')
      })
      .catch((error: unknown) => error)
    expect((failure as Error).message).toBe('the work failed')
    expect(Db.unavailable(failure)).toBe(false)
    for (let i = 0; i < 50 && (await backendPids()).includes(pid); i++)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await backendPids()).not.toContain(pid)
    expect(await lockTaken()).toBe(false)
    await admin.query('SELECT pg_advisory_unlock(4242)')
    // The one pooled connection is a new one, outside any transaction.
    const [next] = await db.session((session) =>
      session.query('SELECT pg_backend_pid() AS pid, now() = statement_timestamp() AS fresh'),
    )
    expect(next?.pid).not.toBe(pid)
    expect(next?.fresh).toBe(true)
    expect(lost).toEqual([])
  })

  test('a statement that fails inside its transaction (SQL error) does not leave the pool an aborted transaction', async () => {
    const failure = await db
      .session(async (session) => {
        await session.exec('BEGIN')
        await session.query('SELECT 1 / 0')
      })
      .catch((error: unknown) => error)
    expect((failure as Error).message).toMatch(/division by zero/)
    expect(await db.session((session) => session.query('SELECT 4 AS four'))).toEqual([{ four: 4 }])
  })
})

describe('Db.session on PGlite (one connection): a session that throws', () => {
  let db: Db.Db
  // PGlite's start takes seconds on busy cores.
  beforeAll(async () => {
    db = await Db.open()
  }, 60_000)
  afterAll(async () => {
    await db?.close()
  })

  test('its transaction is rolled back and its advisory locks released', async () => {
    const advisoryLocks = async () =>
      (
        await db.session((s) =>
          s.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'"),
        )
      )[0]?.n
    expect(await advisoryLocks()).toBe(0)
    const failure = await db
      .session(async (session) => {
        await session.query('SELECT pg_advisory_lock(4242)')
        await session.exec('BEGIN; CREATE TABLE left_behind (x int)')
        expect((await session.query("SELECT to_regclass('left_behind') IS NOT NULL AS ok"))[0]?.ok).toBe(true)
        throw new Error('the work failed')
      })
      .catch((error: unknown) => error)
    expect((failure as Error).message).toBe('the work failed')
    expect(await advisoryLocks()).toBe(0)
    const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows
    expect(rowsOf(await db.orm.execute(sql`SELECT to_regclass('left_behind') IS NULL AS gone`))).toEqual([
      { gone: true },
    ])
  })

  test('a statement that fails inside its transaction leaves no aborted transaction behind', async () => {
    const failure = await db
      .session(async (session) => {
        await session.exec('BEGIN')
        await session.query('SELECT 1 / 0')
      })
      .catch((error: unknown) => error)
    expect((failure as Error).message).toMatch(/division by zero/)
    expect(await db.session((session) => session.query('SELECT 4 AS four'))).toEqual([{ four: 4 }])
  })
})
