import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Pairing from './pairing.js'

describe('uriExpiryS', () => {
  test('4 minutes after creation', () => {
    expect(Pairing.uriExpiryS(1000)).toBe(1240)
  })
})

describe('uriRefreshAtS', () => {
  test('10 s before expiry', () => {
    expect(Pairing.uriRefreshAtS(1240)).toBe(1230)
  })
})

describe('isUriExpired', () => {
  test('expired from 10 s before the 4-minute mark', () => {
    const expiry = Pairing.uriExpiryS(1000)
    expect(Pairing.isUriExpired(expiry, 1229_999)).toBe(false)
    expect(Pairing.isUriExpired(expiry, 1230_000)).toBe(true)
  })

  test('property: a URI lives 230 s after creation', () => {
    fc.assert(
      fc.property(fc.nat(2e9), fc.nat(1000), (createdAtS, ageS) => {
        expect(Pairing.isUriExpired(Pairing.uriExpiryS(createdAtS), (createdAtS + ageS) * 1000)).toBe(
          ageS >= 230,
        )
      }),
    )
  })
})
