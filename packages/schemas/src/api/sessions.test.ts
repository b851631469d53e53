import { describe, expect, test } from 'vitest'
import * as Sessions from './sessions.js'

describe('SmartSession', () => {
  test('a pci and extra fields kept', () => {
    expect(Sessions.SmartSession.safeParse({ pci: 'p1', expiry: 1, extra: true }).data).toEqual({
      pci: 'p1',
      expiry: 1,
      extra: true,
    })
  })
})

describe('SessionsResponse', () => {
  test('a pcis list', () => {
    expect(Sessions.SessionsResponse.safeParse({ pcis: [{ pci: 'p1' }] }).success).toBe(true)
    expect(Sessions.SessionsResponse.safeParse({ pcis: [{}] }).success).toBe(false)
  })
})

describe('RevokeSessionBody', () => {
  test('pci and signature', () => {
    expect(Sessions.RevokeSessionBody.safeParse({ pci: 'p1', signature: '0xsig' }).success).toBe(true)
    expect(Sessions.RevokeSessionBody.safeParse({ pci: '', signature: '0xsig' }).success).toBe(false)
  })
})
