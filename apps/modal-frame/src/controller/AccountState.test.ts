import { describe, expect, test } from 'vitest'
import * as AccountState from './AccountState.js'

const ether = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 2000,
  quantity: { decimals: 18, numeric: '1.5' },
  iconUrl: '',
}

describe("tokenBalanceOf (the page state's tokenBalance)", () => {
  test('decimals as a string; 0-decimals tokens left out (spec section 5)', () => {
    const points = {
      ...ether,
      name: 'Door Points',
      symbol: 'PTS',
      quantity: { decimals: '0', numeric: '100' },
    }
    expect(AccountState.tokenBalanceOf([ether, points])).toEqual([
      { ...ether, quantity: { decimals: '18', numeric: '1.5' } },
    ])
  })

  test('a balance whose values do not fit the page state is left out, not cut; at most 100', () => {
    const long = { ...ether, name: 'x'.repeat(101) }
    const hugeIcon = { ...ether, iconUrl: `https://a.example/${'x'.repeat(2048)}` }
    expect(AccountState.tokenBalanceOf([long, hugeIcon, ether])).toHaveLength(1)
    expect(AccountState.tokenBalanceOf(Array.from({ length: 150 }, () => ether))).toHaveLength(100)
  })
})
