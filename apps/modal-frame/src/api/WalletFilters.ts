import type * as HostModal from '@frontdoor/protocol/host-modal'
import { Constants } from '@frontdoor/schemas'

/**
 * The page's wallet directory filters (`createFrontdoor` options), read the same way by the Connect view
 * and AllWallets: only the wallets `includeWalletIds` names, never those `excludeWalletIds` names, the
 * `featuredWalletIds` first in the page's order (4 at most), and the page's networks.
 */

/** The directory filters from the page's options. */
export type Filters = {
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  featured?: readonly string[] | undefined
  /** CAIP-2 ids of the page's networks. */
  chains?: readonly string[] | undefined
}

/** The filters of the page's `createFrontdoor` options (none before the host told them). */
export function filtersOf(info: HostModal.HostInfo | undefined): Filters {
  return {
    include: info?.includeWalletIds,
    exclude: info?.excludeWalletIds,
    featured: info?.featuredWalletIds,
    chains: info?.networks.map((n) => n.caipNetworkId),
  }
}

/** Whether the filters let `id` show: not excluded, and included when there is an include list. */
export function allowed(filters: Filters, id: string): boolean {
  if (filters.exclude?.includes(id)) return false
  return !filters.include?.length || filters.include.includes(id)
}

/** The featured ids the filters allow, in the page's order, 4 at most. */
export function featuredIds(filters: Filters): string[] {
  return [...new Set(filters.featured ?? [])]
    .filter((id) => allowed(filters, id))
    .slice(0, Constants.FEATURED_WALLETS_COUNT)
}
