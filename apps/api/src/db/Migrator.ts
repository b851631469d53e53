import { readdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type * as Db from './Db.js'

/** The folder of plain SQL migrations, `NNNN_name.sql`, applied in name order. */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations')

const FILE_NAME = /^\d{4}_[a-z0-9_]+\.sql$/

/** One migration file. */
export type Migration = { name: string; sql: string }

/** Reads the migrations of a folder, sorted by name. */
export async function load(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
  return Promise.all(
    names.map(async (name) => {
      if (!FILE_NAME.test(name))
        throw new Error(`Migrator: bad migration file name '${name}' (want NNNN_name.sql)`)
      return { name, sql: await readFile(join(dir, name), 'utf8') }
    }),
  )
}

/**
 * Applies the migrations not applied yet, each in its own transaction, and returns their names.
 * Idempotent; an advisory lock (per schema) makes API nodes starting at once apply each migration once.
 */
export async function migrate(db: Db.Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await load())
  return db.session(async (session) => {
    const [row] = await session.query("SELECT hashtext(current_schema() || ':frontdoor_migrations') AS key")
    const key = Number(row?.key)
    await session.query('SELECT pg_advisory_lock($1)', [key])
    try {
      await session.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      )
      const done = new Set(
        (await session.query('SELECT name FROM schema_migrations')).map((r) => String(r.name)),
      )
      const applied: string[] = []
      for (const migration of all) {
        if (done.has(migration.name)) continue
        if (!FILE_NAME.test(migration.name))
          throw new Error(`Migrator: bad migration name '${migration.name}'`)
        await session.exec('BEGIN')
        try {
          await session.exec(migration.sql)
          await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name])
          await session.exec('COMMIT')
        } catch (error) {
          await session.exec('ROLLBACK')
          throw new Error(`Migrator: ${migration.name} failed: ${(error as Error).message}`)
        }
        applied.push(migration.name)
      }
      return applied
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [key])
    }
  })
}
