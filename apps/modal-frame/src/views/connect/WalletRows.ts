import type * as HostModal from '@frontdoor/protocol/host-modal'
import { Constants, type Directory } from '@frontdoor/schemas'
import * as WalletFilters from '../../api/WalletFilters.js'
import type * as ConnectionStorage from '../../connection/Storage.js'
import type * as Router from '../../router/Router.js'

/**
 * The wallet rows of the Connect view, in order: the recent wallets (2 kept), the page's installed
 * wallets, then the directory's featured wallets in the page's order (4 at most) and the recommended
 * ones (4); each row knows the view it opens. The page's include and exclude lists apply to the
 * directory rows and the recent WalletConnect wallets, as in AllWallets. The WalletConnect and All
 * Wallets rows follow them (ConnectView adds those).
 */

/** One wallet row: what it shows and where picking it goes. */
export type WalletRow = {
  key: string
  name: string
  image?: string | undefined
  tag?: string | undefined
  target: Router.Target
  /** Picking it pairs by WalletConnect (its code can be fetched on hover or focus). */
  walletConnect: boolean
}

/**
 * What the rows are made of: the page's injected wallets, the recent wallets, the directory's first
 * wallets, and the page's directory filters (include, exclude, featured).
 */
export type Input = {
  injected: readonly HostModal.InjectedWallet[]
  recent: readonly ConnectionStorage.RecentWallet[]
  wallets: readonly Directory.Wallet[]
  filters?: WalletFilters.Filters | undefined
}

const external = (wallet: HostModal.InjectedWallet) => ({
  view: 'ConnectingExternal' as const,
  data: { rdns: wallet.rdns, name: wallet.name },
})

/** The rows, most relevant first; no wallet appears twice. */
export function walletRows(input: Input): WalletRow[] {
  const injectedByRdns = new Map(input.injected.map((w) => [w.rdns, w]))
  const rows: WalletRow[] = []
  const taken = new Set<string>()
  const filters = input.filters ?? {}

  for (const recent of input.recent.slice(0, Constants.RECENT_WALLETS_KEPT)) {
    // An injected wallet is kept in recents under its rdns; a WalletConnect one under its directory id.
    const injected = injectedByRdns.get(recent.id)
    if (injected) {
      taken.add(injected.rdns)
      rows.push({
        key: `recent:${recent.id}`,
        name: injected.name,
        image: injected.icon,
        tag: 'Recent',
        target: external(injected),
        walletConnect: false,
      })
      continue
    }
    if (!WalletFilters.allowed(filters, recent.id)) continue
    const entry = input.wallets.find((w) => w.id === recent.id)
    taken.add(recent.id)
    if (entry?.rdns) taken.add(entry.rdns)
    rows.push({
      key: `recent:${recent.id}`,
      name: recent.name,
      image: recent.image_url ?? entry?.image_url,
      tag: 'Recent',
      target: {
        view: 'ConnectingWalletConnect',
        data: {
          id: recent.id,
          name: recent.name,
          image_url: recent.image_url,
          ...(entry ? { wallet: entry } : {}),
        },
      },
      walletConnect: true,
    })
  }

  for (const wallet of input.injected) {
    if (taken.has(wallet.rdns)) continue
    taken.add(wallet.rdns)
    rows.push({
      key: `injected:${wallet.uuid}`,
      name: wallet.name,
      image: wallet.icon,
      tag: 'Installed',
      target: external(wallet),
      walletConnect: false,
    })
  }

  const shown = input.wallets.filter(
    (w) => WalletFilters.allowed(filters, w.id) && !taken.has(w.id) && !(w.rdns && taken.has(w.rdns)),
  )
  const featuredIds = WalletFilters.featuredIds(filters)
  const featured = featuredIds
    .map((id) => shown.find((w) => w.id === id))
    .filter((w): w is Directory.Wallet => w !== undefined)
  const recommended = shown
    .filter((w) => !featuredIds.includes(w.id))
    .slice(0, Constants.RECOMMENDED_WALLETS_COUNT)
  for (const wallet of [...featured, ...recommended])
    rows.push({
      key: `wallet:${wallet.id}`,
      name: wallet.name,
      image: wallet.image_url,
      target: { view: 'ConnectingWalletConnect', data: { id: wallet.id, name: wallet.name, wallet } },
      walletConnect: true,
    })
  return rows
}
