import * as ProtocolErrors from '@frontdoor/protocol/errors'
import { Errors } from '@frontdoor/schemas'

/**
 * The connector's errors as the page gets them: EIP-1193 provider errors with their code, from what
 * sign-client and wallets reject with (often a plain `{code, message}`, not an Error).
 */

/** A provider error of `code` with the spec's `message`. */
export function withCode(message: string, code: number): ProtocolErrors.ProviderRpcError {
  return new ProtocolErrors.ProviderRpcError(code, message)
}

/** An Error (with its EIP-1193 code) from what sign-client rejects with: often a plain `{code, message}`. */
export function toError(value: unknown): Error & { code?: number } {
  if (value instanceof Error) return value
  const { code, message, data } = (value ?? {}) as { code?: unknown; message?: unknown; data?: unknown }
  const text = typeof message === 'string' && message ? message : Errors.FRAME.AN_ERROR_OCCURRED
  if (typeof code === 'number') return new ProtocolErrors.ProviderRpcError(code, text, data)
  const error: Error & { data?: unknown } = new Error(text)
  if (data !== undefined) error.data = data
  return error
}

/** The numeric `code` of an error, if it has one. */
export function codeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' ? code : undefined
}

/** True when a wallet's answer to wallet_switchEthereumChain means it does not know the chain. */
export function isUnrecognizedChain(error: unknown): boolean {
  const code = codeOf(error)
  if (code === 4902) return true
  const message = String((error as { message?: unknown } | null)?.message ?? '')
  return /unrecognized chain|unknown chain|chain .*not (supported|added|configured)/i.test(message)
}
