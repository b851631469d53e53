import * as Errors from '@frontdoor/schemas/errors'
import { describe, expect, test } from 'vitest'
import * as NameForm from './NameForm.js'

describe('NameForm', () => {
  test('the label drops spaces, case and a typed zone', () => {
    expect(NameForm.label('  Alice-1 ')).toBe('alice-1')
    expect(NameForm.label('alice.frontdoor.id')).toBe('alice')
    expect(NameForm.fullName('Alice')).toBe('alice.frontdoor.id')
  })

  test('the spec rules: letters, digits and hyphens, at least 4 characters; nothing typed is no error yet', () => {
    expect(NameForm.problem('')).toBeUndefined()
    expect(NameForm.problem('abc')).toBe(Errors.ACCOUNT_NAME_TOO_SHORT)
    expect(NameForm.problem('al_ce')).toBe(Errors.ACCOUNT_NAME_INVALID_CHARACTERS)
    expect(NameForm.problem('a.b.c.d')).toBe(Errors.ACCOUNT_NAME_INVALID_CHARACTERS)
    expect(NameForm.problem('alice')).toBeUndefined()
  })

  test('the signed message is the JSON of name, attributes and a timestamp in seconds, sent as hex', () => {
    const text = NameForm.message('alice.frontdoor.id', 1_795_600_000_999)
    expect(JSON.parse(text)).toEqual({ name: 'alice.frontdoor.id', attributes: {}, timestamp: 1_795_600_000 })
    expect(NameForm.toHex('hé')).toBe('0x68c3a9')
  })
})
