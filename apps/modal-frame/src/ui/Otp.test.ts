import { Constants, Errors } from '@frontdoor/schemas'
import { describe, expect, test } from 'vitest'
import * as Otp from './Otp.js'

describe('digits', () => {
  test('keeps digits only, at most six: typing and pasting work alike', () => {
    expect(Otp.digits('12 34-56')).toBe('123456')
    expect(Otp.digits('Your code: 987654.')).toBe('987654')
    expect(Otp.digits('12345678')).toBe('123456')
    expect(Otp.digits('abc')).toBe('')
  })
  test('isComplete', () => {
    expect(Otp.isComplete('123456')).toBe(true)
    expect(Otp.isComplete('12345')).toBe(false)
  })
})

describe('cooldowns', () => {
  test("30 s per address: 'Please try again after {n} seconds', counting down", () => {
    let now = 1_000_000
    const cooldowns = Otp.cooldowns(() => now)
    expect(cooldowns.message('ada@example.com')).toBeUndefined()
    cooldowns.sent('Ada@Example.com')
    expect(cooldowns.remainingS('ada@example.com')).toBe(Constants.EMAIL_LOGIN_COOLDOWN_S)
    now += 12_500
    expect(cooldowns.message('ada@example.com')).toBe(Errors.pleaseTryAgainAfter(18))
    expect(cooldowns.message('bob@example.com')).toBeUndefined()
    now += 17_500
    expect(cooldowns.remainingS('ada@example.com')).toBe(0)
  })
  test("a server's retryAfterS sets the remaining time", () => {
    const cooldowns = Otp.cooldowns(() => 5_000_000)
    cooldowns.sent('ada@example.com', 7)
    expect(cooldowns.remainingS('ada@example.com')).toBe(7)
  })
})

describe('errors', () => {
  test('the message, or the generic one', () => {
    expect(Otp.errorMessage(new Error('Invalid code'))).toBe('Invalid code')
    expect(Otp.errorMessage(undefined)).toBe('Something went wrong')
  })
  test('retryAfterS of a cooldown error only', () => {
    expect(
      Otp.retryAfterS(Object.assign(new Error('x'), { data: { code: 'cooldown', retryAfterS: 9 } })),
    ).toBe(9)
    expect(Otp.retryAfterS(Object.assign(new Error('x'), { data: { code: 'invalid_otp' } }))).toBeUndefined()
  })
})
