import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Account from './account.js'

describe('AccountType', () => {
  test('eoa and smartAccount', () => {
    expect(Account.AccountType.options).toEqual(['eoa', 'smartAccount'])
  })
})

describe('PreferredAccountType', () => {
  test('account types and payment', () => {
    expect(Account.PreferredAccountType.options).toEqual(['eoa', 'smartAccount', 'payment'])
  })
})

describe('ConnectionStatus', () => {
  test('the four statuses', () => {
    expect(Account.ConnectionStatus.options).toEqual([
      'disconnected',
      'connecting',
      'reconnecting',
      'connected',
    ])
  })
})

describe('StoredConnectionStatus', () => {
  test('connected, active or disconnected; anything else is an error', () => {
    expect(Account.StoredConnectionStatus.options).toEqual(['connected', 'active', 'disconnected'])
    expect(Account.StoredConnectionStatus.safeParse('connecting').success).toBe(false)
  })
})

describe('ConnectedWalletInfo', () => {
  test('a name at least', () => {
    expect(Account.ConnectedWalletInfo.safeParse({ name: 'Aurora Vault', icon: 'data:' }).success).toBe(true)
    expect(Account.ConnectedWalletInfo.safeParse({}).success).toBe(false)
  })
})

describe('AccountState', () => {
  test('a connected account', () => {
    const state = {
      caipAddress: 'eip155:31337:0x2222222222222222222222222222222222222222',
      address: '0x2222222222222222222222222222222222222222',
      status: 'connected',
      user: { email: 'a@example.com', address: '0x22', chainId: 31337 },
      socialProvider: 'google',
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      connectedWalletInfo: { name: 'Frontdoor' },
      profileName: null,
      profileImage: null,
      balance: '1.5',
      tokenBalance: [],
    }
    expect(z.parse(Account.AccountState, state)).toEqual(state)
  })

  test('an empty (disconnected) state, and a bad caipAddress', () => {
    expect(z.parse(Account.AccountState, {})).toEqual({})
    expect(Account.AccountState.safeParse({ caipAddress: '0x22' }).error?.issues[0]?.message).toBe(
      'Invalid CAIP-10 address: 0x22',
    )
  })
})
