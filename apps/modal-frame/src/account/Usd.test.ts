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

describe('total', () => {
  const balances = [{ value: 4000 }, { value: 12.5 }, {}]
  test('the USD sum on a mainnet, or when the page does not say', () => {
    expect(Usd.total(balances, { testnet: false })).toBe('$4,012.50')
    expect(Usd.total(balances, {})).toBe('$4,012.50')
    expect(Usd.total(balances, undefined)).toBe('$4,012.50')
  })
  test('$0.00 on a network declared testnet: true, whatever the tokens are worth', () => {
    expect(Usd.total(balances, { testnet: true })).toBe('$0.00')
  })
})
