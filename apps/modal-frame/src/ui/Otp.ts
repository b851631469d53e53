import { Constants, EmailRule, Errors } from '@frontdoor/schemas'

/**
 * The one-time-code entry and the login email cooldown (spec sections 5 and 9): a code is
 * {@link Constants.OTP_LENGTH} digits, however it was typed or pasted; a login email may be sent at
 * most once per {@link Constants.EMAIL_LOGIN_COOLDOWN_S} per address, and before that the user reads
 * 'Please try again after {n} seconds'.
 */

/** The digits of what was typed or pasted, at most OTP_LENGTH ('12 34-56' -> '123456'). */
export function digits(text: string): string {
  return text.replace(/\D/g, '').slice(0, Constants.OTP_LENGTH)
}

/** Whether `code` is a whole code. */
export function isComplete(code: string): boolean {
  return code.length === Constants.OTP_LENGTH && /^\d+$/.test(code)
}

/** When each address was last sent a code, per address (case-insensitive). */
export function cooldowns(now: () => number = Date.now) {
  const sentAt = new Map<string, number>()
  const key = (email: string) => email.trim().toLowerCase()
  return {
    /** A code was sent now (or, from a server's retryAfterS, as long ago as the cooldown left implies). */
    sent(email: string, retryAfterS?: number) {
      const ago = retryAfterS === undefined ? 0 : Constants.EMAIL_LOGIN_COOLDOWN_S - retryAfterS
      sentAt.set(key(email), now() - Math.max(0, ago) * 1000)
    },
    /** Whole seconds before another code may be sent to `email`; 0 when it may. */
    remainingS(email: string): number {
      return EmailRule.cooldownRemainingS(sentAt.get(key(email)), now())
    },
    /** 'Please try again after {n} seconds' while the cooldown runs, undefined otherwise. */
    message(email: string): string | undefined {
      const seconds = this.remainingS(email)
      return seconds > 0 ? Errors.pleaseTryAgainAfter(seconds) : undefined
    },
  }
}

/** The modal's cooldowns (kept while the modal frame lives; the API enforces its own too). */
export const COOLDOWNS = cooldowns()

/** The message of an error the auth frame or the API gave, for the view. */
export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return message || Errors.FRAME.SOMETHING_WENT_WRONG
}

/** The seconds a server cooldown error carries (`data.retryAfterS`), if it is one. */
export function retryAfterS(error: unknown): number | undefined {
  const data = (error as { data?: { code?: unknown; retryAfterS?: unknown } } | null)?.data
  return data?.code === 'cooldown' && typeof data.retryAfterS === 'number' ? data.retryAfterS : undefined
}
