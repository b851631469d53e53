import { EmailRule, Errors } from '@frontdoor/schemas'

/**
 * The email change of the embedded wallet (spec section 7: update email with primary and secondary
 * OTP): the new address, then the code sent to the current (primary) address, then the code sent to
 * the new (secondary) one.
 */

/** Where the flow is. */
export type Step =
  | { kind: 'email' }
  | { kind: 'primary'; newEmail: string }
  | { kind: 'secondary'; newEmail: string }
  | { kind: 'done'; newEmail: string }

/** The message for a new email that cannot be used, or undefined when it can. */
export function checkNewEmail(newEmail: string, currentEmail: string | undefined): string | undefined {
  if (!EmailRule.isEmail(newEmail)) return Errors.INVALID_EMAIL
  if (currentEmail && newEmail.trim().toLowerCase() === currentEmail.toLowerCase())
    return 'This is already your email'
  return undefined
}

/** The next step after the current one succeeded. */
export function next(step: Step, newEmail?: string): Step {
  switch (step.kind) {
    case 'email':
      return { kind: 'primary', newEmail: newEmail ?? '' }
    case 'primary':
      return { kind: 'secondary', newEmail: step.newEmail }
    case 'secondary':
      return { kind: 'done', newEmail: newEmail ?? step.newEmail }
    case 'done':
      return step
  }
}
