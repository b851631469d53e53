import { afterAll, describe, expect, test } from 'vitest'
import * as TestDb from '../../db/TestDb.js'
import * as Users from './Users.js'

const db = await TestDb.create()
afterAll(() => db.drop())

describe('findOrCreateByIdentity', () => {
  test('one user per email, whatever its case', async () => {
    const first = await Users.findOrCreateByIdentity(db, { kind: 'email', subject: 'Alice@Example.com ' })
    const again = await Users.findOrCreateByIdentity(db, { kind: 'email', subject: 'alice@example.com' })
    expect(again).toEqual(first)
    expect(first).toMatchObject({
      email: 'alice@example.com',
      socialProvider: null,
      preferredAccountType: null,
    })
  })

  test('one user per social identity, separate from the email user of the same address', async () => {
    const google = await Users.findOrCreateByIdentity(db, {
      kind: 'google',
      subject: 'g-123',
      email: 'Bob@Example.com',
      userName: 'bob',
    })
    expect(google).toMatchObject({ email: 'bob@example.com', userName: 'bob', socialProvider: 'google' })
    const byEmail = await Users.findOrCreateByIdentity(db, { kind: 'email', subject: 'bob@example.com' })
    expect(byEmail.id).not.toBe(google.id)
    const x = await Users.findOrCreateByIdentity(db, { kind: 'x', subject: 'g-123' })
    expect(x.id).not.toBe(google.id)
    expect((await Users.findOrCreateByIdentity(db, { kind: 'google', subject: 'g-123' })).id).toBe(google.id)
  })

  test('concurrent first logins of one identity make one user', async () => {
    const identity = { kind: 'github', subject: 'race' } as const
    const users = await Promise.all(
      Array.from({ length: 5 }, () => Users.findOrCreateByIdentity(db, identity)),
    )
    expect(new Set(users.map((user) => user.id)).size).toBe(1)
  })

  test('fills an empty user name from a later login', async () => {
    const first = await Users.findOrCreateByIdentity(db, { kind: 'farcaster', subject: 'fid:7' })
    expect(first.userName).toBeNull()
    const later = await Users.findOrCreateByIdentity(db, {
      kind: 'farcaster',
      subject: 'fid:7',
      userName: 'dora',
    })
    expect(later).toMatchObject({ id: first.id, userName: 'dora' })
  })
})

describe('setPreferredAccountType', () => {
  test('stores the preference', async () => {
    const user = await Users.findOrCreateByIdentity(db, { kind: 'email', subject: 'pref@example.com' })
    expect((await Users.setPreferredAccountType(db, user.id, 'eoa')).preferredAccountType).toBe('eoa')
    expect((await Users.get(db, user.id))?.preferredAccountType).toBe('eoa')
  })
})

describe('changeEmail', () => {
  test('moves the email login to the new address; refuses an address of another user', async () => {
    const user = await Users.findOrCreateByIdentity(db, { kind: 'email', subject: 'old@example.com' })
    const other = await Users.findOrCreateByIdentity(db, { kind: 'email', subject: 'taken@example.com' })
    await expect(Users.changeEmail(db, user.id, 'old@example.com', 'taken@example.com')).rejects.toThrow(
      Users.EmailTakenError,
    )
    const moved = await Users.changeEmail(db, user.id, 'old@example.com', 'New@Example.com')
    expect(moved.email).toBe('new@example.com')
    expect((await Users.findByIdentity(db, { kind: 'email', subject: 'new@example.com' }))?.id).toBe(user.id)
    expect(await Users.findByIdentity(db, { kind: 'email', subject: 'old@example.com' })).toBeUndefined()
    expect((await Users.findByIdentity(db, { kind: 'email', subject: 'taken@example.com' }))?.id).toBe(
      other.id,
    )
  })
})
