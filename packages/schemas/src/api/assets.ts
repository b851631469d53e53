import * as z from 'zod/mini'

/**
 * Asset discovery (`wallet_getAssets`, EIP-7811): what the embedded wallet answers for an account, by
 * hex chain id. Token balances of an embedded wallet come from here (spec section 7).
 */

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'must be hex'))

/** `wallet_getAssets` params[0]: whose assets, optionally only on these chains (hex) and of these types. */
export const WalletAssetsRequest = z.object({
  account: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'account must be an address')),
  chainFilter: z.optional(z.array(hex)),
  assetTypeFilter: z.optional(z.array(z.string())),
})
/** `wallet_getAssets` params[0]. */
export type WalletAssetsRequest = z.infer<typeof WalletAssetsRequest>

/**
 * One asset: `type` is 'native' or 'erc20' (EIP-7811; other types such as 'erc721' may come and are not
 * balances), `address` the token contract ('native' or any value for the native coin), `balance` in hex
 * base units. `metadata` may also carry the spec's value, price and iconUrl.
 */
export const WalletAsset = z.object({
  address: z.string(),
  balance: hex,
  type: z.string(),
  metadata: z.optional(
    z.nullable(
      z.object({
        name: z.string(),
        symbol: z.string(),
        decimals: z.number().check(z.int(), z.nonnegative()),
        value: z.optional(z.number()),
        price: z.optional(z.number()),
        iconUrl: z.optional(z.string()),
      }),
    ),
  ),
})
/** One asset of a `wallet_getAssets` answer. */
export type WalletAsset = z.infer<typeof WalletAsset>

/** `wallet_getAssets` result: hex chain id → the assets on that chain. */
export const WalletAssetsResponse = z.record(hex, z.array(WalletAsset))
/** `wallet_getAssets` result. */
export type WalletAssetsResponse = z.infer<typeof WalletAssetsResponse>
