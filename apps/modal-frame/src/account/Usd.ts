import type * as Token from '@frontdoor/schemas/entities/token'
import * as BalancesView from '@frontdoor/schemas/presentation/balances'

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
 * The Account view's total: the USD sum of `balances`, or $0.00 on a network the page declared
 * `testnet: true` (spec section 5: testnets show 0.00).
 */
export function total(
  balances: readonly Pick<Token.TokenBalance, 'value'>[],
  network: { testnet?: boolean | undefined } | undefined,
): string {
  return format(BalancesView.totalUsd(balances, { testnet: network?.testnet === true }))
}
