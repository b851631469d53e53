/**
 * Read-only methods the modal answers through the API's RPC proxy without a connected wallet.
 * The full policy (safe, unsafe, rejected) lives in packages/protocol; this is the subset a page may
 * call before connecting.
 */
export const READ_METHODS = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
])

/** Methods that need a connected account (approval comes with the connectors). */
export const ACCOUNT_METHODS = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
])

/** EIP-1193 / EIP-1474 errors with their standard messages. */
export const ERRORS = {
  userRejected: { code: 4001, message: 'User rejected the request.' },
  unauthorized: {
    code: 4100,
    message: 'The requested method and/or account has not been authorized by the user.',
  },
  unsupportedMethod: { code: 4200, message: 'The Provider does not support the requested method.' },
  disconnected: { code: 4900, message: 'The Provider is disconnected from all chains.' },
  chainDisconnected: { code: 4901, message: 'The Provider is not connected to the requested chain.' },
  unrecognizedChain: { code: 4902, message: 'Chain is not supported' },
  invalidParams: { code: -32602, message: 'Invalid method parameter(s).' },
} as const

/** Reads `0x..` or a number as a chain id; undefined when it is neither. */
export function chainIdOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(value)) return Number.parseInt(value, 16)
  return undefined
}
