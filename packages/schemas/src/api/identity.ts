import * as z from 'zod/mini'

/** `GET /v1/identity/{address}` query. */
export const IdentityQuery = z.object({ projectId: z.string(), sender: z.optional(z.string()) })
/** `GET /v1/identity/{address}` query. */
export type IdentityQuery = z.infer<typeof IdentityQuery>

/** `GET /v1/identity/{address}` response: a name and avatar, each possibly null. */
export const IdentityResponse = z.object({ name: z.nullable(z.string()), avatar: z.nullable(z.string()) })
/** `GET /v1/identity/{address}` response: a name and avatar, each possibly null. */
export type IdentityResponse = z.infer<typeof IdentityResponse>
