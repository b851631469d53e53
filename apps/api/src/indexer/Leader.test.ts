import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestDb from '../db/TestDb.js'
import * as Leader from './Leader.js'

// The lock's connection killed from the server side, as a database restart or failover does (issue 24):
// the process must live on, the work must learn the lock is gone, and the lock must be taken again.
// PostgreSQL only: PGlite holds no connection for the lock.
describe.skipIf(!process.env.DATABASE_URL)('Leader on PostgreSQL', () => {
  const opened: TestDb.TestDb[] = []
  afterAll(async () => {
    for (const db of opened) await db.drop()
  })

  test('the lock connection terminated by the server: no crash, the work stops, a new run leads', async () => {
    const db = await TestDb.create({ migrate: false })
    opened.push(db)
    let started: () => void = () => {}
    const running = new Promise<void>((resolve) => {
      started = resolve
    })
    const led = Leader.run(db, 'test:terminate', async (alive) => {
      const [row] = await db.session(async (s) => s.query('SELECT 1 AS one'))
      expect(row).toEqual({ one: 1 })
      started()
      // Checks the lock until it is lost.
      for (;;) {
        await alive()
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })
    // Handled from now on: the lock's loss can reject `led` while the admin connection is still closing,
    // before the expectation below is attached (Node then reported an unhandled rejection).
    led.catch(() => {})
    await running
    // The backend that holds the advisory lock, seen from another connection.
    const admin = new pg.Client({ connectionString: db.url })
    await admin.connect()
    try {
      const locks = await admin.query(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
      )
      expect(locks.rows).toHaveLength(1)
      await admin.query('SELECT pg_terminate_backend($1)', [locks.rows[0].pid])
    } finally {
      await admin.end()
    }
    await expect(led).rejects.toThrow()
    // The lock went with its connection: the next run takes it, on a fresh connection.
    let ran = false
    expect(
      await Leader.run(db, 'test:terminate', async () => {
        ran = true
      }),
    ).toBe(true)
    expect(ran).toBe(true)
  })
})
