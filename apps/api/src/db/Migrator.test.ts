import { readFileSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import * as Migrator from './Migrator.js'
import * as TestDb from './TestDb.js'

const folders: string[] = []

/** Every generated migration's tag, in order (the baseline first). */
const TAGS = (
  JSON.parse(readFileSync(join(Migrator.MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
).entries.map((entry) => entry.tag)

/** A copy of the generated migrations with one more migration, `later` ms after the last. */
async function withExtra(tag: string, sql: string, later: number): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'frontdoor-migrations-'))
  folders.push(folder)
  await cp(Migrator.MIGRATIONS_DIR, folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalPath, 'utf8'))
  const last = journal.entries.at(-1)
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + later, tag })
  await writeFile(journalPath, JSON.stringify(journal))
  await writeFile(join(folder, `${tag}.sql`), sql)
  return folder
}

const recorded = (db: TestDb.TestDb) =>
  db.session((s) => s.query('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id'))

describe('migrate', async () => {
  const db = await TestDb.create({ migrate: false })
  afterAll(async () => {
    await db.drop()
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
  })

  test(`applies every generated migration once (${TestDb.describeBackend()})`, async () => {
    const before = await db.session((s) => s.query("SELECT to_regclass('wallets') IS NULL AS none"))
    expect(before[0]?.none).toBe(true)
    expect(TAGS[0]).toBe(Migrator.BASELINE_TAG)
    expect(await Migrator.migrate(db)).toEqual(TAGS)
    expect(await Migrator.migrate(db)).toEqual([])
    const rows = await db.session((s) => s.query('SELECT count(*)::int AS n FROM wallets'))
    expect(rows[0]?.n).toBe(0)
    expect(await recorded(db)).toHaveLength(TAGS.length)
    const legacy = await db.session((s) => s.query("SELECT to_regclass('schema_migrations') IS NULL AS none"))
    expect(legacy[0]?.none).toBe(true)
  })

  test('two migrators at once (two API nodes starting) apply each migration once', async () => {
    const folder = await withExtra('0001_extra', 'CREATE TABLE extra_a (id int);', 1)
    const results = await Promise.all([
      Migrator.migrate(db, { migrationsFolder: folder }),
      Migrator.migrate(db, { migrationsFolder: folder }),
    ])
    expect(results.flat()).toEqual(['0001_extra'])
    expect(await recorded(db)).toHaveLength(TAGS.length + 1)
  })

  test('a failing migration rolls back and is not recorded', async () => {
    const folder = await withExtra(
      '0002_bad',
      'CREATE TABLE half_done (id int);\n--> statement-breakpoint\nSELECT nope FROM missing;',
      2,
    )
    const before = await recorded(db)
    await expect(Migrator.migrate(db, { migrationsFolder: folder })).rejects.toThrow(/0002_bad failed/)
    const rows = await db.session((s) => s.query("SELECT to_regclass('half_done') AS t"))
    expect(rows[0]?.t).toBeNull()
    expect(await recorded(db)).toEqual(before)
  })
})
