import type * as Db from '../db/Db.js'

/** Checks that the lock is still held (its connection alive); throws when it is lost. */
export type Alive = () => Promise<void>

/**
 * Runs `work` while holding the PostgreSQL advisory lock `name` (per schema), so that of several API
 * nodes only one does it; resolves false at once when another session holds the lock. The lock lives on
 * one pooled connection for as long as `work` runs, and goes with that connection if it drops.
 * PGlite is one process's database, so there `work` simply runs (and no connection is held: PGlite
 * sessions take turns).
 *
 * @example
 * const ran = await Leader.run(db, 'indexer:eip155:31337', async (alive) => { … await alive() … })
 */
export async function run(db: Db.Db, name: string, work: (alive: Alive) => Promise<void>): Promise<boolean> {
  if (db.kind === 'pglite') {
    await work(async () => {})
    return true
  }
  return db.session(async (session) => {
    const [row] = await session.query(
      "SELECT pg_try_advisory_lock(hashtext(current_schema() || ':frontdoor:' || $1)) AS ok",
      [name],
    )
    if (row?.ok !== true) return false
    try {
      await work(async () => {
        await session.query('SELECT 1')
      })
    } finally {
      await session
        .query("SELECT pg_advisory_unlock(hashtext(current_schema() || ':frontdoor:' || $1))", [name])
        .catch(() => {})
    }
    return true
  })
}
