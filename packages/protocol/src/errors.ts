import * as SchemaErrors from '@frontdoor/schemas/errors'

/**
 * The errors frames report to each other: the spec's frame strings (defined once in
 * `@frontdoor/schemas/errors`, named here for the protocol) and EIP-1193 provider errors with their
 * standard codes.
 */

/** A pending request was aborted (RPC abort). */
export const REQUEST_ABORTED = SchemaErrors.FRAME.REQUEST_ABORTED
/** Generic failure of the embedded wallet frame. */
export const SOMETHING_WENT_WRONG = SchemaErrors.FRAME.SOMETHING_WENT_WRONG
/** An error reply without a message of its own. */
export const AN_ERROR_OCCURRED = SchemaErrors.FRAME.AN_ERROR_OCCURRED
/** The email login frame could not be loaded. */
export const EMAIL_LOGIN_DEPENDENCY = SchemaErrors.FRAME.EMAIL_LOGIN_DEPENDENCY
/** A disallowed RPC method (toast). */
export const ACTION_NOT_ALLOWED = SchemaErrors.ACTION_NOT_ALLOWED
/** Reported event: the auth frame did not load in time. */
export const IFRAME_LOAD_FAILED = SchemaErrors.FRAME.IFRAME_LOAD_FAILED
/** Reported event: a login/connect request to the auth frame timed out. */
export const IFRAME_REQUEST_TIMEOUT = SchemaErrors.FRAME.IFRAME_REQUEST_TIMEOUT
/** Reported event: the auth frame's server could not verify the page the modal is in. */
export const UNVERIFIED_DOMAIN = SchemaErrors.FRAME.UNVERIFIED_DOMAIN

/** EIP-1193 and JSON-RPC error codes with their standard names and messages. */
export const PROVIDER_ERRORS = {
  userRejectedRequest: {
    code: 4001,
    name: 'User Rejected Request',
    message: 'The user rejected the request.',
  },
  unauthorized: {
    code: 4100,
    name: 'Unauthorized',
    message: 'The requested method and/or account has not been authorized by the user.',
  },
  unsupportedMethod: {
    code: 4200,
    name: 'Unsupported Method',
    message: 'The Provider does not support the requested method.',
  },
  disconnected: {
    code: 4900,
    name: 'Disconnected',
    message: 'The Provider is disconnected from all chains.',
  },
  chainDisconnected: {
    code: 4901,
    name: 'Chain Disconnected',
    message: 'The Provider is not connected to the requested chain.',
  },
  invalidParams: { code: -32602, name: 'Invalid params', message: 'Invalid method parameter(s).' },
  internalError: { code: -32603, name: 'Internal error', message: 'Internal JSON-RPC error.' },
} as const

/** The name of a standard provider error. */
export type ProviderErrorName = keyof typeof PROVIDER_ERRORS

/** An EIP-1193 `ProviderRpcError`: a message, an integer code and optional data. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

/**
 * A standard provider error, with the standard message unless one is given.
 * @example providerError('userRejectedRequest') // ProviderRpcError 4001 'The user rejected the request.'
 */
export function providerError(name: ProviderErrorName, message?: string, data?: unknown): ProviderRpcError {
  const { code, message: standard } = PROVIDER_ERRORS[name]
  return new ProviderRpcError(code, message ?? standard, data)
}

/** The standard name of a provider error code ('User Rejected Request' for 4001), if it is a standard one. */
export function providerErrorName(code: number): string | undefined {
  return Object.values(PROVIDER_ERRORS).find((error) => error.code === code)?.name
}
