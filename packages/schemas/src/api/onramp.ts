import * as z from 'zod/mini'

/** `POST /v1/generators/onrampurl` body. */
export const OnrampUrlBody = z.object({
  destinationWallets: z.array(
    z.object({
      address: z.string(),
      blockchains: z.array(z.string()),
      assets: z.optional(z.array(z.string())),
    }),
  ),
  defaultNetwork: z.optional(z.string()),
  partnerUserId: z.string(),
  presetCryptoAmount: z.optional(z.number()),
  presetFiatAmount: z.optional(z.number()),
})
/** `POST /v1/generators/onrampurl` body. */
export type OnrampUrlBody = z.infer<typeof OnrampUrlBody>

/** `POST /v1/generators/onrampurl` response. */
export const OnrampUrlResponse = z.object({ url: z.string(), orderId: z.optional(z.string()) })
/** `POST /v1/generators/onrampurl` response. */
export type OnrampUrlResponse = z.infer<typeof OnrampUrlResponse>

/** A payment method limit, in the payment currency (decimal strings). */
export const PaymentMethodLimit = z.object({ id: z.string(), min: z.string(), max: z.string() })
/** A payment method limit, in the payment currency (decimal strings). */
export type PaymentMethodLimit = z.infer<typeof PaymentMethodLimit>

/** `GET /v1/onramp/options` response. */
export const OnrampOptionsResponse = z.object({
  paymentCurrencies: z.array(
    z.object({ id: z.string(), payment_method_limits: z.array(PaymentMethodLimit) }),
  ),
  purchaseCurrencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(
        z.object({
          name: z.string(),
          display_name: z.string(),
          chain_id: z.string(),
          contract_address: z.string(),
        }),
      ),
    }),
  ),
})
/** `GET /v1/onramp/options` response. */
export type OnrampOptionsResponse = z.infer<typeof OnrampOptionsResponse>

/** `POST /v1/onramp/quote` body. */
export const OnrampQuoteBody = z.object({
  purchaseCurrency: z.object({ id: z.string() }),
  paymentCurrency: z.object({ id: z.string() }),
  amount: z.string(),
  network: z.string(),
})
/** `POST /v1/onramp/quote` body. */
export type OnrampQuoteBody = z.infer<typeof OnrampQuoteBody>

const money = z.object({ amount: z.string(), currency: z.string() })

/** `POST /v1/onramp/quote` response. */
export const OnrampQuoteResponse = z.object({
  paymentTotal: money,
  paymentSubtotal: money,
  purchaseAmount: money,
  networkFee: money,
  quoteId: z.string(),
  /** The provider's own fee (spec section 9: 1-2%), part of paymentTotal. */
  providerFee: z.optional(money),
})
/** `POST /v1/onramp/quote` response. */
export type OnrampQuoteResponse = z.infer<typeof OnrampQuoteResponse>
