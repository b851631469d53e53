import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { verifyMessage } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import type * as Db from '../../db/Db.js'
import * as Tables from '../../db/Tables.js'
import * as TestDb from '../../db/TestDb.js'
import * as Otp from '../email/Otp.js'
import * as Users from '../users/Users.js'
import * as MasterKey from './MasterKey.js'
import * as Rotation from './Rotation.js'
import * as Vault from './Vault.js'

// On PGlite, and on PostgreSQL too when DATABASE_URL is set (`.ci/run` sets it; by hand: `source
// .ci/services.sh && start_services`), where the API nodes read from other connections while the
// rotation's transaction runs. Without it the PostgreSQL suites are reported skipped, saying why.

const key = () => {
  const bytes = randomBytes(32)
  return { key: bytes, id: MasterKey.fingerprint(bytes), source: 'env' as const }
}
const oldKey = key()
const newKey = key()
/** An API node before the rotation, one of the rotation (both keys), and one after it. */
const before = Vault.create(oldKey)
const during = Vault.create(newKey, oldKey)
const after = Vault.create(newKey)

type Backend = { name: string; kind: Db.Db['kind'] }
const PGLITE: Backend = { name: 'PGlite', kind: 'pglite' }
const POSTGRES: Backend = { name: 'PostgreSQL', kind: 'postgres' }
const hasPostgres = Boolean(process.env.DATABASE_URL)
/** A suite's title on `backend`; a skipped PostgreSQL suite says why. */
const on = (backend: Backend) =>
  backend.kind === 'postgres' && !hasPostgres
    ? `${backend.name} (skipped: DATABASE_URL is not set)`
    : backend.name

const databases: { drop: () => Promise<void> }[] = []
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()))
}, 60_000)
async function fresh(backend: Backend) {
  const db = await TestDb.create({ pglite: backend.kind === 'pglite' })
  databases.push(db)
  expect(db.kind).toBe(backend.kind)
  return db
}

let n = 0
const newUser = async (db: Db.Db) =>
  (await Users.findOrCreateByIdentity(db, { kind: 'email', subject: `rotation${++n}@example.com` })).id
const sign = (db: Db.Db, vault: Vault.Vault, userId: string) =>
  Vault.personalSign(db, vault, userId, { chain: 'eip155:31337', message: `hello ${userId}` })
const keyIds = async (db: Db.Db) =>
  (await db.orm.select({ id: Tables.vaultKeys.masterKeyId }).from(Tables.vaultKeys)).map((r) => r.id)

for (const backend of [PGLITE, POSTGRES])
  describe.skipIf(backend.kind === 'postgres' && !hasPostgres)(`rotate on ${on(backend)}`, () => {
    test('re-wraps every data key under the new master key and records it; the keys stay the users own; a second run re-wraps nothing', async () => {
      const db = await fresh(backend)
      const users: { id: string; evm: `0x${string}` }[] = []
      for (let i = 0; i < 5; i++) {
        const id = await newUser(db)
        users.push({ id, evm: (await Vault.ensureKeys(db, before, id)).evm })
      }
      // A node of the rotation, before the rotation: opens the old keys, and wraps a new user's data key
      // under the old key still, so the nodes not yet restarted (old key only) open it too.
      const joined = await newUser(db)
      users.push({ id: joined, evm: (await Vault.ensureKeys(db, during, joined)).evm })
      expect(new Set(await keyIds(db))).toEqual(new Set([oldKey.id]))
      for (const user of users) await sign(db, before, user.id)

      expect(await Rotation.rotate(db, during, { now: Date.now(), batchSize: 4 })).toEqual({
        from: oldKey.id,
        to: newKey.id,
        rewrapped: 6,
        already: 0,
      })
      expect(new Set(await keyIds(db))).toEqual(new Set([newKey.id]))
      expect(await Vault.recordedKeyId(db.orm)).toBe(newKey.id)
      // The same secrets: each user's signature still recovers to the user's address.
      for (const user of users) {
        for (const vault of [during, after]) {
          const signature = await sign(db, vault, user.id)
          expect(await verifyMessage({ address: user.evm, message: `hello ${user.id}`, signature })).toBe(
            true,
          )
        }
        await expect(sign(db, before, user.id)).rejects.toThrow(Vault.MasterKeyMismatchError)
      }
      // From the rotation on, new data keys are wrapped under the new key; a node of the old key alone
      // makes none (its keys would open nowhere else).
      const later = await newUser(db)
      await Vault.ensureKeys(db, during, later)
      expect(await keyIds(db)).toContain(newKey.id)
      await expect(Vault.ensureKeys(db, before, await newUser(db))).rejects.toThrow(
        /rotated to master key .* this process has/,
      )
      expect(await Rotation.rotate(db, during, { now: Date.now() })).toMatchObject({
        rewrapped: 0,
        already: 7,
      })
      expect(await Rotation.status(db, after)).toEqual({
        recorded: newKey.id,
        keys: [{ keyId: newKey.id, dataKeys: 7, held: 'VAULT_MASTER_KEY' }],
      })
    }, 120_000)

    test('refuses without the previous key, or with data keys under a third key, and changes nothing', async () => {
      const db = await fresh(backend)
      await Vault.ensureKeys(db, before, await newUser(db))
      await expect(Rotation.rotate(db, after, { now: Date.now() })).rejects.toThrow(Rotation.RotationError)
      const third = key()
      await Vault.ensureKeys(db, Vault.create(third), await newUser(db))
      await expect(Rotation.rotate(db, during, { now: Date.now() })).rejects.toThrow(
        new RegExp(`neither VAULT_MASTER_KEY nor VAULT_MASTER_KEY_PREVIOUS: ${third.id} \\(1\\)`),
      )
      expect((await keyIds(db)).sort()).toEqual([oldKey.id, third.id].sort())
      expect(await Vault.recordedKeyId(db.orm)).toBeNull()
      expect((await Rotation.status(db, during)).keys).toEqual([
        { keyId: newKey.id, dataKeys: 0, held: 'VAULT_MASTER_KEY' },
        { keyId: oldKey.id, dataKeys: 1, held: 'VAULT_MASTER_KEY_PREVIOUS' },
        { keyId: third.id, dataKeys: 1, held: null },
      ])
    }, 120_000)

    test('API nodes of both keys sign throughout; keys created meanwhile end under the new key', async () => {
      const db = await fresh(backend)
      const users: string[] = []
      for (let i = 0; i < 200; i++) {
        users.push(await newUser(db))
        await Vault.ensureKeys(db, before, users[i]!)
      }
      let rotating = true
      let started = 0
      let doneWhileRotating = 0
      const node = async () => {
        for (let i = 0; rotating; i++) {
          started++
          await sign(db, during, users[(i * 7) % users.length]!)
          if (rotating) doneWhileRotating++
        }
      }
      const joining = async () => {
        for (let i = 0; i < 10; i++) await Vault.ensureKeys(db, during, await newUser(db))
      }
      const rotation = Rotation.rotate(db, during, { now: Date.now(), batchSize: 4 }).finally(() => {
        rotating = false
      })
      // Every signature succeeds (Promise.all rejects on the first that does not).
      await Promise.all([node(), node(), joining(), rotation])
      console.log(
        `rotation on ${db.kind}: ${started} signatures asked by nodes of both keys while it ran, ${doneWhileRotating} done before it committed, none failed`,
      )
      expect(started).toBeGreaterThan(0)
      // PGlite runs one transaction at a time (the others wait for it); PostgreSQL serves them meanwhile.
      if (db.kind === 'postgres') expect(doneWhileRotating).toBeGreaterThan(0)
      expect(new Set(await keyIds(db))).toEqual(new Set([newKey.id]))
      expect(await keyIds(db)).toHaveLength(210)
    }, 120_000)
  })

describe('login codes during a rotation', () => {
  test('login codes hashed by a node of the old key check out on a node of both keys, and new ones under the recorded key', async () => {
    const context = { purpose: 'login', email: 'ada@example.com' }
    const accepted = [during.masterKeyId, during.previousKeyId as string].map((id) =>
      during.derive('email otp', id),
    )
    const byOldNode = Otp.hash(before.derive('email otp'), context, '123456')
    expect(Otp.matches(accepted, context, '123456', byOldNode)).toBe(true)
    expect(Otp.matches(accepted, context, '123457', byOldNode)).toBe(false)
    expect(Otp.matches([after.derive('email otp')], context, '123456', byOldNode)).toBe(false)
    expect(Vault.wrappingKeyId(during, null)).toBe(oldKey.id)
    expect(Vault.wrappingKeyId(during, newKey.id)).toBe(newKey.id)
  })
})

describe.skipIf(!hasPostgres)(`rotate on ${on(POSTGRES)}, with other sessions`, () => {
  test('while the transaction runs, a node of the old key alone still reads (committed rows); a key being created waits and ends under the new key', async () => {
    const db = await fresh(POSTGRES)
    const admin = new pg.Client({ connectionString: db.url })
    await admin.connect()
    try {
      const users: string[] = []
      for (let i = 0; i < 6; i++) {
        users.push(await newUser(db))
        await Vault.ensureKeys(db, before, users[i]!)
      }
      users.sort()
      // Another session holds the last user's row: the rotation re-wraps the first batches and waits there.
      await admin.query('BEGIN')
      await admin.query('SELECT 1 FROM vault_keys WHERE user_id = $1 FOR SHARE', [users.at(-1)])
      const rotation = Rotation.rotate(db, during, { now: Date.now(), batchSize: 2 })
      await expect
        .poll(async () => {
          const result = await db.orm.execute(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
          return (result as unknown as { rows: { n: number }[] }).rows[0]?.n
        })
        .toBe(1)
      // Mid-rotation: the first four data keys are re-wrapped but not committed. Every node reads.
      for (const user of users) {
        await sign(db, before, user)
        await sign(db, during, user)
      }
      const joined = await newUser(db)
      let created = false
      const creating = Vault.ensureKeys(db, during, joined).then(() => {
        created = true
      })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(created).toBe(false)
      await admin.query('COMMIT')
      expect(await rotation).toMatchObject({ rewrapped: 6 })
      await creating
      const [row] = await db.orm
        .select({ id: Tables.vaultKeys.masterKeyId })
        .from(Tables.vaultKeys)
        .where(eq(Tables.vaultKeys.userId, joined))
      expect(row?.id).toBe(newKey.id)
      // Committed: the old key alone opens nothing now; both keys, or the new one, open everything.
      await expect(sign(db, before, users[0]!)).rejects.toThrow(Vault.MasterKeyMismatchError)
      for (const user of [...users, joined]) await sign(db, after, user)
    } finally {
      await admin.end()
    }
  }, 60_000)
})
