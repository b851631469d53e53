import type * as Token from '@frontdoor/schemas/entities/token'
import * as BalancesView from '@frontdoor/schemas/presentation/balances'
import * as Format from '@frontdoor/schemas/presentation/format'

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/**
 * A USD amount with 2 decimals and grouping, e.g. `$20,000.00`. Takes a number or the decimal string of
 * `BalancesView.totalUsd`.
 */
export function format(value: number | string): string {
  const n = typeof value === 'number' ? value : Number(value)
  return usd.format(Number.isFinite(n) ? n : 0)
}

/** An image URL the API answered: absolute as is, API paths (`/public/...`) against the API's address. */
export function imageUrl(apiUrl: string, url: string | undefined): string | undefined {
  if (!url) return undefined
  if (url.startsWith('/')) return `${apiUrl}${url}`
  return /^(https?:|data:image\/)/.test(url) ? url : undefined
}

/**
 * The rule of USD values (spec section 5: "Testnets show 0.00"), one for every place that shows one:
 * on a network marked `testnet: true` no USD figure shows anywhere (rows, Send, Swap, fees), only
 * token amounts, and the total shows 0.00 marked as a testnet figure; on any other network every
 * figure comes from the prices of the balances, so the total is the sum of the rows.
 */

/** A network as the page declared it (undefined: not known); only its `testnet` mark matters here. */
export type Network = { testnet?: boolean | undefined } | undefined

/** Whether `network` is marked testnet: its tokens have no USD value. */
export function isTestnet(network: Network): boolean {
  return network?.testnet === true
}

/** `value` (USD) as a figure, e.g. `$4,012.50`; undefined on a testnet, where none is shown. */
export function figure(value: number | undefined, network: Network): string | undefined {
  return isTestnet(network) ? undefined : format(value ?? 0)
}

/** The Account view's total: the USD sum of `balances`, or the spec's `0.00` (no `$`) on a testnet. */
export function total(balances: readonly Pick<Token.TokenBalance, 'value'>[], network: Network): string {
  const testnet = isTestnet(network)
  const sum = BalancesView.totalUsd(balances, { testnet })
  return testnet ? sum : format(sum)
}

/**
 * A network fee: `amount` of the native coin (never 0 for a fee that is not: Format.formatFee) and
 * its USD figure at `price`, none on a testnet. E.g. `0.000021 ETH ($0.04)`, or `0.000021 ETH`.
 */
export function fee(amount: string, symbol: string, price: number, network: Network): string {
  const usd = figure(Number(amount) * price, network)
  return `${Format.formatFee(amount)} ${symbol}${usd ? ` (${usd})` : ''}`
}
