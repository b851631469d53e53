import * as z from 'zod/mini'
import * as Constants from '../constants.js'
import * as Errors from '../errors.js'

const ALLOWED = /^[A-Za-z0-9-]*$/

/** An account name: letters, digits and hyphens only, at least 4 characters. */
export const AccountName = z
  .string()
  .check(
    z.regex(ALLOWED, Errors.ACCOUNT_NAME_INVALID_CHARACTERS),
    z.minLength(Constants.ACCOUNT_NAME_MIN_LENGTH, Errors.ACCOUNT_NAME_TOO_SHORT),
  )

/** The first problem with an account name (invalid characters before length), or `undefined` if valid. */
export function validate(name: string): string | undefined {
  if (!ALLOWED.test(name)) return Errors.ACCOUNT_NAME_INVALID_CHARACTERS
  if (name.length < Constants.ACCOUNT_NAME_MIN_LENGTH) return Errors.ACCOUNT_NAME_TOO_SHORT
  return undefined
}
