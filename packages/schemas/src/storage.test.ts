import { describe, expect, test } from 'vitest'
import * as Storage from './storage.js'

describe('storage', () => {
  test('the cached records: their keys and the lifetimes of spec section 9', () => {
    expect(Storage.PORTFOLIO_CACHE).toEqual({ key: 'frontdoor:portfolio-cache', lifetimeS: 30 })
    expect(Storage.NATIVE_BALANCE_CACHE).toEqual({ key: 'frontdoor:native-balance-cache', lifetimeS: 30 })
    expect(Storage.ENS_CACHE).toEqual({ key: 'frontdoor:ens-cache', lifetimeS: 300 })
    expect(Storage.IDENTITY_CACHE).toEqual({ key: 'frontdoor:identity-cache', lifetimeS: 300 })
    expect(Storage.CONNECTED_NAMESPACES_KEY).toBe('frontdoor:connected-namespaces')
  })
})
