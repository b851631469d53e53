import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { Constants } from '@frontdoor/schemas'

/** One-time passwords: 6 random digits, kept only as a keyed hash. */

/** Digits in a code (REFERENCE.md: OTP length 6). */
export const LENGTH = Constants.OTP_LENGTH
/** How long a code is valid. */
export const LIFETIME_S = 10 * 60
/** Spec section 9: at most one email per address per 30 s. */
export const COOLDOWN_S = Constants.EMAIL_LOGIN_COOLDOWN_S
/** Wrong codes allowed before a lockout. */
export const MAX_FAILURES = 5
/** How long a lockout lasts; wrong codes older than this are forgotten when a new code is sent. */
export const LOCKOUT_S = 15 * 60

/** A fresh code, uniformly random (`crypto.randomInt`), zero-padded. */
export function generate(): string {
  return String(randomInt(0, 10 ** LENGTH)).padStart(LENGTH, '0')
}

/**
 * The stored form of a code: HMAC-SHA256 under a server key, bound to purpose and address, so a
 * leaked table cannot be brute-forced offline and a code cannot be replayed for another address.
 */
export function hash(key: Uint8Array, context: { purpose: string; email: string }, code: string): string {
  return createHmac('sha256', key).update(`${context.purpose}\0${context.email}\0${code}`).digest('hex')
}

/**
 * Whether `code` is the one whose hash is `codeHash` under one of `keys` (each compared in constant
 * time; several during a master key rotation).
 */
export function matches(
  keys: readonly Uint8Array[],
  context: { purpose: string; email: string },
  code: string,
  codeHash: string,
): boolean {
  const expected = Buffer.from(codeHash, 'hex')
  let found = false
  for (const key of keys) {
    const actual = Buffer.from(hash(key, context, code), 'hex')
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) found = true
  }
  return found
}
