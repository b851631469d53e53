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

describe('AccountState', () => {
  const connected = {
    caipAddress: 'eip155:31337:0x2222222222222222222222222222222222222222',
    address: '0x2222222222222222222222222222222222222222',
    status: 'connected',
  }

  test('a connected account with what the embedded wallet and the identity service tell', () => {
    const state = {
      ...connected,
      preferredAccountType: 'smartAccount',
      user: { email: 'a@example.com' },
      socialProvider: 'google',
      smartAccountDeployed: false,
      profileName: 'alice.eth',
      profileImage: null,
      balance: '1.5',
      balanceSymbol: 'ETH',
      connectedWalletInfo: { name: 'ada@example.com', type: 'embedded' },
      tokenBalance: [
        {
          name: 'Ether',
          symbol: 'ETH',
          chainId: 'eip155:31337',
          value: 3000,
          price: 2000,
          quantity: { decimals: '18', numeric: '1.5' },
          iconUrl: '',
        },
      ],
    }
    expect(z.parse(Account.AccountState, state)).toEqual(state)
    expect(z.parse(Account.AccountState, connected)).toEqual(connected)
  })

  test('at most TOKEN_BALANCES_MAX token balances', () => {
    const ether = {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31337',
      price: 2000,
      quantity: { decimals: '18', numeric: '1' },
      iconUrl: '',
    }
    const many = (n: number) => Array.from({ length: n }, () => ether)
    expect(Account.AccountState.safeParse({ ...connected, tokenBalance: many(100) }).success).toBe(true)
    expect(Account.AccountState.safeParse({ ...connected, tokenBalance: many(101) }).success).toBe(false)
  })

  test('refuses a bad caipAddress, an unknown field, a balance that is not a decimal, a payment account', () => {
    expect(
      Account.AccountState.safeParse({ ...connected, caipAddress: '0x22' }).error?.issues[0]?.message,
    ).toBe('Invalid CAIP-10 address: 0x22')
    expect(Account.AccountState.safeParse({ ...connected, tokens: [] }).success).toBe(false)
    expect(Account.AccountState.safeParse({ ...connected, balance: '1e18' }).success).toBe(false)
    expect(Account.AccountState.safeParse({ ...connected, balance: '-1' }).success).toBe(false)
    expect(Account.AccountState.safeParse({ ...connected, preferredAccountType: 'payment' }).success).toBe(
      false,
    )
    expect(Account.AccountState.safeParse({ ...connected, profileImage: 'x'.repeat(2049) }).success).toBe(
      false,
    )
  })
})
