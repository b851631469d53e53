import * as z from 'zod/mini'

/** A connection (multi-wallet): a connector and its accounts. */
export const Connection = z.object({
  connectorId: z.string().check(z.minLength(1)),
  accounts: z.array(z.object({ address: z.string(), type: z.optional(z.string()) })),
})
/** A connection (multi-wallet): a connector and its accounts. */
export type Connection = z.infer<typeof Connection>
