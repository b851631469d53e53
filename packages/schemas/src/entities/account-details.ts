import * as z from 'zod/mini'

/**
 * What the page's account state (account.ts) carries beyond the address and the embedded wallet's
 * details: the wallet it is connected through and its token balances. A module of its own, without
 * account.ts's imports: the modal's lazy account watcher (controller/AccountState.ts) checks values
 * against these before it sends them, and the first-open code carries nothing more for it.
 */

const text = (max: number) => z.string().check(z.maxLength(max))

/** The longest wallet icon: a data URI as large as EIP-6963 allows (256 KB), or a URL. */
export const WALLET_ICON_MAX_CHARS = 256 * 1024

/**
 * The wallet an account is connected through (spec section 3's connectedWalletInfo): its name, icon,
 * the connector kind (`injected`, `walletConnect`, `embedded`) and, for an injected wallet, its rdns.
 * Bounded: it goes to the page in every state snapshot.
 */
export const ConnectedWalletInfo = z.strictObject({
  name: text(255),
  icon: z.optional(text(WALLET_ICON_MAX_CHARS)),
  type: z.optional(text(32)),
  rdns: z.optional(text(255)),
})
/** The wallet an account is connected through. */
export type ConnectedWalletInfo = z.infer<typeof ConnectedWalletInfo>

/** Most token balances the page's account state carries. */
export const TOKEN_BALANCES_MAX = 100

/**
 * A token balance as the page's account state carries it (spec section 3's Token balance, bounded):
 * `address` is the token's CAIP-10 id (absent for the native coin), `quantity` its amount in whole
 * tokens as a decimal string with the token's decimals, `value` and `price` in USD.
 */
export const TokenBalanceState = z.strictObject({
  name: text(100),
  symbol: text(32),
  chainId: text(64),
  address: z.optional(text(128)),
  value: z.optional(z.number()),
  price: z.number(),
  quantity: z.strictObject({ decimals: text(3), numeric: text(100) }),
  iconUrl: text(2048),
})
/** A token balance as the page's account state carries it. */
export type TokenBalanceState = z.infer<typeof TokenBalanceState>
