import * as z from 'zod/mini'

/** A token balance (the blockchain API's Balance): `address` (CAIP-10) is absent for the native token. */
export const TokenBalance = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.optional(z.string()),
  value: z.optional(z.number()),
  price: z.number(),
  quantity: z.object({ decimals: z.union([z.string(), z.number()]), numeric: z.string() }),
  iconUrl: z.string(),
})
/** A token balance (the blockchain API's Balance): `address` (CAIP-10) is absent for the native token. */
export type TokenBalance = z.infer<typeof TokenBalance>

/** An asset the embedded wallet discovered (`wallet_getAssets`): balance in hex. */
export const AssetFromWallet = z.object({
  address: z.string(),
  balance: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'balance must be hex')),
  type: z.enum(['ERC20', 'NATIVE']),
  metadata: z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().check(z.int(), z.nonnegative()),
    value: z.optional(z.number()),
    price: z.optional(z.number()),
    iconUrl: z.optional(z.string()),
  }),
})
/** An asset the embedded wallet discovered (`wallet_getAssets`): balance in hex. */
export type AssetFromWallet = z.infer<typeof AssetFromWallet>
