import { describe, expect, test } from 'vitest'
import * as DevUser from './DevUser.js'

describe('parseUsername', () => {
  test('trims and lower-cases; refuses empty, long or unusual names', () => {
    expect(DevUser.parseUsername('  Alice.B_c-1 ')).toBe('alice.b_c-1')
    for (const bad of [
      '',
      '   ',
      'a b',
      '<b>',
      'é',
      'x'.repeat(DevUser.USERNAME_MAX_LENGTH + 1),
      42,
      undefined,
    ])
      expect(DevUser.parseUsername(bad)).toBeUndefined()
  })
})

describe('subjectOf / fidOf', () => {
  test('the same username gives the same opaque subject and fid; another gives others', () => {
    expect(DevUser.subjectOf('alice')).toBe(DevUser.subjectOf('alice'))
    expect(DevUser.subjectOf('alice')).toMatch(/^[0-9a-f]{32}$/)
    expect(DevUser.subjectOf('bob')).not.toBe(DevUser.subjectOf('alice'))
    expect(DevUser.fidOf('alice')).toMatch(/^[1-9][0-9]*$/)
    expect(DevUser.fidOf('alice')).toBe(DevUser.fidOf('alice'))
    expect(DevUser.fidOf('bob')).not.toBe(DevUser.fidOf('alice'))
  })
})
