import * as SolanaTransfer from '@frontdoor/protocol/solana-transfer'
import { parseCaip10 } from '@frontdoor/schemas/caip'
import type * as Token from '@frontdoor/schemas/entities/token'
import * as Errors from '@frontdoor/schemas/errors'
import * as AddressRule from '@frontdoor/schemas/validation/address'
import * as SendRule from '@frontdoor/schemas/validation/send'
import { formatUnits } from 'viem/utils'
import * as Units from '../../account/Units.js'
import { INSUFFICIENT_BALANCE, INVALID_AMOUNT } from './SendForm.js'

/**
 * The Send flow's rules on solana (spec section 5: Send supports eip155 and solana; address format
 * checks for solana): the spec's errors, a base58 address of 32 bytes, amounts in base units, the SOL
 * the network fee needs, and Solana's rent: a new account must receive at least the rent-exempt
 * minimum, and a sender keeps at least that much or sends all of it. No token picked means SOL (the
 * spec asks a token of EVM sends only).
 */

/** Solana's fee per signature (lamports): the estimate before the cluster prices the message. */
const LAMPORTS_PER_SIGNATURE = 5000n

/** SOL's decimals. */
const SOL_DECIMALS = 9

/** The network fee in SOL is more than the SOL balance holds (an SPL send, or with a new token account). */
export const INSUFFICIENT_SOL_FOR_FEE = 'Not enough SOL for the network fee'

/** SOL to an account that does not exist yet, below the rent-exempt minimum. */
export const BELOW_RENT_MINIMUM = (minimum: string) => `A new account must receive at least ${minimum} SOL`

/** A SOL send that would leave the sender above zero but below the rent-exempt minimum. */
export const LEAVES_BELOW_RENT_MINIMUM = (minimum: string) =>
  `Keep at least ${minimum} SOL in the account, or send all of it`

/** What the user has entered; `sol` is the SOL balance (for fees), `token` undefined means SOL. */
export type Draft = {
  token: Token.TokenBalance | undefined
  amount: string
  receiverAddress: string | undefined
  sol: Token.TokenBalance | undefined
}

const decimalsOf = (token: Token.TokenBalance | undefined) =>
  token ? Number(token.quantity.decimals) : SOL_DECIMALS

/** A balance in base units (0 without one). */
function unitsOf(token: Token.TokenBalance | undefined): bigint {
  return token ? (Units.parse(token.quantity.numeric, decimalsOf(token)) ?? 0n) : 0n
}

/** The mint of an SPL token balance (its CAIP-10 address), undefined for SOL. */
export function mintOf(token: Token.TokenBalance | undefined): string | undefined {
  if (!token?.address) return undefined
  return token.address.includes(':') ? parseCaip10(token.address).address : token.address
}

/** Whether `address` is a Solana address: base58 (the spec's format check) of exactly 32 bytes. */
export function isAddress(address: string): boolean {
  return AddressRule.isSolanaAddress(address) && SolanaTransfer.isAddress(address)
}

/**
 * The first problem with a draft before the cluster is asked anything: 'An amount and receiver
 * address are required', an amount that is no positive number of the token's decimals, an address that
 * is not a Solana one, more than the balance (SOL: with the fee of one signature), no SOL for the fee.
 */
export function validate(draft: Draft): string | undefined {
  const amount = Number(draft.amount)
  const spec = SendRule.validate({
    chainNamespace: 'solana',
    sendTokenAmount: Number.isFinite(amount) ? amount : undefined,
    receiverAddress: draft.receiverAddress,
    token: draft.token ?? draft.sol,
  })
  if (spec) return spec
  const units = Units.parse(draft.amount, decimalsOf(draft.token ?? draft.sol))
  if (units === undefined || units <= 0n) return INVALID_AMOUNT
  if (!isAddress(draft.receiverAddress!)) return Errors.INVALID_ADDRESS
  const lamports = unitsOf(draft.sol)
  if (!mintOf(draft.token))
    return units + LAMPORTS_PER_SIGNATURE > lamports ? INSUFFICIENT_BALANCE : undefined
  if (units > unitsOf(draft.token)) return INSUFFICIENT_BALANCE
  if (lamports < LAMPORTS_PER_SIGNATURE) return INSUFFICIENT_SOL_FOR_FEE
  return undefined
}

/** The amount in base units of a valid draft. */
export function units(draft: Pick<Draft, 'token' | 'sol' | 'amount'>): bigint {
  const parsed = Units.parse(draft.amount, decimalsOf(draft.token ?? draft.sol))
  if (parsed === undefined) throw new Error(INVALID_AMOUNT)
  return parsed
}

/** What the cluster says of a send, read at the preview. */
export type Costs = {
  /** The fee of the transaction's message (lamports). */
  fee: bigint
  /** The rent of the receiver's token account when the send creates it (lamports), else 0. */
  tokenAccountRent: bigint
  /** The rent-exempt minimum of an account without data (lamports). */
  rentMinimum: bigint
  /** The receiver's lamports, 0 when its account does not exist. */
  receiverLamports: bigint
}

const sol = (lamports: bigint) => formatUnits(lamports, SOL_DECIMALS)

/** The first problem of a send once its costs are known (at the preview), or undefined. */
export function checkCosts(
  draft: Pick<Draft, 'token' | 'sol'>,
  amount: bigint,
  costs: Costs,
): string | undefined {
  const lamports = unitsOf(draft.sol)
  if (mintOf(draft.token))
    return costs.fee + costs.tokenAccountRent > lamports ? INSUFFICIENT_SOL_FOR_FEE : undefined
  if (amount + costs.fee > lamports) return INSUFFICIENT_BALANCE
  if (costs.receiverLamports === 0n && amount < costs.rentMinimum)
    return BELOW_RENT_MINIMUM(sol(costs.rentMinimum))
  const rest = lamports - amount - costs.fee
  if (rest > 0n && rest < costs.rentMinimum) return LEAVES_BELOW_RENT_MINIMUM(sol(costs.rentMinimum))
  return undefined
}

/** The most that can be sent: a token's whole balance; SOL less the fee of one signature. */
export function maxAmount(
  token: Token.TokenBalance | undefined,
  solBalance: Token.TokenBalance | undefined,
): string {
  if (mintOf(token)) return formatUnits(unitsOf(token), decimalsOf(token))
  const rest = unitsOf(solBalance) - LAMPORTS_PER_SIGNATURE
  return sol(rest > 0n ? rest : 0n)
}
