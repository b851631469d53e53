import * as Constants from '@frontdoor/schemas/constants'
import * as AccountNameRule from '@frontdoor/schemas/validation/accountName'

/**
 * The rules of the RegisterAccountName form: what the visitor typed becomes a label, the label a
 * full name in the zone, and the name a message the wallet signs (the JSON of name, attributes and a
 * timestamp in seconds, spec section 7).
 */

/** The zone suffix shown after the field, with its dot. */
export const SUFFIX = `.${Constants.ACCOUNT_NAME_ZONE}`

/** The label of what was typed: trimmed, lowercase, without the zone if it was typed too. */
export function label(typed: string): string {
  const value = typed.trim().toLowerCase()
  return value.endsWith(SUFFIX) ? value.slice(0, -SUFFIX.length) : value
}

/** The spec's first problem with a label ('Name can only contain…', 'Name must be at least 4…'), or undefined. */
export function problem(typed: string): string | undefined {
  const value = label(typed)
  return value ? AccountNameRule.validate(value) : undefined
}

/** The full name of a label. */
export function fullName(typed: string): string {
  return `${label(typed)}${SUFFIX}`
}

/** The text the wallet signs to register `name` now. */
export function message(name: string, nowMs: number): string {
  return JSON.stringify({ name, attributes: {}, timestamp: Math.floor(nowMs / 1000) })
}

/** `personal_sign` takes the message as hex of its UTF-8 bytes. */
export function toHex(text: string): `0x${string}` {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex as `0x${string}`
}
