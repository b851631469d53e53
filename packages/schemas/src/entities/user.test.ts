import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as User from './user.js'

describe('UserAccount', () => {
  test('address and type EOA or smartAccount', () => {
    expect(User.UserAccount.safeParse({ address: '0x1', type: 'eoa' }).success).toBe(true)
    expect(User.UserAccount.safeParse({ address: '0x1', type: 'payment' }).success).toBe(false)
  })
})

describe('EmbeddedWalletUser', () => {
  test('email and userName are optional', () => {
    const user = {
      email: 'a@example.com',
      address: '0x1',
      chainId: 31337,
      accounts: [
        { address: '0x1', type: 'eoa' },
        { address: '0x2', type: 'smartAccount' },
      ],
      userName: 'alice',
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: true,
      solanaAddress: 'GfLS5iLcgW6tC1J2m2AZm1pZKD5hJ2cDqV6VPr8LmW5a',
    }
    expect(z.parse(User.EmbeddedWalletUser, user)).toEqual(user)
    expect(User.EmbeddedWalletUser.safeParse({ address: '0x1', chainId: 'solana:x' }).success).toBe(true)
    expect(User.EmbeddedWalletUser.safeParse({ chainId: 1 }).success).toBe(false)
  })
})

describe('AuthConnectedPayload', () => {
  test('address, chainId, preferredAccountType, smartAccountDeployed', () => {
    const payload = { address: '0x1', chainId: 1, preferredAccountType: 'eoa', smartAccountDeployed: false }
    expect(z.parse(User.AuthConnectedPayload, payload)).toEqual(payload)
    expect(User.AuthConnectedPayload.safeParse({ address: '0x1' }).success).toBe(false)
  })
})
