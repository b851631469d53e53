import { readFileSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, describe, expect, test } from 'vitest'
import * as Db from './Db.js'
import * as Migrator from './Migrator.js'
import * as Tables from './Tables.js'
import * as TestDb from './TestDb.js'

// A database written by the API before drizzle (the hand-written migrator and migrations/NNNN_name.sql,
// kept in legacy/) opens with the drizzle migrator with nothing lost, and the generated migrations make
// exactly the schema the hand-written ones made.

/** What the hand-written migrator did: each file in one transaction, its name in `schema_migrations`. */
async function writeWithLegacyMigrator(db: Db.Db, names: readonly string[] = Migrator.LEGACY_MIGRATIONS) {
  await db.session(async (s) => {
    await s.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    )
    for (const name of names) {
      await s.exec('BEGIN')
      try {
        await s.exec(await readFile(join(Migrator.LEGACY_DIR, name), 'utf8'))
        await s.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name])
        await s.exec('COMMIT')
      } catch (error) {
        await s.exec('ROLLBACK')
        throw error
      }
    }
  })
}

/** One row in every table, every column set (the serial ids by their sequences). */
const ROWS = `
INSERT INTO projects VALUES ('p1', 'Project', '["https://a.example"]', '[{"id":"swap","isEnabled":true,"config":["x"]}]',
  '["google"]', false, '2026-01-02T03:04:05.678Z', '2026-01-03T00:00:00Z');
INSERT INTO wallets VALUES ('w1', 'Wallet', 'certified', 'A wallet', '["eip155:1"]', 'https://w.example', 'img', 7,
  'w://', 'https://d', 'https://web', 'https://as', 'https://ps', 'https://cs', 'io.w', '[{"namespace":"eip155","injected_id":"isW"}]', false);
INSERT INTO events (project_id, event_id, kind, url, domain, client_timestamp, props, sdk_type, sdk_version, received_at)
  VALUES ('p1', 'e1', 'track', 'https://a.example/x', 'a.example', 1767225600123, '{"a":1}', 'html', '1.0.0', '2026-01-04T00:00:00Z');
INSERT INTO users VALUES ('u1', 'a@b.c', 'alice', 'google', 'smartAccount', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z');
INSERT INTO user_identities VALUES ('email', 'a@b.c', 'u1', '2026-01-01T00:00:01Z');
INSERT INTO vault_keys VALUES ('u1', 'k1', 'wrapped', '0xabc', 'sealed-evm', 'So1', 'sealed-sol', '2026-01-01T00:00:02Z');
INSERT INTO vault_signatures (user_id, method, chain, digest, created_at) VALUES ('u1', 'personal_sign', 'eip155:1', '0xd1', '2026-01-01T00:00:03Z');
INSERT INTO auth_sessions VALUES ('th', 'u1', '2026-01-01T00:00:04Z', '2026-02-01T00:00:00Z', '2026-01-05T00:00:00Z');
INSERT INTO email_challenges VALUES ('update_primary', 'a@b.c', 'ch', '2026-01-01T00:00:05Z', '2026-01-01T00:10:00Z',
  '2026-01-01T00:01:00Z', 2, '2026-01-01T01:00:00Z', 'u1', 'new@b.c');
INSERT INTO social_logins VALUES ('sh', 'p1', 'google', 'https://a.example', 'verifier', 'nonce', '2026-01-01T00:00:06Z',
  '2026-01-01T00:10:00Z', 'attempt', 'bh', 'brh');
INSERT INTO social_redeem_codes VALUES ('ch', 'u1', 'google', '2026-01-01T00:00:07Z', '2026-01-01T00:05:00Z',
  '2026-01-01T00:01:00Z', 'bh');
INSERT INTO farcaster_channels VALUES ('ft', 'p1', 'u1', 'alice.eth', '2026-01-01T00:00:08Z', '2026-01-01T00:10:00Z',
  '2026-01-01T00:02:00Z', '2026-01-01T00:03:00Z');
INSERT INTO indexer_cursors VALUES ('eip155:31337', 12, '0xb12', '2026-01-01T00:00:09Z');
INSERT INTO indexed_blocks VALUES ('eip155:31337', 12, '0xb12');
INSERT INTO chain_transactions VALUES ('eip155:31337', '0xt1', 12, 0, '2026-01-01T00:00:10Z', '0xf', '0xto', '0xc', 3,
  115792089237316195423570985008687907853269984665640564039457584007913129639935, '0xa9059cbb', 'failed');
INSERT INTO chain_transfers VALUES ('eip155:31337', '0xt1', 0, 12, 'erc721', '0xtok', '0xf', '0xto', 1, 42);
INSERT INTO account_activity VALUES ('0xf', 'eip155:31337', '0xt1', 12, 0, '2026-01-01T00:00:10Z');
INSERT INTO chain_tokens VALUES ('eip155:31337', '0xtok', 'erc721', 'Token', 'TOK', 0);
INSERT INTO chain_nft_items VALUES ('eip155:31337', '0xtok', 42, 'Item', 'data:image/svg+xml,x');
INSERT INTO names VALUES ('alice.frontdoor.id', '0xf', 'data:avatar', '2026-01-01T00:00:11Z', '2026-01-01T00:00:12Z');
UPDATE projects SET allowed_bundle_ids = '["com.example.app"]', allowed_package_names = '["com.example.android"]';
`

/** The table names of Tables.ts. */
const TABLES = Object.values(Tables as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort()

/** The generated migrations after the baseline (tables added since drizzle took over). */
const AFTER_BASELINE = (
  JSON.parse(readFileSync(join(Migrator.MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
).entries
  .map((entry) => entry.tag)
  .slice(1)

/** The columns of each table the database has, in order. */
async function columnsOf(db: Db.Db): Promise<Record<string, string[]>> {
  const rows = await db.session((s) =>
    s.query(`SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`),
  )
  const out: Record<string, string[]> = {}
  for (const row of rows) {
    const table = String(row.table_name)
    out[table] = [...(out[table] ?? []), String(row.column_name)]
  }
  return out
}

/**
 * Every row of every table the database has, as PostgreSQL prints it (exact values): of every column,
 * or of the columns `columns` names (those a database had before later migrations added more).
 */
async function dumpRows(db: Db.Db, columns?: Record<string, string[]>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  const existing = await columnsOf(db)
  for (const table of columns ? Object.keys(columns) : TABLES) {
    if (!existing[table]) continue
    const listed = columns?.[table]
    const value = listed ? `ROW(${listed.map((c) => `t."${c}"`).join(', ')})::text` : 't::text'
    const rows = await db.session((s) => s.query(`SELECT ${value} AS row FROM ${table} t ORDER BY 1`))
    out[table] = rows.map((r) => String(r.row))
  }
  return out
}

/** The schema as the catalog describes it: columns, constraints, indexes, sequences (bookkeeping left out). */
async function dumpSchema(db: Db.Db) {
  const q = (text: string) => db.session((s) => s.query(text))
  return {
    columns:
      await q(`SELECT table_name, ordinal_position, column_name, data_type, udt_name, numeric_precision,
        numeric_scale, is_nullable, column_default, is_identity
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'schema_migrations'
      ORDER BY table_name, ordinal_position`),
    constraints:
      await q(`SELECT conrelid::regclass::text AS table_name, conname, contype, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> 'schema_migrations'
      ORDER BY 1, 2`),
    indexes: await q(`SELECT tablename, indexname, indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY 1, 2`),
    sequences: await q(`SELECT sequence_name, data_type, start_value, increment, maximum_value
      FROM information_schema.sequences WHERE sequence_schema = 'public' ORDER BY 1`),
    owned: await q(`SELECT s.relname AS sequence, t.relname AS table_name, a.attname AS column_name
      FROM pg_depend d JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
      JOIN pg_class t ON t.oid = d.refobjid JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE s.relnamespace = 'public'::regnamespace ORDER BY 1`),
  }
}

const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** A database that can be closed and opened again: a PGlite data folder, or a PostgreSQL database. */
async function reopenable(): Promise<() => Promise<Db.Db>> {
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    const database = await TestDb.createPostgresDatabase(databaseUrl)
    cleanups.push(database.drop)
    return () => Db.open({ databaseUrl: database.url, maxConnections: 4 })
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'frontdoor-pglite-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  return () => Db.open({ dataDir })
}

describe(`a database written before drizzle (${TestDb.describeBackend()})`, { timeout: 60_000 }, () => {
  test('opens with the drizzle migrator with every row of every table, the baseline not run again', async () => {
    const open = await reopenable()
    const old = await open()
    await writeWithLegacyMigrator(old)
    await old.session((s) => s.exec(ROWS))
    const before = await dumpRows(old)
    const legacyColumns = await columnsOf(old)
    delete legacyColumns.schema_migrations
    await old.close()
    const legacyTables = Object.keys(before)
    expect(legacyTables.length).toBeGreaterThan(15)
    for (const table of legacyTables) expect(before[table], table).toHaveLength(1)

    const db = await open()
    try {
      expect(await Migrator.migrate(db)).toEqual(AFTER_BASELINE)
      expect(await dumpRows(db, legacyColumns)).toEqual(before)
      const recorded = await db.session((s) =>
        s.query('SELECT hash, created_at::text AS at FROM drizzle.__drizzle_migrations'),
      )
      expect(recorded).toHaveLength(1 + AFTER_BASELINE.length)
      const legacy = await db.session((s) =>
        s.query("SELECT to_regclass('schema_migrations') IS NULL AS gone"),
      )
      expect(legacy[0]?.gone).toBe(true)
      // The rows read back through drizzle too, and the serial ids continue after the old rows.
      const [project] = await db.orm.select().from(Tables.projects)
      expect(project?.allowedBundleIds).toEqual(['com.example.app'])
      expect(project?.features).toEqual([{ id: 'swap', isEnabled: true, config: ['x'] }])
      const [event] = await db.orm
        .insert(Tables.events)
        .values({
          projectId: 'p1',
          eventId: 'e2',
          kind: 'k',
          url: 'u',
          domain: 'd',
          clientTimestamp: 1,
          props: {},
        })
        .returning()
      expect(event?.id).toBe(2)
      expect(await Migrator.migrate(db)).toEqual([])
      // A node of the old version starting on it now fails (its first migration exists already), and
      // leaves an empty schema_migrations behind; the new migrator keeps drizzle's record.
      await expect(writeWithLegacyMigrator(db)).rejects.toThrow(/already exists/)
      const left = await db.session((s) => s.query("SELECT to_regclass('schema_migrations') IS NULL AS gone"))
      expect(left[0]?.gone).toBe(false)
      expect(await Migrator.migrate(db)).toEqual([])
      expect(await dumpRows(db, legacyColumns)).toEqual({
        ...before,
        events: [...(before.events ?? []), expect.any(String)],
      })
    } finally {
      await db.close()
    }
  })

  test('from before the last hand-written migration: the missing one is applied, then the baseline recorded', async () => {
    const open = await reopenable()
    const old = await open()
    await writeWithLegacyMigrator(old, Migrator.LEGACY_MIGRATIONS.slice(0, -1))
    await old.session((s) =>
      s.exec(`INSERT INTO projects (project_id, name) VALUES ('p1', 'Project');
              INSERT INTO users (id) VALUES ('u1')`),
    )
    await old.close()
    const db = await open()
    try {
      expect(await Migrator.migrate(db)).toEqual(AFTER_BASELINE)
      const [project] = await db.orm.select().from(Tables.projects)
      expect(project).toMatchObject({ projectId: 'p1', allowedBundleIds: [], allowedPackageNames: [] })
      expect(await db.orm.select().from(Tables.users)).toHaveLength(1)
    } finally {
      await db.close()
    }
  })

  test('with a migration this version does not know: refused, nothing changed', async () => {
    const db = await TestDb.create({ migrate: false })
    cleanups.push(db.drop)
    await writeWithLegacyMigrator(db)
    await db.session((s) => s.query("INSERT INTO schema_migrations (name) VALUES ('0007_future.sql')"))
    await expect(Migrator.migrate(db)).rejects.toThrow(/0007_future.sql/)
    const rows = await db.session((s) => s.query('SELECT count(*)::int AS n FROM schema_migrations'))
    expect(rows[0]?.n).toBe(7)
  })
})

describe('the generated migrations', { timeout: 60_000 }, () => {
  test('make exactly the schema the hand-written ones made: columns, defaults, constraints, indexes', async () => {
    const legacy = await TestDb.create({ migrate: false })
    cleanups.push(legacy.drop)
    await writeWithLegacyMigrator(legacy)
    const generated = await TestDb.create({ migrate: false })
    cleanups.push(generated.drop)
    // The baseline alone, from a copy of the migrations whose journal ends there.
    const baselineOnly = await mkdtemp(join(tmpdir(), 'frontdoor-baseline-'))
    cleanups.push(() => rm(baselineOnly, { recursive: true, force: true }))
    await cp(Migrator.MIGRATIONS_DIR, baselineOnly, { recursive: true })
    const journalPath = join(baselineOnly, 'meta', '_journal.json')
    const journal = JSON.parse(await readFile(journalPath, 'utf8'))
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }))
    expect(await Migrator.migrate(generated, { migrationsFolder: baselineOnly })).toEqual([
      Migrator.BASELINE_TAG,
    ])

    const expected = await dumpSchema(legacy)
    expect(expected.columns.length).toBeGreaterThan(100)
    expect(expected.indexes.length).toBeGreaterThan(30)
    expect(await dumpSchema(generated)).toEqual(expected)
    // And a legacy database, once adopted, is the same database as a new one, with the later migrations too.
    expect(await Migrator.migrate(legacy)).toEqual(AFTER_BASELINE)
    expect(await Migrator.migrate(generated)).toEqual(AFTER_BASELINE)
    expect(await dumpSchema(legacy)).toEqual(await dumpSchema(generated))
  })
})
