import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Db from './Db.js'
import * as TestDb from './TestDb.js'

// Connections killed from the server side (pg_terminate_backend), as a restart or failover does: the
// process must live on (no unhandled 'error' event: vitest fails the run on one), the query in flight
// fails as `unavailable` (a 503), and the pool serves the next query on a new connection. PostgreSQL
// only: PGlite holds no connection.
describe.skipIf(!process.env.DATABASE_URL)('Db.open on PostgreSQL: connections killed', () => {
  let database: Awaited<ReturnType<typeof TestDb.createPostgresDatabase>>
  let db: Db.Db
  const lost: Error[] = []
  let admin: pg.Client

  beforeAll(async () => {
    database = await TestDb.createPostgresDatabase(process.env.DATABASE_URL as string)
    db = await Db.open({
      databaseUrl: database.url,
      maxConnections: 4,
      onConnectionLost: (error) => lost.push(error),
    })
    admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
  })
  afterAll(async () => {
    await admin?.end()
    await db?.close()
    await database?.drop()
  })

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
