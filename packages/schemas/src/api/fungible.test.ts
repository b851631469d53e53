import { describe, expect, test } from 'vitest'
import * as Fungible from './fungible.js'

describe('FungiblePriceBody', () => {
  test('usd and addresses', () => {
    expect(
      Fungible.FungiblePriceBody.safeParse({ currency: 'usd', addresses: ['eip155:1:0x1'], projectId: 'p' })
        .success,
    ).toBe(true)
    expect(
      Fungible.FungiblePriceBody.safeParse({ currency: 'eur', addresses: [], projectId: 'p' }).success,
    ).toBe(false)
  })
})

describe('FungiblePriceResponse', () => {
  test('fungibles with a numeric price', () => {
    const fungible = { address: 'eip155:1:0x1', name: 'Dev USD', symbol: 'DUSD', iconUrl: '', price: 1 }
    expect(Fungible.FungiblePriceResponse.safeParse({ fungibles: [fungible] }).success).toBe(true)
    expect(
      Fungible.FungiblePriceResponse.safeParse({ fungibles: [{ ...fungible, price: '1' }] }).success,
    ).toBe(false)
  })
})
