import * as Errors from '@frontdoor/protocol/errors'
import * as Policy from '@frontdoor/protocol/policy'

/** Safe methods that need a connected account or wallet and so are not forwarded to a node. */
const WALLET_ONLY = new Set([
  'eth_accounts',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
])

/**
 * How the modal answers a request before any wallet is connected: safe chain reads go to the API's
 * RPC proxy, unsafe methods need an account (4100), anything else is not allowed (packages/protocol's
 * policy).
 */
export function route(method: string): 'node' | 'account' | 'unsupported' {
  const kind = Policy.classify(method)
  if (kind === 'safe') return WALLET_ONLY.has(method) ? 'account' : 'node'
  if (kind === 'unsafe') return 'account'
  return 'unsupported'
}

/** EIP-1193 errors (packages/protocol) and the wallet_switchEthereumChain one (EIP-3326). */
export const ERRORS = {
  userRejected: Errors.PROVIDER_ERRORS.userRejectedRequest,
  unauthorized: Errors.PROVIDER_ERRORS.unauthorized,
  unsupportedMethod: Errors.PROVIDER_ERRORS.unsupportedMethod,
  disconnected: Errors.PROVIDER_ERRORS.disconnected,
  chainDisconnected: Errors.PROVIDER_ERRORS.chainDisconnected,
  invalidParams: Errors.PROVIDER_ERRORS.invalidParams,
  unrecognizedChain: { code: 4902, message: 'Chain is not supported' },
} as const

/** Reads `0x..` or a number as a chain id; undefined when it is neither. */
export function chainIdOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,13}$/.test(value)) return Number.parseInt(value, 16)
  return undefined
}
