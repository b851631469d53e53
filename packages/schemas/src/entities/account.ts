import * as z from 'zod/mini'
import * as Caip from '../caip.js'
import * as Constants from '../constants.js'
import * as AccountDetails from './account-details.js'

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

const text = (max: number) => z.string().check(z.maxLength(max))

/**
 * The account state the page sees (spec section 3, Account state), as the modal sends it in every state
 * snapshot: the fields Frontdoor fills. Strings are bounded, so a snapshot stays small. `balance` is the
 * native balance as a decimal string in `balanceSymbol`; `user`, `socialProvider` and
 * `smartAccountDeployed` are the embedded wallet's; `profileName` and `profileImage` the account's
 * name and avatar (null when it has none); `connectedWalletInfo` the wallet it is connected through;
 * `tokenBalance` its balances on the current chain.
 */
export const AccountState = z.strictObject({
  caipAddress: Caip.Caip10Schema,
  address: z.string().check(z.minLength(1), z.maxLength(128)),
  status: ConnectionStatus,
  /** eoa, or smartAccount for an embedded wallet's smart account. */
  preferredAccountType: z.optional(AccountType),
  /** The embedded wallet's user: their email, or their user name from a social login. */
  user: z.optional(z.strictObject({ email: z.optional(text(254)), userName: z.optional(text(100)) })),
  /** The social provider the embedded wallet was reached by (google, x, farcaster ...). */
  socialProvider: z.optional(text(32)),
  smartAccountDeployed: z.optional(z.boolean()),
  profileName: z.optional(z.nullable(text(255))),
  profileImage: z.optional(z.nullable(text(2048))),
  balance: z.optional(z.string().check(z.regex(/^\d{1,78}(\.\d{1,78})?$/, 'must be a decimal string'))),
  balanceSymbol: z.optional(text(16)),
  connectedWalletInfo: z.optional(AccountDetails.ConnectedWalletInfo),
  /** The token balances on the current chain (native coin and tokens), at most TOKEN_BALANCES_MAX. */
  tokenBalance: z.optional(
    z.array(AccountDetails.TokenBalanceState).check(z.maxLength(AccountDetails.TOKEN_BALANCES_MAX)),
  ),
})
/** The account state the page sees (spec section 3, Account state). */
export type AccountState = z.infer<typeof AccountState>
