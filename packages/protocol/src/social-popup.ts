import * as z from 'zod/mini'

/**
 * The message the social login popup (the API's callback page) posts to its opener, the modal frame,
 * with the modal's origin as the explicit target: a one-time redeem code, or an error message of
 * packages/schemas. The API writes it; the modal reads it only from the API's origin and the popup's
 * window, validated by {@link Message}.
 */

/** The `type` of the popup's message. */
export const MESSAGE_TYPE = 'frontdoor:social'

/** The popup's message: a one-time redeem code, or an error. */
export const Message = z.union([
  z.strictObject({
    type: z.literal(MESSAGE_TYPE),
    result: z.strictObject({ code: z.string().check(z.minLength(1), z.maxLength(512)) }),
  }),
  z.strictObject({ type: z.literal(MESSAGE_TYPE), error: z.string().check(z.maxLength(500)) }),
])
/** The popup's message. */
export type Message = z.infer<typeof Message>
