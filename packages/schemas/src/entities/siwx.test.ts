import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Siwx from './siwx.js'

const data = {
  accountAddress: '0x1',
  chainId: 'eip155:31337',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  version: '1',
  nonce: 'n0nce',
  issuedAt: '2025-01-01T00:00:00.000Z',
}

describe('SiwxMessageData', () => {
  test('chainId is CAIP-2', () => {
    expect(Siwx.SiwxMessageData.safeParse(data).success).toBe(true)
    expect(Siwx.SiwxMessageData.safeParse({ ...data, chainId: '31337' }).success).toBe(false)
  })
})

describe('SiwxSession', () => {
  test('data, message, signature, optional cacao', () => {
    const session = { data, message: 'localhost:5173 wants you to sign in', signature: '0xsig' }
    expect(z.parse(Siwx.SiwxSession, session)).toEqual(session)
    expect(Siwx.SiwxSession.safeParse({ data, message: 'm' }).success).toBe(false)
  })
})

describe('SessionAuthenticateParams', () => {
  test('the fields a session-authenticate request sends', () => {
    const params = {
      nonce: 'n',
      domain: 'localhost:5173',
      uri: 'http://localhost:5173',
      exp: '2025-01-02T00:00:00Z',
      iat: '2025-01-01T00:00:00Z',
      nbf: '2025-01-01T00:00:00Z',
      requestId: 'r',
      version: '1',
      resources: [],
      statement: 'Sign in',
      chainId: 'eip155:1',
      methods: ['personal_sign'],
      chains: ['eip155:1'],
    }
    expect(z.parse(Siwx.SessionAuthenticateParams, params)).toEqual(params)
    expect(Siwx.SessionAuthenticateParams.safeParse({ ...params, chains: ['1'] }).success).toBe(false)
  })
})
