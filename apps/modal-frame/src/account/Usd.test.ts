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
