import * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
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
 * spec asks a token of EVM sends only). An SPL send goes only to a wallet (an address on the curve
 * that no token program owns), of a mint of SPL Token or Token-2022 (without extensions), for exactly
 * the amount typed (more decimals than the token has are refused, never cut).
 */

/** Solana's fee per signature (lamports): the estimate before the cluster prices the message. */
const LAMPORTS_PER_SIGNATURE = 5000n

/** The first amount of base units a u64 cannot hold. */
const U64_LIMIT = 1n << 64n

/** SOL's decimals. */
const SOL_DECIMALS = 9

/** The network fee in SOL is more than the SOL balance holds (an SPL send, or with a new token account). */
export const INSUFFICIENT_SOL_FOR_FEE = 'Not enough SOL for the network fee'

/** SOL to an account that does not exist yet, below the rent-exempt minimum. */
export const BELOW_RENT_MINIMUM = (minimum: string) => `A new account must receive at least ${minimum} SOL`

/** A SOL send that would leave the sender above zero but below the rent-exempt minimum. */
export const LEAVES_BELOW_RENT_MINIMUM = (minimum: string) =>
  `Keep at least ${minimum} SOL in the account, or send all of it`

/** An SPL send to a token account (owned by a token program): its tokens would go to an account nobody can sign for. */
export const RECEIVER_IS_TOKEN_ACCOUNT = 'This address is a token account, not a wallet'

/** An SPL send to an address off the ed25519 curve (a program-derived one): nobody can sign for its tokens. */
export const RECEIVER_CANNOT_OWN_TOKENS = 'This address cannot own tokens'

/** A mint that is missing or owned by a program other than SPL Token and Token-2022. */
export const UNSUPPORTED_TOKEN = 'This token cannot be sent from Frontdoor'

/** A Token-2022 mint with extensions: transfer fees or hooks would make the amount received differ. */
export const TOKEN_EXTENSIONS_UNSUPPORTED =
  'This token cannot be sent from Frontdoor yet: its transfer fees or hooks could change the amount received'

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
  const units = Units.parseExact(draft.amount, decimalsOf(draft.token ?? draft.sol))
  if (units === undefined || units <= 0n || units >= U64_LIMIT) return INVALID_AMOUNT
  if (!isAddress(draft.receiverAddress!)) return Errors.INVALID_ADDRESS
  const lamports = unitsOf(draft.sol)
  if (
    mintOf(draft.token) &&
    !SolanaTransfer.isOnCurve(SolanaTransfer.base58Decode(draft.receiverAddress!, 32))
  )
    return RECEIVER_CANNOT_OWN_TOKENS
  if (!mintOf(draft.token))
    return units + LAMPORTS_PER_SIGNATURE > lamports ? INSUFFICIENT_BALANCE : undefined
  if (units > unitsOf(draft.token)) return INSUFFICIENT_BALANCE
  if (lamports < LAMPORTS_PER_SIGNATURE) return INSUFFICIENT_SOL_FOR_FEE
  return undefined
}

/** The amount in base units of a valid draft (never cut: more decimals than the token has throw). */
export function units(draft: Pick<Draft, 'token' | 'sol' | 'amount'>): bigint {
  const parsed = Units.parseExact(draft.amount, decimalsOf(draft.token ?? draft.sol))
  if (parsed === undefined) throw new Error(INVALID_AMOUNT)
  return parsed
}

/** The amount of a draft as the preview shows it: its base units back in the token's decimals. */
export function amountText(draft: Pick<Draft, 'token' | 'sol'>, units: bigint): string {
  return formatUnits(units, decimalsOf(draft.token ?? draft.sol))
}

/** A mint's account as the cluster tells it: its owner program and data size (bytes). */
type MintAccount = { owner: string; space?: number } | null

/**
 * The token program of a mint, or throws the reason it cannot be sent: only SPL Token and Token-2022
 * get the user's signature, and a Token-2022 mint only without extensions (data of the base size).
 */
export function tokenProgramOf(mint: MintAccount): string {
  if (!mint || !SolanaTransfer.isTokenProgram(mint.owner)) throw new Error(UNSUPPORTED_TOKEN)
  if (mint.owner === SolanaTransaction.PROGRAMS.token2022 && mint.space !== SolanaTransfer.MINT_SIZE)
    throw new Error(TOKEN_EXTENSIONS_UNSUPPORTED)
  return mint.owner
}

/** Why an SPL send cannot go to the receiver's account (one a token program owns), or undefined. */
export function checkReceiver(receiver: { owner: string } | null): string | undefined {
  return receiver && SolanaTransfer.isTokenProgram(receiver.owner) ? RECEIVER_IS_TOKEN_ACCOUNT : undefined
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
