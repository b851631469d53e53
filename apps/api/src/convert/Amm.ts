import { ConvertRule } from '@frontdoor/schemas'

/**
 * Uniswap-v2 arithmetic, exactly as the pair contract and the router compute it: what a pool gives
 * for an input after its 0.3% fee, along a route of pools, and how far a trade moves the price.
 */

/** One pool of a route, oriented: the reserve of the token going in and of the token coming out. */
export type Hop = { reserveIn: bigint; reserveOut: bigint }

const FEE_KEPT = BigInt(ConvertRule.BPS - ConvertRule.POOL_FEE_BPS)
const WHOLE = BigInt(ConvertRule.BPS)

/**
 * What one pool gives for `amountIn` (the router's `getAmountOut`, rounded down); 0 for an empty pool.
 *
 * @example
 * Amm.amountOut(1n * 10n ** 18n, { reserveIn: 100n * 10n ** 18n, reserveOut: 200_000n * 10n ** 6n })
 */
export function amountOut(amountIn: bigint, hop: Hop): bigint {
  if (amountIn <= 0n || hop.reserveIn === 0n || hop.reserveOut === 0n) return 0n
  const inWithFee = amountIn * FEE_KEPT
  return (inWithFee * hop.reserveOut) / (hop.reserveIn * WHOLE + inWithFee)
}

/** The amounts along a route (the router's `getAmountsOut`): the input first, the output last. */
export function amountsOut(amountIn: bigint, hops: readonly Hop[]): bigint[] {
  const amounts = [amountIn]
  for (const hop of hops) amounts.push(amountOut(amounts.at(-1) as bigint, hop))
  return amounts
}

/** The pools' fee along a route, in percent (each hop keeps 0.3% of what goes in). */
export function feePercent(hops: number): number {
  return (1 - ((ConvertRule.BPS - ConvertRule.POOL_FEE_BPS) / ConvertRule.BPS) ** hops) * 100
}

/**
 * How far the trade moves the price, in percent: the output's shortfall against the pools' current
 * price with their fee already taken off (so a tiny trade has ~0 impact).
 */
export function priceImpact(amountIn: bigint, hops: readonly Hop[]): number {
  const out = amountsOut(amountIn, hops).at(-1) as bigint
  // The output at the current price, fee taken, scaled to keep precision.
  const SCALE = 10n ** 18n
  let ideal = amountIn * SCALE
  for (const hop of hops) {
    if (hop.reserveIn === 0n) return 100
    ideal = (ideal * hop.reserveOut * FEE_KEPT) / (hop.reserveIn * WHOLE)
  }
  if (ideal === 0n) return 0
  const shortfall = Number(((ideal - out * SCALE) * 1_000_000n) / ideal) / 10_000
  return Math.max(0, shortfall)
}
