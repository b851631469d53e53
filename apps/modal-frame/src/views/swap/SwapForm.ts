import type * as Convert from '@frontdoor/schemas/api/convert'
import * as ConvertRule from '@frontdoor/schemas/convert-rules'
import type * as Token from '@frontdoor/schemas/entities/token'
import { decodeFunctionData, formatUnits } from 'viem/utils'
import * as Units from '../../account/Units.js'

/** The Swap flow's rules: the token list with balances and search, amounts in base units, checks. */

/** A swappable token with what the account holds of it. */
export type Holding = Convert.ConvertToken & {
  /** The balance, as a decimal string ('0' when the account holds none). */
  balance: string
  /** The balance's USD value. */
  value: number
  /** One token's USD price (0 when unknown). */
  price: number
  /** The icon from the balance service, else the convert list's. */
  iconUrl: string
}

/** An amount that is not a plain positive decimal number. */
export const INVALID_AMOUNT = 'Enter a valid amount'
/** More than the balance. */
export const INSUFFICIENT_BALANCE = Units.INSUFFICIENT_BALANCE
/** Two tokens are needed. */
export const PICK_TOKENS = 'Select the tokens to swap'
/** A token already on the other side. */
export const SAME_TOKEN = ConvertRule.SAME_TOKEN

/** How often the quote is read again while the view is open. */
export const QUOTE_REFRESH_MS = 10_000

/** Gas kept back from the native coin's 'Max' for the swap itself (two pools at most, with margin). */
const NATIVE_GAS_RESERVE = 400_000n

/** The id balances and tokens share: the CAIP-10 address in lower case (the native coin's pseudo-address). */
export function keyOf(caip10: string): string {
  return caip10.toLowerCase()
}

/** The CAIP-10 id of a balance (the native coin has no address). */
function balanceId(balance: Token.TokenBalance): string {
  return balance.address ?? ConvertRule.nativeId(balance.chainId)
}

/** The convert list's tokens with the account's balances, the held ones first (by value), then by symbol. */
export function holdings(
  tokens: readonly Convert.ConvertToken[],
  balances: readonly Token.TokenBalance[],
): Holding[] {
  const byId = new Map(balances.map((balance) => [keyOf(balanceId(balance)), balance]))
  const list = tokens.map((token) => {
    const held = byId.get(keyOf(token.address))
    return {
      ...token,
      balance: held?.quantity.numeric ?? '0',
      value: held?.value ?? 0,
      price: held?.price ?? 0,
      iconUrl: held?.iconUrl || token.logoUri,
    }
  })
  return list.sort(
    (a, b) =>
      Number(Number(b.balance) > 0) - Number(Number(a.balance) > 0) ||
      b.value - a.value ||
      a.symbol.localeCompare(b.symbol),
  )
}

/** The tokens whose symbol, name or address contains `search` (case-insensitive). */
export function search(list: readonly Holding[], search: string): Holding[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...list]
  return list.filter(
    (token) =>
      token.symbol.toLowerCase().includes(needle) ||
      token.name.toLowerCase().includes(needle) ||
      token.address.toLowerCase().endsWith(needle),
  )
}

/**
 * The first problem with a swap of `amount` of `from` into `to`, or undefined: both tokens, distinct,
 * a positive amount, no more than the balance.
 */
export function validate(
  from: Holding | undefined,
  to: Holding | undefined,
  amount: string,
): string | undefined {
  if (!from || !to) return PICK_TOKENS
  if (keyOf(from.address) === keyOf(to.address)) return SAME_TOKEN
  // More decimals than the token has are refused, not cut: what is swapped is what was typed.
  const units = Units.parseExact(amount, from.decimals)
  if (units === undefined || units <= 0n) return INVALID_AMOUNT
  if (units > (Units.parse(from.balance, from.decimals) ?? 0n)) return INSUFFICIENT_BALANCE
  return undefined
}

/**
 * The most of `token` a swap may take: its whole balance, less the swap's gas at `gasPrice` (wei) for
 * the native coin.
 */
export function maxAmount(token: Holding, gasPrice: bigint | undefined): string {
  const balance = Units.parse(token.balance, token.decimals) ?? 0n
  if (!ConvertRule.isNative(token.address)) return formatUnits(balance, token.decimals)
  const reserve = (gasPrice ?? 0n) * NATIVE_GAS_RESERVE
  return formatUnits(balance > reserve ? balance - reserve : 0n, token.decimals)
}

/** The message of a built swap that would take less than the minimum the preview showed (the pools moved). */
export const PRICE_CHANGED = 'The price changed: check the new minimum received, then swap again'

const uint256 = (name: string) => ({ name, type: 'uint256' }) as const
const route = [
  { name: 'path', type: 'address[]' },
  { name: 'to', type: 'address' },
  uint256('deadline'),
] as const
const swapOf = <const Name extends string, const Inputs extends readonly object[]>(
  name: Name,
  inputs: Inputs,
) => ({ type: 'function', name, stateMutability: 'payable', inputs, outputs: [] }) as const

/** The Uniswap-v2 router's swaps the API builds (an exact amount in, a least amount out). */
const ROUTER_SWAPS = [
  swapOf('swapExactETHForTokens', [uint256('amountOutMin'), ...route]),
  swapOf('swapExactTokensForETH', [uint256('amountIn'), uint256('amountOutMin'), ...route]),
  swapOf('swapExactTokensForTokens', [uint256('amountIn'), uint256('amountOutMin'), ...route]),
] as const

/**
 * What a built swap holds the chain to: the amount it pays in and the least it takes out (the router
 * reverts below it), read from its calldata; undefined when the calldata is no router swap.
 */
export function terms(tx: {
  data: string
  amount: string
}): { amountIn: bigint; minimumOut: bigint } | undefined {
  try {
    const call = decodeFunctionData({ abi: ROUTER_SWAPS, data: tx.data as `0x${string}` })
    if (call.functionName === 'swapExactETHForTokens')
      return { amountIn: BigInt(tx.amount), minimumOut: call.args[0] }
    return { amountIn: call.args[0], minimumOut: call.args[1] }
  } catch {
    return undefined
  }
}

/**
 * Whether a built swap keeps to the preview: it pays in the amount shown and takes no less than the
 * minimum received shown. The API builds from the pools at build time, so a price that fell since the
 * preview gives a lower minimum: such a swap must not go out.
 */
export function keepsTo(
  tx: { data: string; amount: string },
  shown: { amountIn: bigint; minimumOut: bigint },
): boolean {
  const built = terms(tx)
  return built !== undefined && built.amountIn === shown.amountIn && built.minimumOut >= shown.minimumOut
}

/** Whether the router may already take `amount` (base units) of the token: the allowance covers it. */
export function approved(allowance: string | undefined, amount: bigint): boolean {
  return allowance !== undefined && BigInt(allowance) >= amount
}

/** The rate a quote gives: how much of `to` one `from` buys, as a decimal string. */
export function rate(
  quote: { fromAmount: string; toAmount: string },
  fromDecimals: number,
  toDecimals: number,
): number {
  const from = Number(formatUnits(BigInt(quote.fromAmount), fromDecimals))
  const to = Number(formatUnits(BigInt(quote.toAmount), toDecimals))
  return from > 0 ? to / from : 0
}

/** A percentage for the details: 2 decimals, '<0.01%' for a tiny non-zero one. */
export function percent(value: number): string {
  if (value > 0 && value < 0.01) return '<0.01%'
  return `${value.toFixed(2)}%`
}
