import { parseCaip10 } from '@frontdoor/schemas/caip'
import type * as Token from '@frontdoor/schemas/entities/token'
import * as Errors from '@frontdoor/schemas/errors'
import * as AddressRule from '@frontdoor/schemas/validation/address'
import * as SendRule from '@frontdoor/schemas/validation/send'
import { formatUnits } from 'viem/utils'
import * as Transfer from '../../account/Transfer.js'
import * as Units from '../../account/Units.js'

/** The Send flow's rules: validation with the spec's errors, amounts in base units, the transaction. */

/** What the user has entered. */
export type Draft = {
  token: Token.TokenBalance | undefined
  /** The amount as typed (a decimal string). */
  amount: string
  /** The receiver's address, once known (typed, or resolved from a name). */
  receiverAddress: string | undefined
}

/** An amount that is not a plain positive decimal number. */
export const INVALID_AMOUNT = 'Enter a valid amount'
/** More than the balance. */
export const INSUFFICIENT_BALANCE = Units.INSUFFICIENT_BALANCE

/** The token's decimals as a number. */
function decimalsOf(token: Token.TokenBalance): number {
  return Number(token.quantity.decimals)
}

/** The token's balance in base units. */
function balanceUnits(token: Token.TokenBalance): bigint {
  return Units.parse(token.quantity.numeric, decimalsOf(token)) ?? 0n
}

/**
 * The first problem with a draft on `chainNamespace`, or undefined: the spec's errors first ('Unsupported
 * chain', 'An amount and receiver address are required', 'A token is required'), then a malformed amount,
 * an address that is not one, and an amount above the balance.
 */
export function validate(draft: Draft, chainNamespace: string | undefined): string | undefined {
  const amount = Number(draft.amount)
  const spec = SendRule.validate({
    chainNamespace,
    // A typed amount that is no number ('1,5') is there, only malformed: 'Enter a valid amount' below.
    sendTokenAmount: draft.amount.trim() === '' ? undefined : Number.isFinite(amount) ? amount : draft.amount,
    receiverAddress: draft.receiverAddress,
    token: draft.token,
  })
  if (spec) return spec
  const token = draft.token!
  // More decimals than the token has are refused, not cut: what is sent is what was typed.
  const units = Units.parseExact(draft.amount, decimalsOf(token))
  if (units === undefined || units <= 0n) return INVALID_AMOUNT
  if (!AddressRule.isEvmAddress(draft.receiverAddress!)) return Errors.INVALID_ADDRESS
  if (units > balanceUnits(token)) return INSUFFICIENT_BALANCE
  return undefined
}

/**
 * What Preview says about a draft whose receiver field reads `typedReceiver`. The receiver counts as
 * given once typed: one not usable yet (not an address, a name that does not resolve, `receiverError`)
 * says why, and 'An amount and receiver address are required' is left for an empty field.
 */
export function previewProblem(
  draft: Draft,
  typedReceiver: string,
  receiverError: string | undefined,
  chainNamespace: string | undefined,
): string | undefined {
  const typed = typedReceiver.trim() || undefined
  const problem = validate({ ...draft, receiverAddress: draft.receiverAddress ?? typed }, chainNamespace)
  if (receiverError !== undefined && problem !== Errors.SEND_AMOUNT_AND_RECEIVER_REQUIRED)
    return receiverError
  return problem
}

/** The ERC-20 contract of a token balance (its CAIP-10 address), undefined for the native coin. */
function contractOf(token: Token.TokenBalance): `0x${string}` | undefined {
  if (!token.address) return undefined
  const address = token.address.includes(':') ? parseCaip10(token.address).address : token.address
  return address as `0x${string}`
}

/**
 * The transaction that sends `amount` of `token` from `from` to `to`: a plain value transfer for the
 * native coin, an ERC-20 `transfer` call otherwise.
 */
export function transaction(
  token: Token.TokenBalance,
  amount: string,
  from: string,
  to: string,
): Transfer.TransactionRequest {
  const units = Units.parse(amount, decimalsOf(token))
  if (units === undefined) throw new Error(INVALID_AMOUNT)
  return Transfer.transaction({ contract: contractOf(token), units, from, to })
}

/**
 * The most that can be sent of `token`: the whole balance of a token, the balance less the network
 * fee (in wei) for the native coin.
 */
export function maxAmount(token: Token.TokenBalance, nativeFee: bigint | undefined): string {
  const balance = balanceUnits(token)
  const decimals = decimalsOf(token)
  if (contractOf(token)) return formatUnits(balance, decimals)
  const rest = balance - (nativeFee ?? 0n)
  return formatUnits(rest > 0n ? rest : 0n, decimals)
}
