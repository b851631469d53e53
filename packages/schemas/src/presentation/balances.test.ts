import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Balances from './balances.js'

describe('TESTNET_BALANCE_DISPLAY', () => {
  test('0.00', () => {
    expect(Balances.TESTNET_BALANCE_DISPLAY).toBe('0.00')
  })
})

describe('filterZeroDecimals', () => {
  test('drops tokens with 0 decimals, string or number', () => {
    const list = [
      { symbol: 'ETH', quantity: { decimals: '18', numeric: '1' } },
      { symbol: 'ZERO', quantity: { decimals: '0', numeric: '5' } },
      { symbol: 'ZERO2', quantity: { decimals: 0, numeric: '5' } },
      { symbol: 'DUSD', quantity: { decimals: 6, numeric: '5' } },
    ]
    expect(Balances.filterZeroDecimals(list).map((b) => b.symbol)).toEqual(['ETH', 'DUSD'])
  })

  test('property: the result has no 0-decimals token and keeps every other', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(30)), (decimals) => {
        const list = decimals.map((d) => ({ quantity: { decimals: String(d), numeric: '1' } }))
        const kept = Balances.filterZeroDecimals(list)
        expect(kept.length).toBe(decimals.filter((d) => d !== 0).length)
      }),
    )
  })
})

describe('totalUsd', () => {
  test('sums values, testnets show 0.00', () => {
    expect(Balances.totalUsd([{ value: 1.005 }, { value: 2 }, {}])).toBe('3.00')
    expect(Balances.totalUsd([{ value: 10.5 }])).toBe('10.50')
    expect(Balances.totalUsd([{ value: 10 }], { testnet: true })).toBe('0.00')
  })
})
