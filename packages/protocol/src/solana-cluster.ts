/**
 * The local Solana cluster of the stack (`packages/solana`, ARCHITECTURE.md section 1): its address
 * and the genesis hash that makes its CAIP-2 id fixed. The cluster answers this genesis hash and the
 * API lists the cluster under that id; both read it from here.
 */

/** The cluster's JSON-RPC address unless SOLANA_URL says otherwise; its WebSocket listens one port up. */
export const SOLANA_URL_DEFAULT = 'http://127.0.0.1:8899'

/** The local cluster's genesis hash: base58 of sha256('Frontdoor local Solana cluster'). */
export const GENESIS_HASH = 'FxwCwhiscJPbAuFKVEq7mmzfCkcEoFthxPEvJXtGhDD7'

/** The local cluster's CAIP-2 id: `solana:` and the first 32 characters of its genesis hash. */
export const CAIP_NETWORK_ID = `solana:${GENESIS_HASH.slice(0, 32)}`

/** The local cluster's name in the network registry. */
export const NAME = 'Frontdoor Solana Localnet'

/**
 * The cluster's address from an environment (SOLANA_URL), without a trailing slash.
 *
 * @example
 * const url = SolanaCluster.url(process.env) // 'http://127.0.0.1:8899'
 */
export function url(env: Record<string, string | undefined> = {}): string {
  return (env.SOLANA_URL?.trim() || SOLANA_URL_DEFAULT).replace(/\/$/, '')
}

/** The cluster's WebSocket address (`ws`, one port above the HTTP one), as `@solana/web3.js` derives it. */
export function websocketUrl(httpUrl: string): string {
  const parsed = new URL(httpUrl)
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80
  parsed.protocol = parsed.protocol === 'https:' ? 'wss:' : 'ws:'
  parsed.port = String(port + 1)
  return parsed.toString().replace(/\/$/, '')
}
