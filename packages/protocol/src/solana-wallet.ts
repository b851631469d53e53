import { CAIP_NETWORK_ID as LOCAL_CLUSTER } from './solana-cluster.js'

/**
 * Solana through the Wallet Standard (issue 16): the page's Frontdoor wallet (host SDK,
 * `@frontdoor/host-sdk/solana`) and the page's own Wallet Standard wallets, bridged to the modal as
 * injected wallets. Requests cross the host <-> modal channel as JSON: bytes as base58 (messages, keys,
 * signatures) or base64 (transactions), in the shapes of WalletConnect's Solana methods, so every
 * connector (injected, embedded, WalletConnect) answers the same request. No zod here: the host SDK
 * imports these constants; host-modal.ts holds the schemas.
 */

/** A Solana address: the base58 of a 32-byte ed25519 public key. */
export const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** A Wallet Standard chain of Solana: `solana:` and a cluster name or a genesis hash prefix. */
export const CHAIN = /^solana:[A-Za-z0-9]{1,32}$/

/** The Wallet Standard's names of the Solana clusters, by the CAIP-2 id of each (the local cluster's: localnet). */
export const STANDARD_CHAINS: Readonly<Record<string, `solana:${string}`>> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana:devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
  [LOCAL_CLUSTER]: 'solana:localnet',
}

/**
 * The CAIP-2 id of a chain a request names: a Wallet Standard name of {@link STANDARD_CHAINS} (`solana:mainnet`)
 * read as its cluster's id, a CAIP-2 id (`solana:` and 32 characters of a genesis hash) as itself;
 * undefined for any other name. The one mapping between the two namings.
 *
 * @example SolanaWallet.caip2Of('solana:localnet') // 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'
 */
export function caip2Of(chain: string): string | undefined {
  const id = Object.keys(STANDARD_CHAINS).find((key) => STANDARD_CHAINS[key] === chain)
  return id ?? (/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(chain) ? chain : undefined)
}

/** The methods the modal sends a Wallet Standard wallet of the page (HostMessages.injectedWalletRequest). */
export const STANDARD_METHODS = {
  /** `standard:connect`; params `{ silent? }`; answers `{ accounts: Account[] }` (the Solana ones). */
  connect: 'standard:connect',
  /** `standard:disconnect`; no params. */
  disconnect: 'standard:disconnect',
} as const

/** A Solana account: its address (base58 public key) and its chains (Wallet Standard names). */
export type Account = { address: string; chains: string[] }

/** `solana_signMessage`: the message (base58) and the signer; answers `{ signature }` (base58). */
export type SignMessage = { message: string; pubkey: string }
/**
 * `solana_signTransaction`: the serialized transaction (base64) and the signer; answers
 * `{ signature, transaction }` (the signer's signature, base58; the signed transaction, base64).
 */
export type SignTransaction = {
  transaction: string
  pubkey: string
  /** The chain the page names (Wallet Standard name or CAIP-2): a wallet on another answers 4901. */
  chain?: string
}
/**
 * `solana_signAndSendTransaction`: as signTransaction, with send options; answers `{ signature }` (base58).
 */
export type SignAndSendTransaction = SignTransaction & {
  sendOptions?: { skipPreflight?: boolean; maxRetries?: number; preflightCommitment?: string }
}
