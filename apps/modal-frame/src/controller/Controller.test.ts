import { describe, expect, test } from 'vitest'
import * as Controller from './Controller.js'

describe('closable', () => {
  test('not on the sign-in or approve views while sign-in is required and no session exists (spec section 2)', () => {
    const required = { required: true, session: false }
    expect(Controller.closable('SIWXSignMessage', required)).toBe(false)
    expect(Controller.closable('ApproveTransaction', required)).toBe(false)
    expect(Controller.closable('Account', required)).toBe(true)
    expect(Controller.closable('ApproveTransaction', { required: true, session: true })).toBe(true)
    expect(Controller.closable('ApproveTransaction', { required: false, session: false })).toBe(true)
  })
})
