import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestDb from '../../db/TestDb.js'
import * as Challenges from './Challenges.js'
import * as Otp from './Otp.js'

const db = await TestDb.create()
afterAll(() => db.drop())
const otpKey = randomBytes(32)
let emails = 0
const newKey = (): Challenges.Key => ({ purpose: 'login', email: `burst${++emails}@example.com` })

/** A wrong code for `code` (a neighbour, so it is never the right one). */
const wrong = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')

describe('check', () => {
  test(`a concurrent burst of wrong codes gets no more than ${Otp.MAX_FAILURES} comparisons: a right code after them is locked out`, async () => {
    const key = newKey()
    const now = Date.now()
    const issued = await Challenges.issue(db, otpKey, key, { now })
    if (!issued.ok) throw new Error('not issued')
    // More wrong codes than the lockout allows, all at once, as a burst over several connections
    // would reach the database.
    const guesses = Array.from({ length: Otp.MAX_FAILURES + 3 }, (_, i) => wrong(issued.code, i))
    const checked = await Promise.all(
      guesses.map((code) => Challenges.check(db, [otpKey], key, code, { now })),
    )
    expect(checked.filter((c) => !c.ok && c.reason === 'invalid')).toHaveLength(Otp.MAX_FAILURES - 1)
    expect(checked.filter((c) => !c.ok && c.reason === 'locked')).toHaveLength(
      guesses.length - (Otp.MAX_FAILURES - 1),
    )
    // Locked afterwards, for the right code too.
    expect(await Challenges.check(db, [otpKey], key, issued.code, { now })).toMatchObject({
      reason: 'locked',
    })
    expect(await Challenges.consume(db, [otpKey], key, issued.code, { now })).toBe(false)
  })

  test(`a right code inside a concurrent burst is compared only if it won one of the ${Otp.MAX_FAILURES} attempts`, async () => {
    const key = newKey()
    const now = Date.now()
    const issued = await Challenges.issue(db, otpKey, key, { now })
    if (!issued.ok) throw new Error('not issued')
    const guesses = [
      ...Array.from({ length: Otp.MAX_FAILURES + 3 }, (_, i) => wrong(issued.code, i)),
      issued.code,
    ]
    // The order in which concurrent statements reach the database is not the order they were sent
    // in (PostgreSQL runs them over a pool), so the right code may or may not win an attempt.
    const checked = await Promise.all(
      guesses.map((code) => Challenges.check(db, [otpKey], key, code, { now })),
    )
    const compared = checked.filter((c) => c.ok || c.reason === 'invalid')
    const passed = checked.filter((c) => c.ok)
    expect(passed.length).toBeLessThanOrEqual(1)
    // Every attempt but one that locked compared a code: a wrong last one locks, a right last one passes.
    expect(compared.length).toBeGreaterThanOrEqual(Otp.MAX_FAILURES - 1)
    expect(compared.length).toBeLessThanOrEqual(Otp.MAX_FAILURES)
    expect(checked.filter((c) => !c.ok && c.reason === 'locked')).toHaveLength(
      guesses.length - compared.length,
    )
    // No attempt is left, whatever the order was.
    expect(await Challenges.check(db, [otpKey], key, issued.code, { now })).toMatchObject({
      reason: 'locked',
    })
  })

  test(`the right code within the first ${Otp.MAX_FAILURES} attempts passes, and consuming it gives the attempts back`, async () => {
    const key = newKey()
    const now = Date.now()
    const issued = await Challenges.issue(db, otpKey, key, { now })
    if (!issued.ok) throw new Error('not issued')
    for (let i = 0; i < Otp.MAX_FAILURES - 1; i++)
      expect(await Challenges.check(db, [otpKey], key, wrong(issued.code, i), { now })).toMatchObject({
        ok: false,
        reason: 'invalid',
        failuresLeft: Otp.MAX_FAILURES - 1 - i,
      })
    expect(await Challenges.check(db, [otpKey], key, issued.code, { now })).toMatchObject({ ok: true })
    expect(await Challenges.consume(db, [otpKey], key, issued.code, { now })).toBe(true)
    expect(await Challenges.consume(db, [otpKey], key, issued.code, { now })).toBe(false)
  })
})
