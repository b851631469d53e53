import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Profile from './profile.js'

const profile = {
  name: 'alice.frontdoor.id',
  registered_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  addresses: { '60': { address: '0x1', created: '2025-01-01T00:00:00Z' } },
  attributes: [{ avatar: 'http://x/a.png', bio: 'hi' }],
}

describe('NameProfile', () => {
  test('name, dates, addresses by coin type, attributes', () => {
    expect(z.parse(Profile.NameProfile, profile)).toEqual(profile)
    expect(Profile.NameProfile.safeParse({ ...profile, addresses: [] }).success).toBe(false)
  })
})

describe('ReverseResponse', () => {
  test('an array of profiles', () => {
    expect(Profile.ReverseResponse.safeParse([profile]).success).toBe(true)
    expect(Profile.ReverseResponse.safeParse(profile).success).toBe(false)
  })
})

describe('SuggestionsResponse', () => {
  test('names and whether registered', () => {
    expect(
      Profile.SuggestionsResponse.safeParse({ suggestions: [{ name: 'alice1', registered: false }] }).success,
    ).toBe(true)
  })
})

describe('RegisterNameMessage', () => {
  test('timestamp in whole seconds', () => {
    expect(
      Profile.RegisterNameMessage.safeParse({ name: 'alice', attributes: {}, timestamp: 1_700_000_000 })
        .success,
    ).toBe(true)
    expect(Profile.RegisterNameMessage.safeParse({ name: 'alice', timestamp: 1.5 }).success).toBe(false)
  })
})

describe('RegisterNameBody', () => {
  test('coin_type, address, message, signature', () => {
    const body = { coin_type: 60, address: '0x1', message: '{}', signature: '0xsig' }
    expect(Profile.RegisterNameBody.safeParse(body).success).toBe(true)
    expect(Profile.RegisterNameBody.safeParse({ ...body, signature: undefined }).success).toBe(false)
  })
})
