// `@frontdoor/host-sdk/solana`: Solana for dApps through the Wallet Standard (issue 16). An entry of
// its own, so sdk.js and `@frontdoor/host-sdk` carry none of it.
import * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import { registerWallet } from '@wallet-standard/wallet'
import type { Frontdoor } from '../Frontdoor.js'
import * as Standard from './Standard.js'
import * as Wallet from './Wallet.js'

export type { Features, Wallet } from './Wallet.js'
export { NO_SOLANA_ACCOUNT } from './Wallet.js'

/** Options of {@link registerSolana}. */
export type Options = {
  /**
   * The Solana chains Frontdoor's wallet announces, as the Wallet Standard names them (default:
   * mainnet, devnet, testnet and localnet, the stack's local cluster).
   */
  chains?: readonly `solana:${string}`[]
}

const DEFAULT_CHAINS = [...new Set(Object.values(SolanaWallet.STANDARD_CHAINS))]

/**
 * Registers Frontdoor as a Wallet Standard wallet (`Frontdoor`, with standard:connect,
 * standard:disconnect, standard:events, solana:signMessage, solana:signTransaction and
 * solana:signAndSendTransaction), so `@solana/wallet-adapter` and `@wallet-standard/app` apps find
 * it, and lists the page's own Wallet Standard wallets in the modal (registered before or after).
 *
 * @example
 * const frontdoor = createFrontdoor({ projectId, networks, metadata })
 * const { wallet } = registerSolana(frontdoor)
 * // wallet-adapter: new StandardWalletAdapter({ wallet }), or simply its wallet list (it finds `Frontdoor`)
 */
export function registerSolana(frontdoor: Frontdoor, options: Options = {}) {
  const standard = Standard.discover()
  const host = frontdoor.extend(standard.extension)
  const wallet = Wallet.create(frontdoor, host, options.chains ?? DEFAULT_CHAINS)
  // The Wallet Standard's register event reaches every app on the page, whichever copy of
  // @wallet-standard/app it bundles; a wallet so registered stays for the page's lifetime.
  registerWallet(wallet)
  standard.start(host)
  return {
    /** Frontdoor's Wallet Standard wallet. */
    wallet,
    /** Stops listing the page's Wallet Standard wallets in the modal. */
    destroy: standard.stop,
  }
}
