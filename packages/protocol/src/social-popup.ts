import * as z from 'zod/mini'

/**
 * The social login popup and the flow's binding to the frame that started it.
 *
 * Each attempt has an `attempt` id (the popup's window name is {@link windowName} of it, never a fixed
 * string) and a secret `binding` the modal keeps in memory. The popup's start URL carries the attempt
 * and only {@link bindingHash} of the binding; the API keeps both with the login's `state`, and the
 * redeem code the login ends in is redeemed only with the binding itself. A code or callback URL taken
 * from another browser (an attacker's own login) cannot be redeemed by a frame that did not start it.
 *
 * The popup (the API's callback page) posts {@link Message} to its opener, the modal frame, with the
 * modal's origin as the explicit target: the attempt with a one-time redeem code, or an error message
 * of packages/schemas. The modal reads it only from the API's origin, the popup's window and its own
 * attempt, validated by {@link Message}.
 */

/** The `type` of the popup's message. */
export const MESSAGE_TYPE = 'frontdoor:social'

/** An attempt id: 16 to 48 random bytes, base64url. */
export const Attempt = z.string().check(z.regex(/^[A-Za-z0-9_-]{22,64}$/, 'must be an attempt id'))

/** A binding or its hash: 32 bytes, base64url without padding. */
export const Binding = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 bytes, base64url'))

/** The popup's message: the attempt's one-time redeem code, or an error (of an attempt, when known). */
export const Message = z.union([
  z.strictObject({
    type: z.literal(MESSAGE_TYPE),
    attempt: Attempt,
    result: z.strictObject({ code: z.string().check(z.minLength(1), z.maxLength(512)) }),
  }),
  z.strictObject({
    type: z.literal(MESSAGE_TYPE),
    attempt: z.optional(Attempt),
    error: z.string().check(z.maxLength(500)),
  }),
])
/** The popup's message. */
export type Message = z.infer<typeof Message>

export { attempt, base64url, bindingHash, random, windowName } from './social-attempt.js'
