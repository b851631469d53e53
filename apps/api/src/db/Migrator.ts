import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type * as Db from './Db.js'

const here = dirname(fileURLToPath(import.meta.url))

/**
 * The migrations drizzle-kit generates from Tables.ts (`npm run db:generate`): `NNNN_name.sql` files and
 * `meta/_journal.json`, applied in journal order by drizzle's migrator.
 */
export const MIGRATIONS_DIR = join(here, '..', '..', 'migrations')

/**
 * The first generated migration: the schema as the hand-written migrations before drizzle left it. A
 * database they wrote is recorded as having applied it (see {@link LEGACY_MIGRATIONS}).
 */
export const BASELINE_TAG = '0000_baseline'

/** drizzle's bookkeeping table (its default name and schema), as drizzle's migrator creates it. */
const DRIZZLE_TABLE = 'drizzle.__drizzle_migrations'

/** The folder of the hand-written migrations the API applied before drizzle, kept to upgrade from them. */
export const LEGACY_DIR = join(here, 'legacy')

/**
 * The hand-written migrations, in order, that the API applied (recording each in `schema_migrations`)
 * before drizzle. Together they make exactly the baseline's schema.
 */
export const LEGACY_MIGRATIONS = [
  '0001_init.sql',
  '0002_auth.sql',
  '0003_social.sql',
  '0004_indexer.sql',
  '0005_social_binding.sql',
  '0006_project_app_ids.sql',
] as const

/** The tags of a migrations folder's journal, in order, with the journal time drizzle records. */
function journal(folder: string): { tag: string; when: number }[] {
  const parsed = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[]
  }
  return parsed.entries.map((entry) => ({ tag: entry.tag, when: entry.when }))
}

/**
 * Applies the migrations not applied yet and returns their tags. Idempotent; an advisory lock (per
 * database) makes API nodes starting at once apply each migration once. A database written before
 * drizzle (a `schema_migrations` table) is first brought to the baseline with the legacy migrations it
 * lacks and recorded as having applied the baseline, which then does not run.
 *
 * @example
 * await Migrator.migrate(db) // ['0000_baseline'] on an empty database, [] after
 */
export async function migrate(db: Db.Db, options: { migrationsFolder?: string } = {}): Promise<string[]> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_DIR
  const entries = journal(migrationsFolder)
  const files = readMigrationFiles({ migrationsFolder })
  return db.session(async (session) => {
    const [row] = await session.query("SELECT hashtext(current_schema() || ':frontdoor_migrations') AS key")
    const key = Number(row?.key)
    await session.query('SELECT pg_advisory_lock($1)', [key])
    try {
      await adoptLegacy(session, { tag: entries[0]?.tag, hash: files[0]?.hash, when: files[0]?.folderMillis })
      const last = await lastApplied(session)
      const pending = entries.filter((entry) => last === undefined || last < entry.when).map((e) => e.tag)
      if (!pending.length) return []
      try {
        await session.migrate({ migrationsFolder })
      } catch (error) {
        const cause = (error as { cause?: Error }).cause?.message ?? ''
        throw new Error(
          `Migrator: ${pending.join(', ')} failed and were rolled back: ${(error as Error).message} ${cause}`,
        )
      }
      return pending
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [key])
    }
  })
}

/** The journal time of the newest migration drizzle recorded, or undefined (none, or no table yet). */
async function lastApplied(session: Db.Session): Promise<number | undefined> {
  const [exists] = await session.query(`SELECT to_regclass('${DRIZZLE_TABLE}') IS NOT NULL AS ok`)
  if (exists?.ok !== true) return undefined
  const [row] = await session.query(`SELECT max(created_at)::text AS last FROM ${DRIZZLE_TABLE}`)
  return row?.last == null ? undefined : Number(row.last)
}

/**
 * A database the hand-written migrator wrote (it has `schema_migrations`): applies the legacy migrations
 * it lacks, records the baseline as applied in drizzle's table and drops `schema_migrations`, in one
 * transaction. A database with migrations this version does not know is refused; one drizzle has
 * migrated already is left as it is.
 */
async function adoptLegacy(
  session: Db.Session,
  baseline: { tag: string | undefined; hash: string | undefined; when: number | undefined },
): Promise<void> {
  const [legacy] = await session.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS ok")
  if (legacy?.ok !== true) return
  // Adopted already (a node of the version before drizzle started since and left its table): drizzle's
  // record stands.
  if ((await lastApplied(session)) !== undefined) return
  if (baseline.tag !== BASELINE_TAG || baseline.hash === undefined || baseline.when === undefined)
    throw new Error(`Migrator: the first migration must be ${BASELINE_TAG}, to adopt a database from before`)
  const done = (await session.query('SELECT name FROM schema_migrations')).map((r) => String(r.name))
  const known = new Set<string>(LEGACY_MIGRATIONS)
  const unknown = done.filter((name) => !known.has(name))
  if (unknown.length)
    throw new Error(`Migrator: the database has migrations this version does not know: ${unknown.join(', ')}`)
  const missing = LEGACY_MIGRATIONS.filter((name) => !done.includes(name))
  await session.exec('BEGIN')
  try {
    for (const name of missing) await session.exec(await readFile(join(LEGACY_DIR, name), 'utf8'))
    await session.exec(
      `CREATE SCHEMA IF NOT EXISTS drizzle;
       CREATE TABLE IF NOT EXISTS ${DRIZZLE_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);`,
    )
    await session.query(`INSERT INTO ${DRIZZLE_TABLE} (hash, created_at) VALUES ($1, $2)`, [
      baseline.hash,
      baseline.when,
    ])
    await session.exec('DROP TABLE schema_migrations')
    await session.exec('COMMIT')
  } catch (error) {
    await session.exec('ROLLBACK')
    throw new Error(`Migrator: adopting the database from before drizzle failed: ${(error as Error).message}`)
  }
}
