import * as z from 'zod/mini'
import * as Constants from '../constants.js'
import * as AddressRule from '../validation/address.js'

/**
 * The on-ramp rules both sides share (spec sections 7 and 9): the providers and their fees, the
 * payment methods, the fallback limits as a check with its message, and the order a provider reports.
 * The API refuses an out-of-limit amount with the same message the Buy view shows before its popup.
 */

/** An on-ramp provider of spec section 9. */
export type Provider = (typeof Constants.ONRAMP_PROVIDERS)[number]

/** Each provider's display name and fee, in percent (spec section 9: 1-2%). */
export const PROVIDERS = {
  meld: { name: 'Meld', feePercent: Constants.ONRAMP_FEE_MIN_PERCENT },
  coinbase: { name: 'Coinbase', feePercent: Constants.ONRAMP_FEE_MAX_PERCENT },
} as const satisfies Record<Provider, { name: string; feePercent: number }>

/** A payment method of the fallback limits. */
export type PaymentMethod = keyof typeof Constants.ONRAMP_FALLBACK_LIMITS

/** The payment methods, in display order. */
export const PAYMENT_METHODS = Object.keys(Constants.ONRAMP_FALLBACK_LIMITS) as PaymentMethod[]

/** A payment method in a request or a quote: one of {@link PAYMENT_METHODS}. */
export const PaymentMethod = z.enum(PAYMENT_METHODS)

/** Each payment method's label. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  card: 'Card',
  bank_account: 'Bank account',
}

/** A payment (fiat) currency of the fallback limits. */
export type PaymentCurrency = (typeof Constants.ONRAMP_FALLBACK_CURRENCIES)[number]

/** The message of a payment currency outside the fallback ones. */
export const UNSUPPORTED_PAYMENT_CURRENCY = `Pay in ${Constants.ONRAMP_FALLBACK_CURRENCIES.join(' or ')}`

/** The message of an amount that is no positive number of at most 2 decimals. */
export const INVALID_AMOUNT = 'Enter an amount, e.g. 50 or 49.99'

/** The message of an amount outside the limits of `method` in `currency`. */
export function outOfLimits(method: PaymentMethod, currency: string): string {
  const { min, max } = Constants.ONRAMP_FALLBACK_LIMITS[method]
  const number = (value: number) => value.toLocaleString('en-US')
  return `${PAYMENT_METHOD_NAMES[method]} payments are between ${number(min)} and ${number(max)} ${currency}`
}

/** A fiat amount: digits with at most 2 decimals. */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/

/** `amount` (a decimal string) in cents, or undefined when it is no amount of at most 2 decimals. */
export function cents(amount: string): bigint | undefined {
  const value = amount.trim()
  if (!AMOUNT.test(value)) return undefined
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** Cents as a decimal string with 2 decimals: 4925n -> '49.25'. */
export function fromCents(value: bigint): string {
  const whole = value / 100n
  const rest = (value % 100n).toString().padStart(2, '0')
  return `${whole}.${rest}`
}

/**
 * Why `amount` of `currency` by `method` cannot be bought (spec section 9's fallback limits: card
 * 10-7500, bank account 10-25000, in USD or EUR), or undefined when it can.
 *
 * @example
 * OnrampRule.checkAmount('5', 'card', 'USD') // 'Card payments are between 10 and 7,500 USD'
 */
export function checkAmount(amount: string, method: PaymentMethod, currency: string): string | undefined {
  if (!(Constants.ONRAMP_FALLBACK_CURRENCIES as readonly string[]).includes(currency))
    return UNSUPPORTED_PAYMENT_CURRENCY
  const value = cents(amount)
  if (value === undefined || value === 0n) return INVALID_AMOUNT
  const { min, max } = Constants.ONRAMP_FALLBACK_LIMITS[method]
  if (value < BigInt(min) * 100n || value > BigInt(max) * 100n) return outOfLimits(method, currency)
  return undefined
}

/** A provider's fee on `total` cents, rounded half up to the cent. */
export function providerFeeCents(total: bigint, provider: Provider): bigint {
  return (total * BigInt(PROVIDERS[provider].feePercent) + 50n) / 100n
}

/**
 * The header that carries the shared secret (ONRAMP_API_KEY) of the provider's JSON API: only the
 * Frontdoor API may quote and order; browsers reach the provider's origin (its checkout) too.
 */
export const API_KEY_HEADER = 'x-onramp-api-key'

/** The message of an order whose quote is for a network the buyer's wallet does not list. */
export const NETWORK_NOT_LISTED = 'The quote is for a network the wallet does not list'

/** An order's status at the provider. */
export const OrderStatus = z.enum(['created', 'pending', 'completed', 'failed'])
/** An order's status at the provider. */
export type OrderStatus = z.infer<typeof OrderStatus>

/** The provider, method and currency a quote may name (the spec's body, with our sandbox's choices). */
export const QuoteChoices = {
  provider: z.optional(z.enum(Constants.ONRAMP_PROVIDERS)),
  paymentMethod: z.optional(PaymentMethod),
}

/** A quote of the on-ramp provider: what is paid, the fees, what is bought, where, until when. */
export const Quote = z.object({
  quoteId: z.string(),
  provider: z.enum(Constants.ONRAMP_PROVIDERS),
  paymentMethod: PaymentMethod,
  paymentTotal: z.object({ amount: z.string(), currency: z.string() }),
  paymentSubtotal: z.object({ amount: z.string(), currency: z.string() }),
  providerFee: z.object({ amount: z.string(), currency: z.string() }),
  networkFee: z.object({ amount: z.string(), currency: z.string() }),
  purchaseAmount: z.object({ amount: z.string(), currency: z.string() }),
  /** The bought amount in the asset's base units (wei), as delivered. */
  purchaseUnits: z.string().check(z.regex(/^\d+$/)),
  /** CAIP-2 network the asset is delivered on. */
  network: z.string(),
  expiresAt: z.string(),
})
/** A quote of the on-ramp provider. */
export type Quote = z.infer<typeof Quote>

/** An order at the provider (its JSON API): the quote, the buyer, the status and the delivery. */
export const Order = z.object({
  id: z.string(),
  status: OrderStatus,
  quote: Quote,
  address: AddressRule.EvmAddress,
  checkoutUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The delivery's transaction, once sent. */
  txHash: z.optional(z.string()),
  /** Who delivered (the provider's account). */
  deliveredFrom: z.optional(z.string()),
  /** Why it failed (a declined card, a cancelled confirmation, a failed delivery). */
  failureReason: z.optional(z.string()),
})
/** An order at the provider. */
export type Order = z.infer<typeof Order>

/** The provider's `GET /api/orders?address=` answer. */
export const OrderList = z.object({ orders: z.array(Order) })
