import { describe, expect, test } from 'vitest'
import * as AccountDetails from './account-details.js'

describe('ConnectedWalletInfo', () => {
  test('a name at least', () => {
    expect(
      AccountDetails.ConnectedWalletInfo.safeParse({ name: 'Aurora Vault', icon: 'data:' }).success,
    ).toBe(true)
    expect(AccountDetails.ConnectedWalletInfo.safeParse({}).success).toBe(false)
  })

  test('bounded, and nothing else (it goes to the page in every state snapshot)', () => {
    expect(AccountDetails.ConnectedWalletInfo.safeParse({ name: 'x'.repeat(256) }).success).toBe(false)
    const icon = `data:image/png;base64,${'A'.repeat(AccountDetails.WALLET_ICON_MAX_CHARS)}`
    expect(AccountDetails.ConnectedWalletInfo.safeParse({ name: 'W', icon }).success).toBe(false)
    expect(AccountDetails.ConnectedWalletInfo.safeParse({ name: 'W', id: 'w' }).success).toBe(false)
  })
})

describe('TokenBalanceState', () => {
  const ether = {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:1',
    price: 2000,
    quantity: { decimals: '18', numeric: '1' },
    iconUrl: '',
  }

  test("spec section 3's token balance as the page's account state carries it: bounded, decimals a string", () => {
    expect(AccountDetails.TokenBalanceState.safeParse(ether).success).toBe(true)
    expect(AccountDetails.TokenBalanceState.safeParse({ ...ether, name: 'x'.repeat(101) }).success).toBe(
      false,
    )
    expect(AccountDetails.TokenBalanceState.safeParse({ ...ether, price: Number.NaN }).success).toBe(false)
    const numericDecimals = { ...ether, quantity: { decimals: 18, numeric: '1' } }
    expect(AccountDetails.TokenBalanceState.safeParse(numericDecimals).success).toBe(false)
    expect(AccountDetails.TokenBalanceState.safeParse({ ...ether, extra: 1 }).success).toBe(false)
  })
})
