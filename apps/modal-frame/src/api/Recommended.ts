import { Constants, type Directory } from '@frontdoor/schemas'
import type * as Api from './Api.js'
import * as Images from './Images.js'
import * as WalletFilters from './WalletFilters.js'

/**
 * The directory wallets of the Connect view, under the page's filters as in AllWallets: the featured
 * wallets first in the page's order (4 at most), then the recommended ones, only those
 * `includeWalletIds` names and never those `excludeWalletIds` names, supporting the page's networks.
 * Their icons are preloaded (2000 ms wait at most) so the rows show with them. Loaded apart from the
 * first open (the controller imports it when the project loads).
 */

/** Reads one page of `/getWallets`. */
export type Fetch = (query: Api.WalletsQuery) => Promise<Directory.GetWalletsResponse>

/**
 * The featured wallets (in order), then the first directory page under the filters; `count` is how
 * many wallets the filtered directory holds (the All Wallets row's number).
 */
export async function load(
  fetch: Fetch,
  filters: WalletFilters.Filters,
  preload: (urls: (string | undefined)[]) => Promise<void> = Images.preload,
): Promise<Directory.GetWalletsResponse> {
  const base = { include: filters.include, exclude: filters.exclude, chains: filters.chains }
  const ids = WalletFilters.featuredIds(filters)
  const [featured, first] = await Promise.all([
    ids.length
      ? fetch({ ...base, page: 1, entries: ids.length, include: ids }).catch(() => ({ data: [], count: 0 }))
      : Promise.resolve({ data: [], count: 0 }),
    fetch({
      ...base,
      page: 1,
      // Enough for 4 rows once the recent and installed wallets are left out.
      entries:
        Constants.FEATURED_WALLETS_COUNT +
        Constants.RECOMMENDED_WALLETS_COUNT +
        Constants.RECENT_WALLETS_KEPT,
    }),
  ])
  const ordered = ids
    .map((id) => featured.data.find((w) => w.id === id))
    .filter((w): w is Directory.Wallet => w !== undefined)
  const known = new Set(ordered.map((w) => w.id))
  const wallets = [
    ...ordered,
    ...first.data.filter((w) => !known.has(w.id) && WalletFilters.allowed(filters, w.id)),
  ]
  await preload(wallets.map((w) => w.image_url))
  return { data: wallets, count: first.count }
}
