import { describe, expect, test } from 'vitest'
import * as Balance from './balance.js'

describe('BalanceQuery', () => {
  test('currency usd and a CAIP-2 chain', () => {
    expect(
      Balance.BalanceQuery.safeParse({ projectId: 'p', currency: 'usd', chainId: 'eip155:1' }).success,
    ).toBe(true)
    expect(Balance.BalanceQuery.safeParse({ projectId: 'p', currency: 'eur' }).success).toBe(false)
  })
})

describe('BalanceResponse', () => {
  test('a balances list', () => {
    const balance = {
      name: 'Dev USD',
      symbol: 'DUSD',
      chainId: 'eip155:31337',
      address: 'eip155:31337:0x5',
      value: 10,
      price: 1,
      quantity: { decimals: '6', numeric: '10' },
      iconUrl: '',
    }
    expect(Balance.BalanceResponse.safeParse({ balances: [balance] }).success).toBe(true)
    expect(Balance.BalanceResponse.safeParse({ balances: [{ ...balance, price: '1' }] }).success).toBe(false)
  })
})
