import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as AccountName from './accountName.js'

const valid = fc.stringMatching(/^[A-Za-z0-9-]{4,30}$/)

describe('AccountName', () => {
  test('letters, digits, hyphens, at least 4', () => {
    expect(AccountName.AccountName.safeParse('alice-01').success).toBe(true)
    expect(AccountName.AccountName.safeParse('abc').error?.issues[0]?.message).toBe(
      'Name must be at least 4 characters',
    )
    expect(AccountName.AccountName.safeParse('alice.eth').error?.issues[0]?.message).toBe(
      'Name can only contain letters, numbers and - characters',
    )
  })

  test('property: names of allowed characters and length >= 4 pass', () => {
    fc.assert(fc.property(valid, (name) => AccountName.AccountName.safeParse(name).success))
  })
})

describe('validate', () => {
  test('characters before length', () => {
    expect(AccountName.validate('a_b')).toBe('Name can only contain letters, numbers and - characters')
    expect(AccountName.validate('ab')).toBe('Name must be at least 4 characters')
    expect(AccountName.validate('abcd')).toBeUndefined()
  })

  test('property: a name with any other character fails with the characters message', () => {
    const bad = fc
      .tuple(
        valid,
        fc.string({ minLength: 1, maxLength: 3 }).filter((s) => /[^A-Za-z0-9-]/.test(s)),
        valid,
      )
      .map(([a, b, c]) => a + b + c)
    fc.assert(
      fc.property(bad, (name) => {
        expect(AccountName.validate(name)).toBe('Name can only contain letters, numbers and - characters')
      }),
    )
  })

  test('property: agrees with the schema', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), (name) => {
        expect(AccountName.validate(name) === undefined).toBe(AccountName.AccountName.safeParse(name).success)
      }),
    )
  })
})
