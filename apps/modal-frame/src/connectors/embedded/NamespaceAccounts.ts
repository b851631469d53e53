import type { User } from '@frontdoor/schemas'
import * as Caip from '@frontdoor/schemas/caip'

/**
 * The embedded wallet's Bitcoin, Polkadot and Cosmos accounts, as its user's `caipAccounts` lists them
 * (the vault derives them: apps/api/src/auth/vault/Namespaces.ts). The Account view's 'Other networks'
 * and the chain families (SwitchActiveChain) show these, and only these: the addresses the wallet
 * really holds.
 */

/** The namespaces, in the order shown, with their names. */
const NAMES = { bip122: 'Bitcoin', polkadot: 'Polkadot', cosmos: 'Cosmos' } as const

/** A namespace of these accounts. */
export type Namespace = keyof typeof NAMES

/** One account: its namespace and name, its CAIP-2 chain and its address. */
export type Account = { namespace: Namespace; name: string; chainId: string; address: string }

/** Whether `namespace` is one of {@link NAMES}. */
export const isNamespace = (namespace: string): namespace is Namespace => Object.hasOwn(NAMES, namespace)

/**
 * The accounts of a user's CAIP-10 `caipAccounts`: the known namespaces, in {@link NAMES}' order
 * (others and malformed entries left out).
 *
 * @example
 * NamespaceAccounts.of([{ address: 'bip122:000000000019d6689c085ae165831e93:bc1q…', type: 'payment' }])
 * // [{ namespace: 'bip122', name: 'Bitcoin', chainId: 'bip122:000000000019d6689c085ae165831e93', address: 'bc1q…' }]
 */
export function of(caipAccounts: User.EmbeddedWalletUser['caipAccounts']): Account[] {
  const parsed = (caipAccounts ?? [])
    .filter((a) => Caip.isCaip10(a.address))
    .map((a) => Caip.parseCaip10(a.address))
  return (Object.keys(NAMES) as Namespace[]).flatMap((namespace) => {
    const account = parsed.find((a) => a.chainNamespace === namespace)
    return account
      ? [{ namespace, name: NAMES[namespace], chainId: account.caipNetworkId, address: account.address }]
      : []
  })
}
