import { randomBytes } from 'node:crypto'
import pg from 'pg'
import * as Db from './Db.js'
import * as Migrator from './Migrator.js'

/**
 * A migrated database for one test file: in-memory PGlite, or a fresh schema of the PostgreSQL at
 * `DATABASE_URL` when it is set (dropped again by `drop()`), so test files never see each other's rows.
 */
export async function create(
  options: { migrate?: boolean } = {},
): Promise<Db.Db & { drop: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined
  const db = await Db.open({ databaseUrl, schema, maxConnections: 4 })
  if (options.migrate !== false) await Migrator.migrate(db)
  return {
    ...db,
    drop: async () => {
      await db.close()
      if (databaseUrl && schema) {
        const client = new pg.Client({ connectionString: databaseUrl })
        await client.connect()
        try {
          await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        } finally {
          await client.end()
        }
      }
    },
  }
}

/** The schema-isolation options for a second connection to the same test database. */
export function describeBackend(): string {
  return process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
}
