import * as Constants from './constants.js'

/**
 * When a fresh pairing URI must be shown instead: 10 s before its expiry, so a wallet never scans a URI
 * that dies mid-pairing. `expiryTimestampS` is the URI's `expiryTimestamp` (seconds since the epoch).
 */
export function uriRefreshAtS(expiryTimestampS: number): number {
  return expiryTimestampS - Constants.PAIRING_URI_EXPIRY_MARGIN_S
}

/** Whether a pairing URI is treated as expired at `nowMs` (10 s before its own expiry). */
export function isUriExpired(expiryTimestampS: number, nowMs: number): boolean {
  return nowMs / 1000 >= uriRefreshAtS(expiryTimestampS)
}

/** The expiry of a pairing URI created at `createdAtS` (its 4-minute mark). */
export function uriExpiryS(createdAtS: number): number {
  return createdAtS + Constants.PAIRING_URI_LIFETIME_S
}
