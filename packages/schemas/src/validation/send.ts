import * as Constants from '../constants.js'
import * as Errors from '../errors.js'

/** What a send needs. */
export type SendInput = {
  chainNamespace: string | undefined
  sendTokenAmount: number | string | undefined
  receiverAddress: string | undefined
  token: unknown
}

/**
 * The first problem with a send, or `undefined` if it can go: 'Unsupported chain' outside eip155 and
 * solana, then 'An amount and receiver address are required', then (EVM only) 'A token is required'.
 */
export function validate(input: SendInput): string | undefined {
  const namespaces: readonly string[] = Constants.SEND_SUPPORTED_NAMESPACES
  if (input.chainNamespace === undefined || !namespaces.includes(input.chainNamespace))
    return Errors.UNSUPPORTED_CHAIN
  if (!input.sendTokenAmount || Number(input.sendTokenAmount) <= 0 || !input.receiverAddress)
    return Errors.SEND_AMOUNT_AND_RECEIVER_REQUIRED
  if (input.chainNamespace === 'eip155' && !input.token) return Errors.SEND_TOKEN_REQUIRED
  return undefined
}

/**
 * Throws the first problem with a send.
 * @throws Error with one of the messages of `validate`.
 */
export function assert(input: SendInput): void {
  const error = validate(input)
  if (error) throw new Error(error)
}
