import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import type { User } from '@frontdoor/schemas'
import type * as Connector from '../Connector.js'

/**
 * The Solana account of a connection (HostMessages.solanaAccount, asked by the page's Frontdoor wallet
 * of `@frontdoor/host-sdk/solana`): a connector with a Solana account answers `solanaAccount()` (a
 * Wallet Standard wallet of the page, injected/Standard.ts; the embedded wallet, from its user's
 * `solanaAddress` with {@link ofUser}); any other connection has none (null).
 */

/** A connector that may have a Solana account. */
type WithSolana = Connector.Connector & { solanaAccount?: () => Promise<SolanaWallet.Account | null> }

/**
 * The Solana account of `connector`'s connection, or null.
 *
 * @example
 * await SolanaAccount.of(connection.current()) // { address: 'GfLS…', chains: ['solana:localnet'] }
 */
export async function of(connector: Connector.Connector | undefined): Promise<SolanaWallet.Account | null> {
  const solanaAccount = (connector as WithSolana | undefined)?.solanaAccount
  return typeof solanaAccount === 'function' ? ((await solanaAccount.call(connector)) ?? null) : null
}

/**
 * The Solana account of an embedded-wallet user (the auth frame's user: its vault's ed25519 key), on
 * the cluster the vault serves (the local cluster, by its Wallet Standard name); null without one.
 *
 * @example
 * SolanaAccount.ofUser({ address: '0x…', chainId: 1, solanaAddress: 'GfLS…' }) // { address: 'GfLS…', chains: ['solana:localnet'] }
 */
export function ofUser(user: User.EmbeddedWalletUser | undefined): SolanaWallet.Account | null {
  const address = user?.solanaAddress
  if (!address || !SolanaWallet.ADDRESS.test(address)) return null
  const chain = SolanaWallet.STANDARD_CHAINS[SolanaCluster.CAIP_NETWORK_ID]
  return { address, chains: chain ? [chain] : [] }
}
