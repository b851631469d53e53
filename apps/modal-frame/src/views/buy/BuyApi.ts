import * as History from '@frontdoor/schemas/api/history'
import * as Onramp from '@frontdoor/schemas/api/onramp'
import * as z from 'zod/mini'
import * as Api from '../../api/Api.js'
import type * as Chain from '../../chain/Chain.js'

/**
 * The on-ramp routes of the API (spec section 7), as the Buy view calls them, and the purchase's
 * status as the history reports it (`onramp`). One attempt each: retries belong to the query layer.
 */

/** Where the API is and which project asks. */
export type Context = Chain.Context

const query = (context: Context, extra: Record<string, string> = {}) =>
  new URLSearchParams({ projectId: context.projectId, ...extra }).toString()

/** What the API says went wrong: its message (the spec's), or the HTTP status. */
class BuyError extends Error {
  override name = 'BuyError'
}

const ErrorBody = z.object({ error: z.object({ message: z.string() }) })

async function post<T>(url: string, schema: z.ZodMiniType<T>, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const parsed = z.safeParse(ErrorBody, json)
    throw new BuyError(parsed.success ? parsed.data.error.message : `HTTP ${response.status}`)
  }
  return z.parse(schema, json)
}

/** `GET /v1/onramp/options`: the payment currencies with their limits, the coins on sale and where. */
export function options(context: Context) {
  return Api.get(`${context.apiUrl}/v1/onramp/options?${query(context)}`, Onramp.OnrampOptionsResponse, 0)
}

/** A quote request: the spec's body, with the provider and payment method picked. */
export type QuoteRequest = {
  provider: string
  paymentMethod: string
  purchaseCurrency: string
  paymentCurrency: string
  amount: string
  network: string
}

/** `POST /v1/onramp/quote`: what `amount` of the payment currency buys, with the fees. */
export function quote(context: Context, request: QuoteRequest) {
  return post(`${context.apiUrl}/v1/onramp/quote?${query(context)}`, Onramp.OnrampQuoteResponse, {
    purchaseCurrency: { id: request.purchaseCurrency },
    paymentCurrency: { id: request.paymentCurrency },
    amount: request.amount,
    network: request.network,
    provider: request.provider,
    paymentMethod: request.paymentMethod,
  })
}

/** `POST /v1/generators/onrampurl`: the provider's checkout link of quote `quoteId` for `address`. */
export function checkoutUrl(
  context: Context,
  order: { quoteId: string; address: string; network: string; asset: string },
) {
  return post(`${context.apiUrl}/v1/generators/onrampurl?${query(context)}`, Onramp.OnrampUrlResponse, {
    destinationWallets: [{ address: order.address, blockchains: [order.network], assets: [order.asset] }],
    defaultNetwork: order.network,
    partnerUserId: order.address,
    quoteId: order.quoteId,
  })
}

/** The purchase `orderId` as the history shows it (with `onramp`), or undefined before it is paid. */
export async function purchase(
  context: Context,
  order: { address: string; network: string; provider: string; orderId: string },
) {
  const page = await Api.get(
    `${context.apiUrl}/v1/account/${order.address}/history?${query(context, { chainId: order.network, onramp: order.provider })}`,
    History.HistoryResponse,
    0,
  )
  return page.data.find((tx) => tx.id === order.orderId)
}
