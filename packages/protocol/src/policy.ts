import * as Constants from '@frontdoor/schemas/constants'
import * as Errors from '@frontdoor/schemas/errors'

/**
 * The embedded wallet's RPC method policy (spec section 6, REFERENCE.md): safe methods are answered
 * without approval, unsafe ones need the user's approval in ApproveTransaction, anything else is
 * disallowed ('Action not allowed').
 */

/** Methods answered without approval: read-only chain queries, raw sends, wallet capability and status calls. */
export const SAFE_METHODS = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'eth_getUserOperationReceipt',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
  'wallet_getAssets',
] as const

/** Methods that need the user's approval: signing and sending. */
export const UNSAFE_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const

/**
 * The message signing of the embedded wallet's other auth namespaces (issue 16), named as WalletConnect
 * names them: bip122 `signMessage`, `polkadot_signMessage`, `cosmos_signArbitrary`. Unsafe (approval
 * required) like REFERENCE.md's list, which names eip155 and solana only.
 */
export const NAMESPACE_METHODS = ['signMessage', 'polkadot_signMessage', 'cosmos_signArbitrary'] as const

/** The auth namespace a wallet method is for: solana_*, the three of {@link NAMESPACE_METHODS}, else eip155. */
export function namespaceOf(method: string): 'eip155' | 'solana' | 'bip122' | 'polkadot' | 'cosmos' {
  if (method.startsWith('solana_')) return 'solana'
  if (method === 'signMessage') return 'bip122'
  if (method === 'polkadot_signMessage') return 'polkadot'
  if (method === 'cosmos_signArbitrary') return 'cosmos'
  return 'eip155'
}

/**
 * Unsafe methods the embedded wallet cannot answer yet, refused at once with 4200 'The Provider does not
 * support the requested method.', never shown for approval first (an approval the vault then refuses is
 * wasted), and advertised nowhere (`wallet_getCapabilities` names no ERC-7715 `permissions`):
 * - ERC-7715's permissions, until the embedded wallet grants them;
 * - `eth_sendUserOperation`, a user operation the page built for the smart account: the vault builds and
 *   signs the account's user operations itself, from `eth_sendTransaction` and `wallet_sendCalls`.
 */
export const UNSUPPORTED_METHODS = [
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const

/**
 * The EVM methods whose request is for one chain: a transaction, typed data, a batch, a user operation,
 * permissions. While the wallet is on a chain the page did not list they are refused (4901), and one
 * naming another chain than the wallet's (its `params[0].chainId`) is refused (-32602), before the
 * wallet and before any screen.
 */
export const CHAIN_METHODS = [
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'eth_sendUserOperation',
] as const

const chainBound: ReadonlySet<string> = new Set(CHAIN_METHODS)

/** Whether `method` is one of {@link CHAIN_METHODS}. */
export function isChainMethod(method: string): boolean {
  return chainBound.has(method)
}

/** A method answered without approval. */
export type SafeMethod = (typeof SAFE_METHODS)[number]
/** A method that needs approval. */
export type UnsafeMethod = (typeof UNSAFE_METHODS)[number] | (typeof NAMESPACE_METHODS)[number]
/** How the policy treats a method. */
export type Classification = 'safe' | 'unsafe' | 'disallowed'

/** Toast shown for a disallowed method, after {@link DISALLOWED_MESSAGE_DELAY_MS}. */
export const DISALLOWED_MESSAGE = Errors.ACTION_NOT_ALLOWED
/** Console message for a disallowed method. */
export const DISALLOWED_CONSOLE_MESSAGE = Errors.RPC_CALL_NOT_ALLOWED
/** Delay before the 'Action not allowed' toast. */
export const DISALLOWED_MESSAGE_DELAY_MS = Constants.DISALLOWED_METHOD_MESSAGE_DELAY_MS

// Sets, not object lookups: 'constructor' or '__proto__' must never look like a listed method.
const safe: ReadonlySet<string> = new Set(SAFE_METHODS)
const unsafe: ReadonlySet<string> = new Set([...UNSAFE_METHODS, ...NAMESPACE_METHODS])
const unsupported: ReadonlySet<string> = new Set(UNSUPPORTED_METHODS)

/**
 * Classifies an RPC method. Names match exactly (JSON-RPC method names are case-sensitive).
 * @example classify('eth_call') // 'safe'
 * @example classify('personal_sign') // 'unsafe'
 * @example classify('eth_sign') // 'disallowed'
 */
export function classify(method: unknown): Classification {
  if (typeof method !== 'string') return 'disallowed'
  if (safe.has(method)) return 'safe'
  if (unsafe.has(method)) return 'unsafe'
  return 'disallowed'
}

/** Whether `method` may be answered without approval. */
export function isSafe(method: unknown): method is SafeMethod {
  return classify(method) === 'safe'
}

/** Whether `method` needs the user's approval. */
export function isUnsafe(method: unknown): method is UnsafeMethod {
  return classify(method) === 'unsafe'
}

/** Whether the embedded wallet refuses `method` at once (4200) as it cannot answer it yet. */
export function isUnsupported(method: unknown): boolean {
  return typeof method === 'string' && unsupported.has(method)
}
