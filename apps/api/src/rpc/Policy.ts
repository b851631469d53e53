import * as Protocol from '@frontdoor/protocol/policy'

/**
 * Which methods the public RPC proxy forwards to the chain's nodes: the safe methods of spec section 6
 * (packages/protocol's policy) that a node answers, i.e. chain reads and `eth_sendRawTransaction`. Any
 * other method (node admin, test, debug, personal, miner, txpool and every method the node would sign
 * with an account it holds) is refused with a JSON-RPC error and never reaches a node.
 */

/** Safe methods a wallet answers, never a node: a node's `eth_accounts` names accounts the node holds. */
export const WALLET_ANSWERED = [
  'eth_accounts',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
] as const

const walletAnswered: ReadonlySet<string> = new Set(WALLET_ANSWERED)

/** The methods the proxy forwards. */
export const FORWARDED: readonly string[] = Protocol.SAFE_METHODS.filter(
  (method) => !walletAnswered.has(method),
)

const forwarded: ReadonlySet<string> = new Set(FORWARDED)

/**
 * The Solana JSON-RPC methods the proxy forwards to a solana chain's nodes: account, token, block and
 * transaction reads, fees, simulation, sending a transaction the wallet signed, and `requestAirdrop`
 * (which only test clusters answer). Nothing that makes a node sign or administers it.
 */
export const SOLANA_FORWARDED: readonly string[] = [
  'getAccountInfo',
  'getBalance',
  'getBlock',
  'getBlockHeight',
  'getBlockTime',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'requestAirdrop',
  'sendTransaction',
  'simulateTransaction',
]

const solanaForwarded: ReadonlySet<string> = new Set(SOLANA_FORWARDED)

/** The JSON-RPC code of a refused method (EIP-1474 and Solana: method not found / not available). */
export const REFUSED_CODE = -32601
/** The message of a refused method (spec section 8's console message for a disallowed call). */
export const REFUSED_MESSAGE = Protocol.DISALLOWED_CONSOLE_MESSAGE

/**
 * Whether the proxy forwards `method` to a node of `chainId` (CAIP-2): {@link SOLANA_FORWARDED} on a
 * solana chain, {@link FORWARDED} on the others. Names match exactly (JSON-RPC method names are
 * case-sensitive), through a Set, so `__proto__` or `constructor` never look listed.
 * @example isForwarded('eth_call', 'eip155:1') // true
 * @example isForwarded('hardhat_setBalance', 'eip155:31337') // false
 * @example isForwarded('getBalance', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // true
 */
export function isForwarded(method: unknown, chainId: string): boolean {
  if (typeof method !== 'string') return false
  return chainId.startsWith('solana:') ? solanaForwarded.has(method) : forwarded.has(method)
}

/** The JSON-RPC error answered for a refused request. */
export function refusal(request: { id?: string | number | null | undefined; method: string }) {
  return {
    jsonrpc: '2.0' as const,
    id: request.id ?? null,
    error: { code: REFUSED_CODE, message: REFUSED_MESSAGE, data: { method: request.method } },
  }
}
