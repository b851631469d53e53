import { afterAll, describe, expect, test } from 'vitest'
import * as TestDb from '../../db/TestDb.js'
import * as Users from '../users/Users.js'
import * as Sessions from './Sessions.js'

const db = await TestDb.create()
afterAll(() => db.drop())
const user = await Users.findOrCreateByIdentity(db, { kind: 'email', subject: 'session@example.com' })

describe('create', () => {
  test('an opaque token valid for 7 days; only its hash is stored', async () => {
    const now = Date.UTC(2030, 0, 1)
    const { token, expiresAt } = await Sessions.create(db, user.id, { now })
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(expiresAt).toBe('2030-01-08T00:00:00.000Z')
    const rows = await db.session((s) => s.query('SELECT token_hash FROM auth_sessions'))
    expect(rows.map((row) => row.token_hash)).toContain(Sessions.hash(token))
    expect(JSON.stringify(rows)).not.toContain(token)
    expect((await Sessions.resolve(db, token, { now }))?.userId).toBe(user.id)
    expect(await Sessions.resolve(db, token, { now: Date.parse(expiresAt) - 1 })).toBeDefined()
    expect(await Sessions.resolve(db, token, { now: Date.parse(expiresAt) })).toBeUndefined()
  })
})

describe('resolve', () => {
  test('an unknown token has no session', async () => {
    expect(await Sessions.resolve(db, 'nope')).toBeUndefined()
  })
})

describe('revoke', () => {
  test('a revoked token no longer resolves; revoking twice is a no-op', async () => {
    const { token } = await Sessions.create(db, user.id)
    expect(await Sessions.revoke(db, token)).toBe(true)
    expect(await Sessions.resolve(db, token)).toBeUndefined()
    expect(await Sessions.revoke(db, token)).toBe(false)
  })

  test('revokeAll ends every session of a user', async () => {
    const a = await Sessions.create(db, user.id)
    const b = await Sessions.create(db, user.id)
    expect(await Sessions.revokeAll(db, user.id)).toBeGreaterThanOrEqual(2)
    expect(await Sessions.resolve(db, a.token)).toBeUndefined()
    expect(await Sessions.resolve(db, b.token)).toBeUndefined()
  })
})
