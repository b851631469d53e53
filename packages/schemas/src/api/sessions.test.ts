import { describe, expect, test } from 'vitest'
import * as Sessions from './sessions.js'

const id = 'a'.repeat(32)
const session = {
  data: {
    accountAddress: '0x0000000000000000000000000000000000000001',
    chainId: 'eip155:1',
    domain: 'example.com',
    uri: 'https://example.com',
    version: '1',
    nonce: 'n'.repeat(16),
  },
  message: 'example.com wants you to sign in…',
  signature: '0xsig',
}

describe('SessionId', () => {
  test('32 lowercase hex characters', () => {
    expect(Sessions.SessionId.safeParse(id).success).toBe(true)
    expect(Sessions.SessionId.safeParse('A'.repeat(32)).success).toBe(false)
    expect(Sessions.SessionId.safeParse('a'.repeat(31)).success).toBe(false)
  })
})

describe('StoredSession', () => {
  test('an id and a SIWX session', () => {
    expect(Sessions.StoredSession.safeParse({ id, session }).success).toBe(true)
    expect(
      Sessions.StoredSession.safeParse({ id, session: { ...session, message: undefined } }).success,
    ).toBe(false)
  })
})

describe('ReadSession', () => {
  test('an id and the session without its signature (dropped if given)', () => {
    const { signature: _, ...read } = session
    expect(Sessions.ReadSession.parse({ id, session: read })).toEqual({ id, session: read })
    expect(Sessions.ReadSession.parse({ id, session })).toEqual({ id, session: read })
    expect(Sessions.ReadSession.safeParse({ id, session: { data: session.data } }).success).toBe(false)
  })
})

describe('SessionsResponse', () => {
  test('a sessions list', () => {
    const { signature: _, ...read } = session
    expect(Sessions.SessionsResponse.safeParse({ sessions: [{ id, session: read }] }).success).toBe(true)
    expect(Sessions.SessionsResponse.safeParse({ sessions: [{ id }] }).success).toBe(false)
  })
})

describe('RevokeSessionBody', () => {
  test('a session id as pci, and a signature', () => {
    expect(Sessions.RevokeSessionBody.safeParse({ pci: id, signature: '0xsig' }).success).toBe(true)
    expect(Sessions.RevokeSessionBody.safeParse({ pci: 'p1', signature: '0xsig' }).success).toBe(false)
    expect(Sessions.RevokeSessionBody.safeParse({ pci: id, signature: '' }).success).toBe(false)
  })
})
