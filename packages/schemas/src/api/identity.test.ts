import { describe, expect, test } from 'vitest'
import * as Identity from './identity.js'

describe('IdentityQuery', () => {
  test('project id and optional sender', () => {
    expect(Identity.IdentityQuery.safeParse({ projectId: 'p', sender: '0x1' }).success).toBe(true)
    expect(Identity.IdentityQuery.safeParse({}).success).toBe(false)
  })
})

describe('IdentityResponse', () => {
  test('name and avatar, nullable', () => {
    expect(Identity.IdentityResponse.safeParse({ name: 'alice.eth', avatar: null }).success).toBe(true)
    expect(Identity.IdentityResponse.safeParse({ name: null, avatar: null }).success).toBe(true)
    expect(Identity.IdentityResponse.safeParse({ name: 1, avatar: null }).success).toBe(false)
  })
})
