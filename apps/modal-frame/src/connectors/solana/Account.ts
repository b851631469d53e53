import type * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import type * as Connector from '../Connector.js'

/**
 * The Solana account of a connection (HostMessages.solanaAccount, asked by the page's Frontdoor wallet
 * of `@frontdoor/host-sdk/solana`): a connector with a Solana account answers `solanaAccount()` (a
 * Wallet Standard wallet of the page, injected/Standard.ts); any other connection has none (null).
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
