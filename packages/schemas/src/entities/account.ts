import * as z from 'zod/mini'
import * as Caip from '../caip.js'
import * as Constants from '../constants.js'
import * as Token from './token.js'
import * as User from './user.js'

/** Account types of spec section 4. */
export const AccountType = z.enum(['eoa', 'smartAccount'])
/** Account types of spec section 4. */
export type AccountType = z.infer<typeof AccountType>

/** A preferred account type: an account type, or `payment` (the Bitcoin default). */
export const PreferredAccountType = z.enum(['eoa', 'smartAccount', 'payment'])
/** A preferred account type: an account type, or `payment` (the Bitcoin default). */
export type PreferredAccountType = z.infer<typeof PreferredAccountType>

/** Per-chain-namespace connection status. */
export const ConnectionStatus = z.enum(Constants.CONNECTION_STATUSES)
/** Per-chain-namespace connection status. */
export type ConnectionStatus = z.infer<typeof ConnectionStatus>

/** A stored library connection status; any other stored value is an error. */
export const StoredConnectionStatus = z.enum(['connected', 'active', 'disconnected'])
/** A stored library connection status; any other stored value is an error. */
export type StoredConnectionStatus = z.infer<typeof StoredConnectionStatus>

/** The wallet an account is connected through. */
export const ConnectedWalletInfo = z.object({
  name: z.string(),
  icon: z.optional(z.string()),
  type: z.optional(z.string()),
  rdns: z.optional(z.string()),
})
/** The wallet an account is connected through. */
export type ConnectedWalletInfo = z.infer<typeof ConnectedWalletInfo>

/** The account state of one chain namespace. */
export const AccountState = z.object({
  caipAddress: z.optional(Caip.Caip10Schema),
  address: z.optional(z.string()),
  status: z.optional(ConnectionStatus),
  user: z.optional(User.EmbeddedWalletUser),
  socialProvider: z.optional(z.string()),
  preferredAccountType: z.optional(PreferredAccountType),
  smartAccountDeployed: z.optional(z.boolean()),
  connectedWalletInfo: z.optional(ConnectedWalletInfo),
  profileName: z.nullish(z.string()),
  profileImage: z.nullish(z.string()),
  /** Native balance, a decimal string. */
  balance: z.optional(z.string()),
  tokenBalance: z.optional(z.array(Token.TokenBalance)),
})
/** The account state of one chain namespace. */
export type AccountState = z.infer<typeof AccountState>
