import * as z from 'zod/mini'
import * as Token from './token.js'

/** The Send flow's state. */
export const SendState = z.object({
  token: z.optional(Token.TokenBalance),
  sendTokenAmount: z.optional(z.number()),
  receiverAddress: z.optional(z.string()),
  receiverProfileImageUrl: z.optional(z.string()),
  receiverProfileName: z.optional(z.string()),
  loading: z.boolean(),
})
/** The Send flow's state. */
export type SendState = z.infer<typeof SendState>
