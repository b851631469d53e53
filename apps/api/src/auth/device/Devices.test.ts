import { afterAll, describe, expect, test } from 'vitest'
import * as TestDb from '../../db/TestDb.js'
import * as Users from '../users/Users.js'
import * as Devices from './Devices.js'

const db = await TestDb.create()
afterAll(() => db.drop())
let n = 0
const newUser = async () =>
  (await Users.findOrCreateByIdentity(db, { kind: 'email', subject: `device${++n}@example.com` })).id
const device = () => `device-${n}-${Math.random().toString(36).slice(2)}-xxxxxxxx`

describe('remember / isKnown', () => {
  test('a device is known to the user who approved it only, and only by that id', async () => {
    const [ada, bob] = [await newUser(), await newUser()]
    const id = device()
    const now = Date.now()
    expect(await Devices.isKnown(db, ada, id, now)).toBe(false)
    await Devices.remember(db, ada, id, now)
    await Devices.remember(db, ada, id, now)
    expect(await Devices.isKnown(db, ada, id, now)).toBe(true)
    expect(await Devices.isKnown(db, bob, id, now)).toBe(false)
    expect(await Devices.isKnown(db, ada, `${id}-other`, now)).toBe(false)
  })
})

describe('requestApproval / approve', () => {
  test('the link approves its device once; a second use, an unknown token and a replaced one do nothing', async () => {
    const user = await newUser()
    const id = device()
    const now = Date.now()
    const first = await Devices.requestApproval(db, user, id, now)
    if (!first.token) throw new Error('not requested')
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // After the cooldown, a new link replaces the first.
    const later = now + Devices.COOLDOWN_S * 1000
    const second = await Devices.requestApproval(db, user, id, later)
    if (!second.token) throw new Error('not requested')
    expect(await Devices.isPending(db, first.token, later)).toBe(false)
    expect(await Devices.approve(db, first.token, later)).toBe(false)
    expect(await Devices.isKnown(db, user, id, later)).toBe(false)
    expect(await Devices.isPending(db, second.token, later)).toBe(true)
    expect(await Devices.approve(db, second.token, later)).toBe(true)
    expect(await Devices.isKnown(db, user, id, later)).toBe(true)
    expect(await Devices.approve(db, second.token, later)).toBe(false)
    expect(await Devices.isPending(db, second.token, later)).toBe(false)
  })

  test('one link per device per 30 s: a second request in the cooldown mails nothing, and the first link completes its login', async () => {
    const user = await newUser()
    const id = device()
    const now = Date.now()
    const first = await Devices.requestApproval(db, user, id, now)
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const second = await Devices.requestApproval(db, user, id, now + 10_000)
    expect(second).toEqual({ login: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })
    // The newer pending login replaced the first; the first link still approves, and completes it.
    expect(await Devices.completeLogin(db, first.login, now + 10_000)).toEqual({ state: 'invalid' })
    expect(await Devices.approve(db, first.token as string, now + 10_000)).toBe(true)
    expect(await Devices.completeLogin(db, second.login, now + 10_000)).toEqual({
      state: 'approved',
      userId: user,
    })
    // Another device of the same user has its own link.
    expect((await Devices.requestApproval(db, user, device(), now + 10_000)).token).toBeDefined()
  })

  test('a link expires', async () => {
    const user = await newUser()
    const id = device()
    const now = Date.now()
    const requested = await Devices.requestApproval(db, user, id, now)
    if (!requested.token) throw new Error('not requested')
    const expired = now + Devices.APPROVAL_LIFETIME_S * 1000
    expect(await Devices.isPending(db, requested.token, expired)).toBe(false)
    expect(await Devices.approve(db, requested.token, expired)).toBe(false)
    expect(await Devices.isKnown(db, user, id, expired)).toBe(false)
  })

  test('concurrent approvals of one link: exactly one uses it', async () => {
    const user = await newUser()
    const id = device()
    const now = Date.now()
    const requested = await Devices.requestApproval(db, user, id, now)
    if (!requested.token) throw new Error('not requested')
    const { token } = requested
    const results = await Promise.all(Array.from({ length: 8 }, () => Devices.approve(db, token, now)))
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await Devices.isKnown(db, user, id, now)).toBe(true)
  })

  test('a withdrawn link (its email failed) has no cooldown and does not work', async () => {
    const user = await newUser()
    const id = device()
    const now = Date.now()
    const requested = await Devices.requestApproval(db, user, id, now)
    if (!requested.token) throw new Error('not requested')
    await Devices.withdraw(db, user, id)
    expect(await Devices.approve(db, requested.token, now)).toBe(false)
    expect(await Devices.completeLogin(db, requested.login, now)).toEqual({ state: 'invalid' })
    expect((await Devices.requestApproval(db, user, id, now + 1000)).token).toBeDefined()
  })
})

describe('completeLogin', () => {
  test('pending until the link approves the device, then the user once; nothing for an unknown or expired login', async () => {
    const user = await newUser()
    const id = device()
    const now = Date.now()
    const requested = await Devices.requestApproval(db, user, id, now)
    if (!requested.token) throw new Error('not requested')
    expect(await Devices.completeLogin(db, requested.login, now)).toEqual({ state: 'pending' })
    expect(await Devices.approve(db, requested.token, now)).toBe(true)
    const taken = await Promise.all(
      Array.from({ length: 4 }, () => Devices.completeLogin(db, requested.login, now + 1000)),
    )
    expect(taken.filter((c) => c.state === 'approved')).toEqual([{ state: 'approved', userId: user }])
    expect(taken.filter((c) => c.state === 'invalid')).toHaveLength(3)
    expect(await Devices.completeLogin(db, 'x'.repeat(43), now)).toEqual({ state: 'invalid' })

    const late = await Devices.requestApproval(db, user, device(), now)
    if (!late.token) throw new Error('not requested')
    const expired = now + Devices.APPROVAL_LIFETIME_S * 1000
    expect(await Devices.approve(db, late.token, expired - 1)).toBe(true)
    expect(await Devices.completeLogin(db, late.login, expired)).toEqual({ state: 'invalid' })
  })
})
