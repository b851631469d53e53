import * as Onramp from '@frontdoor/schemas/api/onramp'
import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import * as AddressRule from '@frontdoor/schemas/validation/address'
import { Hono } from 'hono'
import * as zm from 'zod/mini'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
import * as KnownProject from '../projects/KnownProject.js'
import * as Options from './Options.js'
import * as Provider from './Provider.js'

/** The message of a network the on-ramp does not deliver on. */
export const NETWORK_NOT_SUPPORTED = 'Network not supported for buying crypto'

/** The message of an asset the on-ramp does not sell on the network. */
export const ASSET_NOT_SUPPORTED = 'This asset cannot be bought on this network'

/** The query of every on-ramp route: the project. */
export const ProjectQuery = zm.object({ projectId: Query.ProjectId })

const id = zm.string().check(zm.minLength(1), zm.maxLength(16))

/**
 * `POST /v1/onramp/quote` body: the spec's fields (bounded), and which provider and payment method
 * (meld and card by default).
 */
export const QuoteBody = zm.extend(Onramp.OnrampQuoteBody, {
  purchaseCurrency: zm.object({ id }),
  paymentCurrency: zm.object({ id }),
  amount: zm.string().check(zm.maxLength(16)),
  network: zm.string().check(zm.minLength(1), zm.maxLength(64)),
  ...OnrampRule.QuoteChoices,
})

/**
 * `POST /v1/generators/onrampurl` body: the spec's fields, the buyer's address an EVM address, and
 * the quote to pay (`quoteId`); without one, `presetFiatAmount` of USD by card is quoted first.
 */
export const OnrampUrlBody = zm.extend(Onramp.OnrampUrlBody, {
  destinationWallets: zm
    .array(
      zm.object({
        address: AddressRule.EvmAddress,
        blockchains: zm.array(zm.string().check(zm.maxLength(64))).check(zm.maxLength(16)),
        assets: zm.optional(zm.array(zm.string().check(zm.maxLength(16))).check(zm.maxLength(16))),
      }),
    )
    .check(zm.minLength(1, 'must name the wallet to deliver to'), zm.maxLength(1)),
  defaultNetwork: zm.optional(zm.string().check(zm.maxLength(64))),
  partnerUserId: zm.string().check(zm.maxLength(128)),
  presetFiatAmount: zm.optional(zm.number().check(zm.positive())),
  quoteId: zm.optional(zm.string().check(zm.minLength(1), zm.maxLength(64))),
  ...OnrampRule.QuoteChoices,
})

/** The provider's refusals as 400s with its message, its failures as 502s. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Provider.Refused) throw Errors.fail(400, Errors.CODE.invalidRequest, error.message)
    if (error instanceof Provider.ProviderError)
      throw Errors.fail(502, Errors.CODE.upstreamUnavailable, error.message)
    throw error
  }
}

/**
 * The on-ramp routes (spec section 7): what can be bought, a quote within the fallback limits of
 * spec section 9, and the checkout link of an order for the buyer's wallet.
 *
 * @example
 * app.route('/', Onramp.routes(deps))
 */
export function routes(deps: Deps.Deps) {
  // Read per request: the provider's address is configuration (ONRAMP_URL).
  const provider = () => Provider.create({ url: deps.config.onramp.url, apiKey: deps.config.onramp.apiKey })
  const limit = RateLimiter.budget(
    deps.limiter,
    deps.config.limits.account,
  )((c) => `onramp:${ClientIp.of(c, deps.config)}:${c.req.query('projectId') ?? ''}`)
  const options = () => Options.of(deps.config.onramp.chains, deps.config.networks)

  /** The spec's checks of a quote, before the provider is asked: network, asset, currency, limits. */
  const checked = (body: zm.output<typeof QuoteBody>): Provider.QuoteRequest => {
    if (!deps.config.onramp.chains.includes(body.network))
      throw Errors.fail(400, Errors.CODE.unsupportedChain, NETWORK_NOT_SUPPORTED, { chainId: body.network })
    if (!Options.sells(options(), body.purchaseCurrency.id, body.network))
      throw Errors.fail(400, Errors.CODE.invalidRequest, ASSET_NOT_SUPPORTED)
    const paymentMethod = body.paymentMethod ?? 'card'
    const problem = OnrampRule.checkAmount(body.amount, paymentMethod, body.paymentCurrency.id)
    if (problem) throw Errors.fail(400, Errors.CODE.invalidRequest, problem)
    return {
      provider: body.provider ?? 'meld',
      paymentMethod,
      purchaseCurrency: body.purchaseCurrency.id,
      paymentCurrency: body.paymentCurrency.id,
      amount: body.amount,
      network: body.network,
    }
  }

  const project = KnownProject.required(deps)
  return new Hono<KnownProject.Env>()
    .use('/v1/onramp/*', limit, project)
    .use('/v1/generators/onrampurl', limit, project)
    .get('/v1/onramp/options', Validate.query(ProjectQuery), async (c) => {
      return c.json(options())
    })
    .post('/v1/onramp/quote', Validate.query(ProjectQuery), Validate.json(QuoteBody), async (c) => {
      const quote = await guarded(() => provider().quote(checked(c.req.valid('json'))))
      return c.json({
        paymentTotal: quote.paymentTotal,
        paymentSubtotal: quote.paymentSubtotal,
        purchaseAmount: quote.purchaseAmount,
        networkFee: quote.networkFee,
        providerFee: quote.providerFee,
        quoteId: quote.quoteId,
      } satisfies Onramp.OnrampQuoteResponse)
    })
    .post(
      '/v1/generators/onrampurl',
      Validate.query(ProjectQuery),
      Validate.json(OnrampUrlBody),
      async (c) => {
        const body = c.req.valid('json')
        const wallet = body.destinationWallets[0] as (typeof body.destinationWallets)[number]
        const listed = (network: string) => !wallet.blockchains.length || wallet.blockchains.includes(network)
        const order = await guarded(async () => {
          // The provider refuses (opening nothing) a quote for a network the wallet does not list.
          if (body.quoteId) return provider().order(body.quoteId, wallet.address, wallet.blockchains)
          const network = body.defaultNetwork ?? wallet.blockchains[0]
          if (body.presetFiatAmount === undefined || !network)
            throw Errors.fail(
              400,
              Errors.CODE.invalidRequest,
              'Give a quoteId, or presetFiatAmount and a network',
            )
          // Checked before anything is asked of the provider: no orphan order on a 400.
          if (!listed(network))
            throw Errors.fail(400, Errors.CODE.invalidRequest, OnrampRule.NETWORK_NOT_LISTED)
          const quote = await provider().quote(
            checked({
              purchaseCurrency: { id: wallet.assets?.[0] ?? 'ETH' },
              paymentCurrency: { id: 'USD' },
              amount: body.presetFiatAmount.toFixed(2),
              network,
              provider: body.provider,
              paymentMethod: body.paymentMethod,
            }),
          )
          return provider().order(quote.quoteId, wallet.address, wallet.blockchains)
        })
        // A provider that ignored the networks it was given: its link is still not handed out.
        if (!listed(order.quote.network))
          throw Errors.fail(400, Errors.CODE.invalidRequest, OnrampRule.NETWORK_NOT_LISTED)
        return c.json({ url: order.checkoutUrl, orderId: order.id } satisfies Onramp.OnrampUrlResponse)
      },
    )
}
