import * as Constants from './constants.js'

/**
 * What the modal keeps in storage beyond its connections (spec section 3): the cached records, each
 * with its timestamp and lifetime (spec section 9), and the connected namespaces.
 */

/** A cached record kind: its storage key and how long a record stays usable. */
export type CacheKind = { key: string; lifetimeS: number }

/** Token balances per network and address: 30 s. */
export const PORTFOLIO_CACHE: CacheKind = {
  key: 'frontdoor:portfolio-cache',
  lifetimeS: Constants.PORTFOLIO_CACHE_S,
}

/** The native coin's balance per network and address: 30 s. */
export const NATIVE_BALANCE_CACHE: CacheKind = {
  key: 'frontdoor:native-balance-cache',
  lifetimeS: Constants.NATIVE_BALANCE_CACHE_S,
}

/** Account names (ENS-style profiles) by name: 5 min. */
export const ENS_CACHE: CacheKind = { key: 'frontdoor:ens-cache', lifetimeS: Constants.ENS_CACHE_S }

/** Identity (name and avatar) by address: 5 min. */
export const IDENTITY_CACHE: CacheKind = {
  key: 'frontdoor:identity-cache',
  lifetimeS: Constants.IDENTITY_CACHE_S,
}

/** The namespaces (eip155, solana ...) of the current connection; absent while disconnected. */
export const CONNECTED_NAMESPACES_KEY = 'frontdoor:connected-namespaces'
