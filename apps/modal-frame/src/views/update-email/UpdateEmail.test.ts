import { describe, expect, test } from 'vitest'
import * as UpdateEmail from './UpdateEmail.js'

describe('checkNewEmail', () => {
  test("'Invalid email', the same address, or fine", () => {
    expect(UpdateEmail.checkNewEmail('nope', 'a@b.co')).toBe('Invalid email')
    expect(UpdateEmail.checkNewEmail('A@B.co', 'a@b.co')).toBe('This is already your email')
    expect(UpdateEmail.checkNewEmail('c@d.co', 'a@b.co')).toBeUndefined()
  })
})

describe('next', () => {
  test('email -> primary OTP -> secondary OTP -> done', () => {
    const primary = UpdateEmail.next({ kind: 'email' }, 'new@example.com')
    expect(primary).toEqual({ kind: 'primary', newEmail: 'new@example.com' })
    const secondary = UpdateEmail.next(primary)
    expect(secondary).toEqual({ kind: 'secondary', newEmail: 'new@example.com' })
    expect(UpdateEmail.next(secondary, 'new@example.com')).toEqual({
      kind: 'done',
      newEmail: 'new@example.com',
    })
  })
})
