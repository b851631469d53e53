import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Email from './email.js'

describe('Email', () => {
  test('valid and invalid emails', () => {
    expect(Email.Email.safeParse('alice@example.com').success).toBe(true)
    expect(Email.Email.safeParse('alice@').error?.issues[0]?.message).toBe('Invalid email')
    expect(Email.Email.safeParse('no-at-sign').success).toBe(false)
  })
})

describe('isEmail', () => {
  test('property: simple addresses pass, strings without @ fail', () => {
    const simple = fc
      .tuple(
        fc.stringMatching(/^[a-z0-9]{1,10}$/),
        fc.stringMatching(/^[a-z]{1,10}$/),
        fc.stringMatching(/^[a-z]{2,6}$/),
      )
      .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
    fc.assert(fc.property(simple, (email) => Email.isEmail(email)))
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('@')),
        (s) => !Email.isEmail(s),
      ),
    )
  })
})

describe('cooldownRemainingS', () => {
  test('30 s after the last send', () => {
    expect(Email.cooldownRemainingS(undefined, 1000)).toBe(0)
    expect(Email.cooldownRemainingS(0, 0)).toBe(30)
    expect(Email.cooldownRemainingS(0, 1)).toBe(30)
    expect(Email.cooldownRemainingS(0, 29_001)).toBe(1)
    expect(Email.cooldownRemainingS(0, 30_000)).toBe(0)
  })

  test('property: between 0 and 30, and 0 exactly from 30 s on', () => {
    fc.assert(
      fc.property(fc.nat(1e12), fc.nat(100_000), (sent, elapsed) => {
        const left = Email.cooldownRemainingS(sent, sent + elapsed)
        expect(left).toBeGreaterThanOrEqual(0)
        expect(left).toBeLessThanOrEqual(30)
        expect(left === 0).toBe(elapsed >= 30_000)
      }),
    )
  })
})

describe('cooldownMessage', () => {
  test('the spec message while the cooldown runs', () => {
    expect(Email.cooldownMessage(10_000, 22_500)).toBe('Please try again after 18 seconds')
    expect(Email.cooldownMessage(10_000, 40_000)).toBeUndefined()
  })
})
