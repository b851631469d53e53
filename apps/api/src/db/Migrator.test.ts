import { afterAll, describe, expect, test } from 'vitest'
import * as Migrator from './Migrator.js'
import * as TestDb from './TestDb.js'

describe('migrate', async () => {
  const db = await TestDb.create({ migrate: false })
  afterAll(() => db.drop())

  test(`applies every migration once (${TestDb.describeBackend()})`, async () => {
    const all = await Migrator.load()
    expect(all.map((m) => m.name)).toContain('0001_init.sql')
    expect(await Migrator.migrate(db)).toEqual(all.map((m) => m.name))
    expect(await Migrator.migrate(db)).toEqual([])
    const rows = await db.session((s) => s.query('SELECT count(*)::int AS n FROM wallets'))
    expect(rows[0]?.n).toBe(0)
  })

  test('two migrators at once apply each migration once', async () => {
    const extra = [
      { name: '9001_extra.sql', sql: 'CREATE TABLE extra_a (id int); CREATE TABLE extra_b (id int);' },
    ]
    const results = await Promise.all([Migrator.migrate(db, extra), Migrator.migrate(db, extra)])
    expect(results.flat()).toEqual(['9001_extra.sql'])
  })

  test('a failing migration rolls back and is not recorded', async () => {
    const bad = [{ name: '9002_bad.sql', sql: 'CREATE TABLE half_done (id int); SELECT nope FROM missing;' }]
    await expect(Migrator.migrate(db, bad)).rejects.toThrow(/9002_bad.sql failed/)
    const rows = await db.session((s) => s.query("SELECT to_regclass('half_done') AS t"))
    expect(rows[0]?.t).toBeNull()
  })
})
