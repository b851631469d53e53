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
  test(`a concurrent burst gets no more than ${Otp.MAX_FAILURES} comparisons: a right code after them is locked out`, async () => {
    const key = newKey()
    const now = Date.now()
    const issued = await Challenges.issue(db, otpKey, key, { now })
    if (!issued.ok) throw new Error('not issued')
    // The right code sent after more wrong ones than the lockout allows, all at once, as a burst
    // over several connections would reach the database.
    const guesses = [
      ...Array.from({ length: Otp.MAX_FAILURES + 3 }, (_, i) => wrong(issued.code, i)),
      issued.code,
    ]
    const checked = await Promise.all(guesses.map((code) => Challenges.check(db, otpKey, key, code, { now })))
    expect(checked.filter((c) => c.ok)).toEqual([])
    expect(checked.filter((c) => !c.ok && c.reason === 'invalid')).toHaveLength(Otp.MAX_FAILURES - 1)
    expect(checked.at(-1)).toMatchObject({ ok: false, reason: 'locked' })
    // Locked afterwards, for the right code too.
    expect(await Challenges.check(db, otpKey, key, issued.code, { now })).toMatchObject({ reason: 'locked' })
  })

  test(`the right code within the first ${Otp.MAX_FAILURES} attempts passes, and consuming it gives the attempts back`, async () => {
    const key = newKey()
    const now = Date.now()
    const issued = await Challenges.issue(db, otpKey, key, { now })
    if (!issued.ok) throw new Error('not issued')
    for (let i = 0; i < Otp.MAX_FAILURES - 1; i++)
      expect(await Challenges.check(db, otpKey, key, wrong(issued.code, i), { now })).toMatchObject({
        ok: false,
        reason: 'invalid',
        failuresLeft: Otp.MAX_FAILURES - 1 - i,
      })
    expect(await Challenges.check(db, otpKey, key, issued.code, { now })).toMatchObject({ ok: true })
    expect(await Challenges.consume(db, otpKey, key, issued.code, { now })).toBe(true)
    expect(await Challenges.consume(db, otpKey, key, issued.code, { now })).toBe(false)
  })
})
