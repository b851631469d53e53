import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import { formatEther } from 'viem'

/**
 * What the sandbox sells and at what price. It plays the spec's providers (meld 1%, coinbase 2%): a
 * quote takes the provider's fee and a flat network fee out of what the buyer pays, and buys the rest
 * at the sandbox's price (1 ETH = 2,000 USD, as the devnet's FUSD/WETH pool; 1,850 EUR).
 */

/** An asset the sandbox sells: its id, name, decimals and price per whole unit, in cents per currency. */
type Asset = {
  id: string
  name: string
  symbol: string
  decimals: number
  priceCents: Record<string, bigint>
}

/** The assets on sale: the devnets' native coin. */
const ASSETS: readonly Asset[] = [
  { id: 'ETH', name: 'Ether', symbol: 'ETH', decimals: 18, priceCents: { USD: 200_000n, EUR: 185_000n } },
]

/** The flat network fee of every order, in cents of the payment currency. */
const NETWORK_FEE_CENTS = 25n

/** How long a quote can be paid, in seconds. */
const QUOTE_LIFETIME_S = 600

/** A quote's inputs (the API checked them; checked again here). */
export type Request = {
  provider: OnrampRule.Provider
  paymentMethod: OnrampRule.PaymentMethod
  purchaseCurrency: string
  paymentCurrency: string
  amount: string
  network: string
}

/** Why a quote cannot be given. */
export class QuoteError extends Error {
  override name = 'QuoteError'
}

/**
 * The quote for `request`: total, provider fee, network fee, subtotal, and the asset bought (rounded
 * down to its base unit), valid {@link QUOTE_LIFETIME_S}.
 *
 * @example
 * Pricing.quote({ provider: 'meld', paymentMethod: 'card', purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50', network: 'eip155:31337' }, 'q1', new Date())
 * // purchaseAmount 0.024625 ETH: 50 - 0.50 (1%) - 0.25 = 49.25 USD at 2,000
 */
export function quote(request: Request, quoteId: string, now: Date): OnrampRule.Quote {
  const problem = OnrampRule.checkAmount(request.amount, request.paymentMethod, request.paymentCurrency)
  if (problem) throw new QuoteError(problem)
  const asset = ASSETS.find((a) => a.id === request.purchaseCurrency)
  if (!asset) throw new QuoteError(`The sandbox does not sell ${request.purchaseCurrency}`)
  const price = asset.priceCents[request.paymentCurrency]
  if (price === undefined) throw new QuoteError(OnrampRule.UNSUPPORTED_PAYMENT_CURRENCY)
  const total = OnrampRule.cents(request.amount) as bigint
  const providerFee = OnrampRule.providerFeeCents(total, request.provider)
  const subtotal = total - providerFee - NETWORK_FEE_CENTS
  const units = (subtotal * 10n ** BigInt(asset.decimals)) / price
  const money = (cents: bigint) => ({
    amount: OnrampRule.fromCents(cents),
    currency: request.paymentCurrency,
  })
  return {
    quoteId,
    provider: request.provider,
    paymentMethod: request.paymentMethod,
    paymentTotal: money(total),
    paymentSubtotal: money(subtotal),
    providerFee: money(providerFee),
    networkFee: money(NETWORK_FEE_CENTS),
    purchaseAmount: { amount: formatEther(units), currency: asset.symbol },
    purchaseUnits: units.toString(),
    network: request.network,
    expiresAt: new Date(now.getTime() + QUOTE_LIFETIME_S * 1000).toISOString(),
  }
}
