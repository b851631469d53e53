import * as z from 'zod/mini'
import * as Caip from '../caip.js'

/** What a SIWX message says: who, on which network, for which site, when. */
export const SiwxMessageData = z.object({
  accountAddress: z.string(),
  chainId: Caip.Caip2Schema,
  domain: z.string(),
  uri: z.string(),
  version: z.string(),
  nonce: z.string(),
  statement: z.optional(z.string()),
  issuedAt: z.optional(z.string()),
  expirationTime: z.optional(z.string()),
  notBefore: z.optional(z.string()),
  requestId: z.optional(z.string()),
  resources: z.optional(z.array(z.string())),
})
/** What a SIWX message says: who, on which network, for which site, when. */
export type SiwxMessageData = z.infer<typeof SiwxMessageData>

/** A SIWX session: the message data, the message text, its signature and an optional CACAO. */
export const SiwxSession = z.object({
  data: SiwxMessageData,
  message: z.string(),
  signature: z.string(),
  cacao: z.optional(z.unknown()),
})
/** A SIWX session: the message data, the message text, its signature and an optional CACAO. */
export type SiwxSession = z.infer<typeof SiwxSession>

/** What a WalletConnect session-authenticate request sends. */
export const SessionAuthenticateParams = z.object({
  nonce: z.string(),
  domain: z.string(),
  uri: z.string(),
  exp: z.optional(z.string()),
  iat: z.optional(z.string()),
  nbf: z.optional(z.string()),
  requestId: z.optional(z.string()),
  version: z.optional(z.string()),
  resources: z.optional(z.array(z.string())),
  statement: z.optional(z.string()),
  chainId: z.optional(z.string()),
  methods: z.optional(z.array(z.string())),
  chains: z.array(Caip.Caip2Schema),
})
/** What a WalletConnect session-authenticate request sends. */
export type SessionAuthenticateParams = z.infer<typeof SessionAuthenticateParams>
