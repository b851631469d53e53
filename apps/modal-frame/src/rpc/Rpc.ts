import * as Errors from '@frontdoor/protocol/errors'
import * as Caip from '@frontdoor/schemas/caip'

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

/** Reads `0x..` or a number as a chain id (EIP-3326 takes hex only); undefined when it is neither. */
export function chainIdOf(value: unknown): number | undefined {
  return typeof value === 'number' || (typeof value === 'string' && value.startsWith('0x'))
    ? Caip.evmChainId(value)
    : undefined
}

/** The error `name` of {@link ERRORS}, as the one provider error class of packages/protocol. */
export function error(name: keyof typeof ERRORS): Errors.ProviderRpcError {
  const { code, message } = ERRORS[name]
  return new Errors.ProviderRpcError(code, message)
}
