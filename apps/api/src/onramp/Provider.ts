import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import * as z from 'zod/mini'

/**
 * The on-ramp provider's JSON API as the API calls it: quotes, orders and their status. In
 * development that is the sandbox (`apps/onramp`, ONRAMP_URL); a real provider sits behind the same
 * calls. Every answer is checked against its schema; a provider that does not answer, or answers
 * something else, is a {@link ProviderError}.
 */

/** How long the API waits for the provider, in milliseconds. */
export const PROVIDER_TIMEOUT_MS = 5_000

/** The provider did not answer, or not as expected. */
export class ProviderError extends Error {
  override name = 'ProviderError'
}

/** The provider refused the request (a 4xx), with its message. */
export class Refused extends Error {
  override name = 'Refused'
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

const ErrorBody = z.object({ error: z.object({ message: z.string() }) })

/** A quote request to the provider. */
export type QuoteRequest = {
  provider: OnrampRule.Provider
  paymentMethod: OnrampRule.PaymentMethod
  purchaseCurrency: string
  paymentCurrency: string
  amount: string
  network: string
}

/**
 * The provider at `url` (its origin; checkout links of another origin are refused).
 *
 * @example
 * const provider = Provider.create({ url: 'http://127.0.0.1:5190' })
 * const quote = await provider.quote({ provider: 'meld', paymentMethod: 'card', purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50', network: 'eip155:31337' })
 */
export function create(options: { url: string; apiKey?: string | undefined; fetch?: typeof fetch }) {
  const origin = new URL(options.url).origin
  const fetcher = options.fetch ?? fetch
  /** The provider's shared secret, on every call (its JSON API refuses calls without it). */
  const auth: Record<string, string> = options.apiKey ? { [OnrampRule.API_KEY_HEADER]: options.apiKey } : {}

  async function call<T>(path: string, schema: z.ZodMiniType<T>, body?: unknown): Promise<T> {
    let response: Response
    try {
      response = await fetcher(`${origin}${path}`, {
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        ...(body === undefined
          ? { headers: auth }
          : {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            }),
      })
    } catch (error) {
      throw new ProviderError(`The on-ramp provider did not answer: ${(error as Error).message}`)
    }
    const json: unknown = await response.json().catch(() => undefined)
    if (response.status >= 400 && response.status < 500) {
      const parsed = z.safeParse(ErrorBody, json)
      throw new Refused(
        parsed.success ? parsed.data.error.message : `HTTP ${response.status}`,
        response.status,
      )
    }
    const parsed = z.safeParse(schema, json)
    if (!response.ok || !parsed.success)
      throw new ProviderError(`The on-ramp provider answered HTTP ${response.status} unexpectedly`)
    return parsed.data
  }

  /** A checkout link must be the provider's own page (the modal opens it). */
  const checked = (order: OnrampRule.Order) => {
    if (new URL(order.checkoutUrl).origin !== origin)
      throw new ProviderError('The on-ramp provider gave a checkout link of another origin')
    return order
  }

  return {
    origin,
    quote: (request: QuoteRequest) => call('/api/quotes', OnrampRule.Quote, request),
    /** An order of `quoteId` for `address`; refused (nothing opened) when the quote's network is not in `networks`. */
    order: (quoteId: string, address: string, networks: readonly string[] = []) =>
      call('/api/orders', OnrampRule.Order, { quoteId, address, networks }).then(checked),
    /** The orders of `address`, newest first. */
    orders: (address: string) =>
      call(`/api/orders?address=${encodeURIComponent(address)}`, OnrampRule.OrderList).then(
        (list) => list.orders,
      ),
  }
}

/** The provider of {@link create}. */
export type Provider = ReturnType<typeof create>
