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

/** The standard EIP-1193 / EIP-1474 errors and their messages. */
export const ERRORS = {
  userRejected: { code: 4001, message: 'User rejected the request.' },
  unauthorized: {
    code: 4100,
    message: 'The requested method and/or account has not been authorized by the user.',
  },
  unsupportedMethod: { code: 4200, message: 'The Provider does not support the requested method.' },
  disconnected: { code: 4900, message: 'The Provider is disconnected from all chains.' },
  chainDisconnected: { code: 4901, message: 'The Provider is not connected to the requested chain.' },
  invalidParams: { code: -32602, message: 'Invalid method parameter(s).' },
} as const

/** Builds the error for one of ERRORS. */
export function of(kind: keyof typeof ERRORS, data?: unknown): ProviderRpcError {
  return new ProviderRpcError(ERRORS[kind].code, ERRORS[kind].message, data)
}
