import * as z from 'zod/mini'
import * as Caip from '../caip.js'
import * as Constants from '../constants.js'
import * as Project from './project.js'
import * as Query from './query.js'

/** The largest page `/getWallets` serves (the search page size of spec section 9). */
export const MAX_ENTRIES = Constants.SEARCH_WALLETS_COUNT

/** A wallet or image id: 1-128 letters, digits, `_` or `-`. */
export const WalletId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be 1-128 letters, digits, _ or -'))

/** A directory badge. */
export const BadgeType = z.enum(['none', 'certified'])
/** A directory badge. */
export type BadgeType = z.infer<typeof BadgeType>

/** How an injected wallet identifies itself in one chain namespace. */
export const Injected = z.object({ namespace: z.string(), injected_id: z.string() })
/** How an injected wallet identifies itself in one chain namespace. */
export type Injected = z.infer<typeof Injected>

const link = z.nullish(z.string())

/** A wallet of the directory (`/getWallets` `data[]`). Links and store urls may be null or absent. */
export const Wallet = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  badge_type: z.optional(BadgeType),
  description: z.nullish(z.string()),
  chains: z.array(z.string()),
  homepage: link,
  image_id: z.string(),
  image_url: z.optional(z.string()),
  order: z.nullish(z.number()),
  mobile_link: link,
  desktop_link: link,
  webapp_link: link,
  app_store: link,
  play_store: link,
  chrome_store: link,
  rdns: z.nullish(z.string()),
  injected: z.nullish(z.array(Injected)),
  supports_wc: z.optional(z.boolean()),
})
/** A wallet of the directory (`/getWallets` `data[]`). Links and store urls may be null or absent. */
export type Wallet = z.infer<typeof Wallet>

/** `GET /getWallets` query, coerced from URL strings; `include`, `exclude`, `chains` are comma lists. */
export const GetWalletsQuery = z.extend(Project.ProjectQuery, {
  page: Query.positiveInt(100_000),
  entries: Query.positiveInt(MAX_ENTRIES),
  search: z.optional(z.string().check(z.maxLength(100, 'must be at most 100 characters'))),
  badge_type: z.optional(BadgeType),
  include: z.optional(Query.commaList(WalletId)),
  exclude: z.optional(Query.commaList(WalletId)),
  chains: z.optional(Query.commaList(Caip.Caip2Schema, 100)),
})
/** `GET /getWallets` query, coerced from URL strings; `include`, `exclude`, `chains` are comma lists. */
export type GetWalletsQuery = z.infer<typeof GetWalletsQuery>

/** `GET /getWallets` response: one page of wallets and the total count matching the filter. */
export const GetWalletsResponse = z.object({
  data: z.array(Wallet),
  count: z.number().check(z.int(), z.nonnegative()),
})
/** `GET /getWallets` response: one page of wallets and the total count matching the filter. */
export type GetWalletsResponse = z.infer<typeof GetWalletsResponse>

/** The wallet-directory image routes, by kind (`{id}` is the image id, currency code or token symbol). */
export const IMAGE_PATHS = {
  wallet: '/getWalletImage/{id}',
  asset: '/public/getAssetImage/{id}',
  currency: '/public/getCurrencyImage/{id}',
  token: '/public/getTokenImage/{id}',
} as const

/** The path of an image: `imagePath('wallet', 'abc')` -> `/getWalletImage/abc`. */
export function imagePath(kind: keyof typeof IMAGE_PATHS, id: string): string {
  return IMAGE_PATHS[kind].replace('{id}', encodeURIComponent(id))
}
