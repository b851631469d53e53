import * as z from 'zod/mini'
import * as Errors from './errors.js'

/**
 * What every reading of sign-request shares: the longest content the screen shows, the refusals (each
 * an EIP-1193 -32602 error) and the field shapes of the requests. Re-exported by sign-request.ts.
 */

/**
 * Longest signed content, in characters of the request (a message, calldata hex, typed-data JSON, a
 * base58 Solana message): the approval screen shows all of it, so anything longer is refused.
 */
export const SIGNED_CONTENT_MAX_CHARS = 32_768

/** The refusals, each a detail of the -32602 message. */
export const REFUSALS = {
  dataInputDiffer: 'params.0: data and input differ',
  feesMixed: 'params.0: gasPrice together with maxFeePerGas or maxPriorityFeePerGas',
  typeFees: 'params.0: the fees do not match the transaction type',
  priorityAboveMax: 'params.0: maxPriorityFeePerGas is above maxFeePerGas',
  accessList: 'params.0: access lists are not supported',
  tooLong: `the signed content is longer than ${SIGNED_CONTENT_MAX_CHARS} characters`,
  malformedCall: (name: string) => `params.0.data: not a valid ${name} call`,
  typedDataJson: 'params.1: the typed data is not JSON',
  typedDataUndeclared: (path: string) => `params.1: ${path} is not part of the signed type`,
  typedDataMissing: (path: string) => `params.1: ${path} is missing`,
  typedDataUnknownType: (type: string) => `params.1: the type ${type} is not declared`,
  typedDataValue: (path: string, what: string) => `params.1: ${path} must be ${what}`,
  solanaTransaction: 'params.message: the bytes are a Solana transaction, not a message',
  solanaBase58: 'params.message: must be base58',
  otherChain: (named: number | string, active: number) =>
    `params.0.chainId: ${named} is not the active chain ${active}`,
} as const

/**
 * The -32602 error of a refused request: 'Invalid method parameter(s). <detail>'.
 * @example throw SignRequest.invalid(SignRequest.REFUSALS.dataInputDiffer)
 */
export function invalid(detail: string): Errors.ProviderRpcError {
  return Errors.providerError('invalidParams', `${Errors.PROVIDER_ERRORS.invalidParams.message} ${detail}`)
}

/** Whether `error` is a refusal of this module (or any -32602). */
export function isInvalid(error: unknown): error is Errors.ProviderRpcError {
  return error instanceof Errors.ProviderRpcError && error.code === Errors.PROVIDER_ERRORS.invalidParams.code
}

/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`

export const ADDRESS = /^0x[0-9a-fA-F]{40}$/
export const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
export const BYTES = /^0x(?:[0-9a-fA-F]{2})*$/

export const Address = z.string({ error: 'must be an address' }).check(z.regex(ADDRESS, 'must be an address'))
export const Quantity = z
  .string({ error: 'must be a 0x quantity' })
  .check(z.regex(QUANTITY, 'must be a 0x quantity of at most 256 bits'))
export const Bytes = z
  .string({ error: 'must be 0x-hex bytes' })
  .check(z.regex(BYTES, 'must be 0x-hex bytes'), z.maxLength(SIGNED_CONTENT_MAX_CHARS, REFUSALS.tooLong))

/** `value` read by `schema`; the first issue refused as -32602 at its path under `prefix`. */
export function parse<T extends z.ZodMiniType>(schema: T, value: unknown, prefix: string): z.infer<T> {
  const result = z.safeParse(schema, value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.')
  const message =
    issue?.code === 'unrecognized_keys'
      ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`
      : (issue?.message ?? 'invalid')
  throw invalid(`${path}: ${message}`)
}
