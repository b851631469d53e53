import { describe, expect, test } from 'vitest'
import * as Usd from './Usd.js'

describe('format', () => {
  test('2 decimals with grouping', () => {
    expect(Usd.format(20000)).toBe('$20,000.00')
    expect(Usd.format('0.00')).toBe('$0.00')
    expect(Usd.format(Number.NaN)).toBe('$0.00')
  })
})

describe('imageUrl', () => {
  test('API paths against the API, absolute http(s) and data images as they are, anything else dropped', () => {
    expect(Usd.imageUrl('http://127.0.0.1:4000', '/public/getTokenImage/FUSD')).toBe(
      'http://127.0.0.1:4000/public/getTokenImage/FUSD',
    )
    expect(Usd.imageUrl('http://a', 'https://x/y.png')).toBe('https://x/y.png')
    expect(Usd.imageUrl('http://a', 'javascript:alert(1)')).toBeUndefined()
    expect(Usd.imageUrl('http://a', undefined)).toBeUndefined()
  })
})

describe('the rule of USD values', () => {
  const balances = [{ value: 4000 }, { value: 12.5 }, {}]
  test('a mainnet, or a network the page does not mark: figures of the prices; the total is the sum of the rows', () => {
    for (const network of [{ testnet: false }, {}, undefined]) {
      expect(Usd.isTestnet(network)).toBe(false)
      expect(Usd.total(balances, network)).toBe('$4,012.50')
      expect(balances.map((balance) => Usd.figure(balance.value, network))).toEqual([
        '$4,000.00',
        '$12.50',
        '$0.00',
      ])
    }
  })
  test("a network marked testnet: the spec's 0.00 for the total (no $), and no USD figure anywhere else", () => {
    const testnet = { testnet: true }
    expect(Usd.isTestnet(testnet)).toBe(true)
    expect(Usd.total(balances, testnet)).toBe('0.00')
    expect(balances.map((balance) => Usd.figure(balance.value, testnet))).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })
  test('a network fee: the real amount (never 0 ETH for 21,000 gas at 1 gwei), its USD figure but on a testnet', () => {
    expect(Usd.fee('0.000021', 'ETH', 2000, { testnet: false })).toBe('0.000021 ETH ($0.04)')
    expect(Usd.fee('0.000021', 'ETH', 2000, { testnet: true })).toBe('0.000021 ETH')
    expect(Usd.fee('0.0125', 'ETH', 2000, undefined)).toBe('0.013 ETH ($25.00)')
  })
})
