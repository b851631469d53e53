import type * as Token from '../entities/token.js'

/** What a testnet's balance shows. */
export const TESTNET_BALANCE_DISPLAY = '0.00'

/** Drops tokens with 0 decimals (spec section 5). */
export function filterZeroDecimals<balance extends Pick<Token.TokenBalance, 'quantity'>>(
  balances: readonly balance[],
): balance[] {
  return balances.filter((balance) => Number(balance.quantity.decimals) !== 0)
}

/** Sum of the USD values of balances, 2 decimals; testnets show '0.00'. */
export function totalUsd(
  balances: readonly Pick<Token.TokenBalance, 'value'>[],
  options: { testnet?: boolean } = {},
) {
  if (options.testnet) return TESTNET_BALANCE_DISPLAY
  const total = balances.reduce((sum, balance) => sum + (balance.value ?? 0), 0)
  return total.toFixed(2)
}
