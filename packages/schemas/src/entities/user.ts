import * as z from 'zod/mini'

const accountType = z.enum(['eoa', 'smartAccount'])
const chainId = z.union([z.number(), z.string()])

/** An account of an embedded-wallet user. */
export const UserAccount = z.object({ address: z.string(), type: accountType })
/** An account of an embedded-wallet user. */
export type UserAccount = z.infer<typeof UserAccount>

/** The embedded-wallet user the auth frame reports. */
export const EmbeddedWalletUser = z.object({
  email: z.optional(z.string()),
  address: z.string(),
  chainId,
  accounts: z.optional(z.array(UserAccount)),
  userName: z.optional(z.string()),
  preferredAccountType: z.optional(z.string()),
  smartAccountDeployed: z.optional(z.boolean()),
  /** The address of the user's Solana account (base58 of its ed25519 key in the vault). */
  solanaAddress: z.optional(z.string()),
  /** The accounts of the other auth namespaces (bip122, polkadot, cosmos) as CAIP-10 ids, with their type. */
  caipAccounts: z.optional(z.array(z.object({ address: z.string(), type: z.string() }))),
})
/** The embedded-wallet user the auth frame reports. */
export type EmbeddedWalletUser = z.infer<typeof EmbeddedWalletUser>

/** The payload of the auth provider's connected event. */
export const AuthConnectedPayload = z.object({
  address: z.string(),
  chainId,
  preferredAccountType: z.optional(z.string()),
  smartAccountDeployed: z.optional(z.boolean()),
})
/** The payload of the auth provider's connected event. */
export type AuthConnectedPayload = z.infer<typeof AuthConnectedPayload>
