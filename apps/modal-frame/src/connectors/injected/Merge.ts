import type * as HostModal from '@frontdoor/protocol/host-modal'

/**
 * One row for a wallet that registers on the page twice: by EIP-6963 (its EVM side) and by the Wallet
 * Standard (its Solana side), as Phantom, Backpack or Solflare do. Loaded only when the page lists
 * wallets of both kinds.
 *
 * The rule (as Reown AppKit merges its connectors of different namespaces by name): an EIP-6963 wallet
 * and a Wallet Standard wallet are the same wallet when their names are equal after trimming,
 * collapsing spaces and ignoring case, and no other wallet of either kind has that name. Not by rdns:
 * the Wallet Standard has none (the host SDK makes up `wallet-standard.<name>`). Not by icon: a
 * wallet's two registrations often encode it differently, and copying an icon is as easy as copying a
 * name, while two rows with the same name is what confuses a visitor. A name that several wallets of one
 * kind share is ambiguous: those stay apart, so no wallet's side is ever given to another's row.
 */

/** An injected wallet as the modal lists it: with `standard`, the Wallet Standard side it merged. */
export type Listed = HostModal.InjectedWallet & { standard?: HostModal.InjectedWallet }

const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * The page's wallets with each EIP-6963 wallet that has a Wallet Standard twin listed once, under its
 * EIP-6963 identity (rdns, uuid, name, icon: what recents and stored connections already use), with
 * the twin as `standard`; every other wallet as the page listed it, in the page's order.
 *
 * @example
 * merge([phantomEvm, phantomSolana, metaMask]) // [{ ...phantomEvm, standard: phantomSolana }, metaMask]
 */
export function merge(wallets: readonly HostModal.InjectedWallet[]): Listed[] {
  const count = new Map<string, number>()
  for (const wallet of wallets) {
    const k = `${wallet.chains ? 's' : 'e'}:${key(wallet.name)}`
    count.set(k, (count.get(k) ?? 0) + 1)
  }
  const unique = (wallet: HostModal.InjectedWallet) =>
    count.get(`e:${key(wallet.name)}`) === 1 && count.get(`s:${key(wallet.name)}`) === 1
  const twins = new Map(wallets.filter((w) => w.chains && unique(w)).map((w) => [key(w.name), w]))
  return wallets.flatMap((wallet): Listed[] => {
    if (!unique(wallet)) return [wallet]
    if (wallet.chains) return []
    return [{ ...wallet, standard: twins.get(key(wallet.name)) as HostModal.InjectedWallet }]
  })
}
