import * as z from 'zod/mini'

/** A registered account name (`GET /v1/profile/account/{name}`, items of `/v1/profile/reverse/{address}`). */
export const NameProfile = z.object({
  name: z.string(),
  registered_at: z.string(),
  updated_at: z.optional(z.string()),
  addresses: z.record(z.string(), z.object({ address: z.string(), created: z.optional(z.string()) })),
  attributes: z.optional(z.array(z.object({ avatar: z.optional(z.string()), bio: z.optional(z.string()) }))),
})
/** A registered account name (`GET /v1/profile/account/{name}`, items of `/v1/profile/reverse/{address}`). */
export type NameProfile = z.infer<typeof NameProfile>

/** `GET /v1/profile/reverse/{address}` response. */
export const ReverseResponse = z.array(NameProfile)
/** `GET /v1/profile/reverse/{address}` response. */
export type ReverseResponse = z.infer<typeof ReverseResponse>

/** `GET /v1/profile/suggestions/{name}` response. */
export const SuggestionsResponse = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
})
/** `GET /v1/profile/suggestions/{name}` response. */
export type SuggestionsResponse = z.infer<typeof SuggestionsResponse>

/** The message signed to register a name: `timestamp` in seconds. */
export const RegisterNameMessage = z.object({
  name: z.string(),
  attributes: z.optional(z.record(z.string(), z.string())),
  timestamp: z.number().check(z.int(), z.nonnegative()),
})
/** The message signed to register a name: `timestamp` in seconds. */
export type RegisterNameMessage = z.infer<typeof RegisterNameMessage>

/** `POST /v1/profile/account` body; `message` is the JSON text of a `RegisterNameMessage`. */
export const RegisterNameBody = z.object({
  coin_type: z.union([z.number(), z.string()]),
  address: z.string(),
  message: z.string(),
  signature: z.string(),
})
/** `POST /v1/profile/account` body; `message` is the JSON text of a `RegisterNameMessage`. */
export type RegisterNameBody = z.infer<typeof RegisterNameBody>
