import type * as Onramp from '@frontdoor/schemas/api/onramp'
import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import * as Constants from '@frontdoor/schemas/constants'
import type * as Transaction from '@frontdoor/schemas/entities/transaction'

/**
 * The Buy view's rules: the providers the project offers, the amount checked against the fallback
 * limits before anything opens, the popup's size, and the purchase's state from its history entry.
 */

/** How often the purchase's status is asked while the checkout is open. */
export const STATUS_POLL_MS = 1_000

/** How soon a quote is asked again while the form is open. */
export const QUOTE_REFRESH_MS = 30_000

/** The message of a popup the browser blocked. */
export const POPUP_BLOCKED = 'The checkout window was blocked. Allow pop-ups for this site, then try again.'

/** The message of a network the on-ramp does not sell on. */
export const NETWORK_NOT_SUPPORTED = 'Buying crypto is not available on this network. Switch network to buy.'

/** The message of a purchase whose payment failed. */
export const PAYMENT_FAILED = 'The payment did not go through. Nothing was bought.'

/** The checkout popup's size (spec section 9: 600 x 800, as the social login's). */
export const POPUP_SIZE = { width: Constants.SOCIAL_POPUP_WIDTH_PX, height: Constants.SOCIAL_POPUP_HEIGHT_PX }

/** The providers of `enabled` (the project's onramp feature) the modal knows, in its order. */
export function providers(enabled: readonly string[]): OnrampRule.Provider[] {
  return enabled.filter((id): id is OnrampRule.Provider => id in OnrampRule.PROVIDERS)
}

/** A provider's label: its name and fee. */
export function providerLabel(provider: OnrampRule.Provider): string {
  const { name, feePercent } = OnrampRule.PROVIDERS[provider]
  return `${name}, ${feePercent}% fee`
}

/**
 * Why the form cannot go on (the amount against the limits of its method and currency), or undefined.
 *
 * @example
 * BuyForm.validate('5', 'card', 'USD') // 'Card payments are between 10 and 7,500 USD'
 */
export function validate(
  amount: string,
  method: OnrampRule.PaymentMethod,
  currency: string,
): string | undefined {
  return OnrampRule.checkAmount(amount.replace(',', '.'), method, currency)
}

/** The limits of `method` in `currency` as the options give them (the fallback ones otherwise). */
export function limits(
  options: Onramp.OnrampOptionsResponse | undefined,
  method: OnrampRule.PaymentMethod,
  currency: string,
): { min: string; max: string } {
  const found = options?.paymentCurrencies
    .find((c) => c.id === currency)
    ?.payment_method_limits.find((limit) => limit.id === method)
  const fallback = Constants.ONRAMP_FALLBACK_LIMITS[method]
  return found ?? { min: String(fallback.min), max: String(fallback.max) }
}

/** The coin on sale on `network` (CAIP-2): the asset preset if it is sold there, else the first. */
export function assetOn(
  options: Onramp.OnrampOptionsResponse | undefined,
  network: string,
  preset?: string,
): Onramp.OnrampOptionsResponse['purchaseCurrencies'][number] | undefined {
  const sold = options?.purchaseCurrencies.filter((c) => c.networks.some((n) => n.name === network)) ?? []
  return sold.find((c) => c.id === preset || c.symbol === preset) ?? sold[0]
}

/** Where a purchase is: waiting for payment, paid and being delivered, delivered, or failed. */
export type Stage = 'payment' | 'delivering' | 'completed' | 'failed'

/** The stage of a purchase from its history entry (none yet: waiting for the payment). */
export function stageOf(purchase: Transaction.Transaction | undefined): Stage {
  if (!purchase) return 'payment'
  if (purchase.metadata.status === 'confirmed') return 'completed'
  if (purchase.metadata.status === 'failed') return 'failed'
  return 'delivering'
}

/** The popup's features: {@link POPUP_SIZE}, centred on the screen. */
export function popupFeatures(screen: {
  availWidth: number
  availHeight: number
  availLeft?: number
  availTop?: number
}) {
  const left = Math.max(0, Math.round((screen.availLeft ?? 0) + (screen.availWidth - POPUP_SIZE.width) / 2))
  const top = Math.max(0, Math.round((screen.availTop ?? 0) + (screen.availHeight - POPUP_SIZE.height) / 2))
  return `popup=yes,width=${POPUP_SIZE.width},height=${POPUP_SIZE.height},left=${left},top=${top}`
}
