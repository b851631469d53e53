import * as z from 'zod/mini'

/** A smart-session permission grant of `GET /v1/sessions/{caipAddress}`. */
export const SmartSession = z.looseObject({
  pci: z.string(),
  expiry: z.optional(z.number()),
  createdAt: z.optional(z.number()),
  permissions: z.optional(z.unknown()),
  policies: z.optional(z.array(z.unknown())),
})
/** A smart-session permission grant of `GET /v1/sessions/{caipAddress}`. */
export type SmartSession = z.infer<typeof SmartSession>

/** `GET /v1/sessions/{caipAddress}` response. */
export const SessionsResponse = z.object({ pcis: z.array(SmartSession) })
/** `GET /v1/sessions/{caipAddress}` response. */
export type SessionsResponse = z.infer<typeof SessionsResponse>

/** `POST /v1/sessions/{address}/revoke` body. */
export const RevokeSessionBody = z.object({ pci: z.string().check(z.minLength(1)), signature: z.string() })
/** `POST /v1/sessions/{address}/revoke` body. */
export type RevokeSessionBody = z.infer<typeof RevokeSessionBody>
