import * as Errors from '@frontdoor/protocol/errors'

/** An EIP-1193 provider error: a code, the standard message, optional data. */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    this.data = data
  }
}

/** The standard EIP-1193 / EIP-1474 errors the provider throws itself (packages/protocol's). */
export const ERRORS = {
  userRejected: Errors.PROVIDER_ERRORS.userRejectedRequest,
  unauthorized: Errors.PROVIDER_ERRORS.unauthorized,
  unsupportedMethod: Errors.PROVIDER_ERRORS.unsupportedMethod,
  disconnected: Errors.PROVIDER_ERRORS.disconnected,
  chainDisconnected: Errors.PROVIDER_ERRORS.chainDisconnected,
  invalidParams: Errors.PROVIDER_ERRORS.invalidParams,
} as const

/** Builds the error for one of ERRORS. */
export function of(kind: keyof typeof ERRORS, data?: unknown): ProviderRpcError {
  return new ProviderRpcError(ERRORS[kind].code, ERRORS[kind].message, data)
}
