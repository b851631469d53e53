import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Social from './socialProvider.js'

describe('SOCIAL_PROVIDERS', () => {
  test('the providers of spec section 5', () => {
    expect(Social.SOCIAL_PROVIDERS).toEqual(['google', 'github', 'apple', 'facebook', 'x', 'discord'])
  })
})

describe('SocialProvider', () => {
  test('rejects others with the message', () => {
    expect(Social.SocialProvider.safeParse('google').success).toBe(true)
    expect(Social.SocialProvider.safeParse('myspace').error?.issues[0]?.message).toBe(
      'Invalid social provider',
    )
  })
})

describe('isSocialProvider', () => {
  test('property: only the six providers', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), (s) => {
        expect(Social.isSocialProvider(s)).toBe((Social.SOCIAL_PROVIDERS as readonly string[]).includes(s))
      }),
    )
    expect(Social.isSocialProvider('farcaster')).toBe(false)
  })
})
