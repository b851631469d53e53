import * as z from 'zod/mini'
import * as Constants from '../constants.js'
import * as Errors from '../errors.js'

/** A login email: a valid email address (message 'Invalid email'). */
export const Email = z.email({ error: Errors.INVALID_EMAIL })

/** Whether `value` is a valid login email. */
export function isEmail(value: string): boolean {
  return Email.safeParse(value).success
}

/**
 * Whole seconds left before another login email may be sent, from the last send time and now
 * (both in ms since the epoch); 0 when allowed.
 */
export function cooldownRemainingS(lastSentAtMs: number | undefined, nowMs: number): number {
  if (lastSentAtMs === undefined) return 0
  const remainingMs = lastSentAtMs + Constants.EMAIL_LOGIN_COOLDOWN_S * 1000 - nowMs
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0
}

/** 'Please try again after {n} seconds' while the cooldown runs, `undefined` when an email may be sent. */
export function cooldownMessage(lastSentAtMs: number | undefined, nowMs: number): string | undefined {
  const seconds = cooldownRemainingS(lastSentAtMs, nowMs)
  return seconds > 0 ? Errors.pleaseTryAgainAfter(seconds) : undefined
}
