import { createHash, randomUUID, timingSafeEqual } from 'node:crypto'
import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import * as Constants from '@frontdoor/schemas/constants'
import * as AddressRule from '@frontdoor/schemas/validation/address'
import { getConnInfo } from '@hono/node-server/conninfo'
import { type Context, Hono } from 'hono'
import type { Address } from 'viem'
import * as z from 'zod/mini'
import * as Cards from './Cards.js'
import * as Checkout from './Checkout.js'
import * as Orders from './Orders.js'
import * as Pricing from './Pricing.js'
import type * as Treasury from './Treasury.js'

/**
 * The on-ramp sandbox's HTTP server: a JSON API for the Frontdoor API (quotes, orders and their
 * status; no CORS, browsers never call it) and the checkout page the buyer pays on, in a popup of
 * its own origin.
 */

/** `POST /api/quotes` body. */
const QuoteBody = z.object({
  provider: z.enum(Constants.ONRAMP_PROVIDERS),
  paymentMethod: OnrampRule.PaymentMethod,
  purchaseCurrency: z.string().check(z.maxLength(16)),
  paymentCurrency: z.string().check(z.maxLength(8)),
  amount: z.string().check(z.maxLength(16)),
  network: z.string().check(z.maxLength(64)),
})

/**
 * `POST /api/orders` body: a quote, the buyer's address and, when given, the networks the buyer's
 * wallet lists (an order of a quote for another network is refused before it is opened).
 */
const OrderBody = z.object({
  quoteId: z.string().check(z.maxLength(64)),
  address: AddressRule.EvmAddress,
  networks: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(16))),
})

const PayForm = z.object({
  number: z.string().check(z.maxLength(32)),
  expiry: z.string().check(z.maxLength(8)),
  cvc: z.string().check(z.maxLength(8)),
})
const ConfirmForm = z.object({ decision: z.enum(['confirm', 'cancel']) })

/** The failure reason of a delivery that did not go through. */
const DELIVERY_FAILED = 'The delivery failed.'

/** The headers of every answer; the page's CSP allows its own stylesheet and forms, and no framing. */
const HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // same-origin, not no-referrer: with no-referrer the page's own form POSTs carry `Origin: null`.
  'referrer-policy': 'same-origin',
  // No Cross-Origin-Opener-Policy: the modal that opened the checkout keeps its handle on the popup
  // (to bring it forward); the modal cuts the popup's window.opener, so the completed page closes
  // itself (Checkout.CLOSE_SCRIPT). The page never touches window.opener.
} as const

/** The most card forms (pay and confirm) one address may post per {@link FORM_WINDOW_MS}. */
export const FORMS_PER_WINDOW = 20
/** The window of {@link FORMS_PER_WINDOW}, in milliseconds. */
const FORM_WINDOW_MS = 60_000

/** The message of a JSON API request without the shared secret. */
export const UNAUTHORIZED = 'The on-ramp API needs its key'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** The peer's address (node's socket); 'unknown' where there is none (`app.request()` in tests). */
function peerOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

const fail = (c: Context, status: 400 | 401 | 403 | 404 | 409 | 429, message: string) =>
  c.json({ error: { message } }, status)

/** Options of {@link app}. */
export type Options = {
  /** The sandbox's own origin (ONRAMP_URL): checkout links and the only origin its forms accept. */
  origin: string
  treasury: Treasury.Treasury
  /** The shared secret the Frontdoor API sends in {@link OnrampRule.API_KEY_HEADER} (ONRAMP_API_KEY). */
  apiKey: string
  now?: () => Date
  /** The address a checkout form came from (its rate limit); node's peer address by default. */
  clientIp?: (c: Context) => string
  /** The most orders kept. */
  ordersKept?: number
}

/**
 * The sandbox's app; `main.ts` serves it, tests call `app.request()`.
 *
 * @example
 * const { app, orders } = Server.app({ origin: 'http://127.0.0.1:5190', treasury, apiKey })
 */
export function app(options: Options) {
  const now = options.now ?? (() => new Date())
  if (!options.apiKey) throw new Error('onramp: an API key is required')
  const orders = Orders.create({
    checkoutUrl: (id) => `${options.origin}/checkout/${id}`,
    now,
    ...(options.ordersKept ? { kept: options.ordersKept } : {}),
  })
  const key = digest(options.apiKey)
  const clientIp = options.clientIp ?? peerOf
  /** Card forms per address in the current window (fixed windows; the map is emptied with each). */
  const forms = { start: 0, counts: new Map<string, number>() }
  const tooMany = (c: Context) => {
    const time = now().getTime()
    if (time - forms.start >= FORM_WINDOW_MS) {
      forms.start = time
      forms.counts.clear()
    }
    const ip = clientIp(c)
    const count = (forms.counts.get(ip) ?? 0) + 1
    forms.counts.set(ip, count)
    return count > FORMS_PER_WINDOW
  }
  /** Settles the deliveries still running (tests wait for them). */
  const deliveries = new Set<Promise<void>>()

  /** The card went through: pending, then the delivery, then completed (or failed). */
  function paid(id: string) {
    const order = orders.move(id, 'pending', { awaitingConfirmation: false })
    const delivery = options.treasury
      .deliver(order.quote.network, order.address as Address, BigInt(order.quote.purchaseUnits))
      .then(
        (txHash) => {
          orders.move(id, 'completed', { txHash, deliveredFrom: options.treasury.address })
        },
        (error: unknown) => {
          console.error(`onramp: delivery of order ${id} failed:`, error)
          orders.move(id, 'failed', { failureReason: DELIVERY_FAILED })
        },
      )
      .finally(() => deliveries.delete(delivery))
    deliveries.add(delivery)
  }

  /** A form POST from another origin is refused (login-CSRF style: only the page itself pays). */
  const sameOrigin = (c: Context) => c.req.header('origin') === new URL(options.origin).origin

  const created = (c: Context, id: string) => {
    const order = orders.get(id)
    if (!order) return { page: c.html(Checkout.notFound(), 404) }
    if (!sameOrigin(c)) return { page: c.text('Forbidden: not the checkout page', 403) }
    if (order.status !== 'created') return { page: c.redirect(`/checkout/${id}`, 303) }
    return { order }
  }

  /**
   * Runs `step` (the order's move) unless another request moved the order while this one read its
   * form: the move checks and sets in one step, so of two POSTs together only one pays.
   */
  const once = (c: Context, id: string, step: () => void) => {
    try {
      step()
    } catch (error) {
      if (!(error instanceof Orders.TransitionError)) throw error
    }
    return c.redirect(`/checkout/${id}`, 303)
  }

  const server = new Hono()
    .use(async (c, next) => {
      await next()
      for (const [name, value] of Object.entries(HEADERS)) c.res.headers.set(name, value)
    })
    .get('/healthz', (c) => c.json({ status: 'ok', treasury: options.treasury.address }))
    // The JSON API is the Frontdoor API's alone: its shared secret, or 401.
    .use('/api/*', async (c, next) => {
      const given = digest(c.req.header(OnrampRule.API_KEY_HEADER) ?? '')
      if (!timingSafeEqual(given, key)) return fail(c, 401, UNAUTHORIZED)
      await next()
    })
    // Card forms per address: a limit, so the page cannot be driven into unlimited deliveries.
    .use('/checkout/:id/*', async (c, next) => {
      if (c.req.method === 'POST' && tooMany(c))
        return c.text('Too many payment attempts: wait a minute and try again', 429)
      await next()
    })
    .post('/api/quotes', async (c) => {
      const parsed = z.safeParse(QuoteBody, await c.req.json().catch(() => undefined))
      if (!parsed.success) return fail(c, 400, `Invalid quote request: ${parsed.error.issues[0]?.message}`)
      try {
        return c.json(orders.keepQuote(Pricing.quote(parsed.data, randomUUID(), now())), 201)
      } catch (error) {
        if (error instanceof Pricing.QuoteError) return fail(c, 400, error.message)
        throw error
      }
    })
    .post('/api/orders', async (c) => {
      const parsed = z.safeParse(OrderBody, await c.req.json().catch(() => undefined))
      if (!parsed.success) return fail(c, 400, `Invalid order: ${parsed.error.issues[0]?.message}`)
      const quote = orders.quote(parsed.data.quoteId)
      if (!quote) return fail(c, 404, 'The quote expired or does not exist')
      const { networks } = parsed.data
      if (networks?.length && !networks.includes(quote.network))
        return fail(c, 400, OnrampRule.NETWORK_NOT_LISTED)
      return c.json(Orders.publicOf(orders.open(quote, parsed.data.address as Address)), 201)
    })
    .get('/api/orders/:id', (c) => {
      const order = orders.get(c.req.param('id'))
      return order ? c.json(Orders.publicOf(order)) : fail(c, 404, 'No such order')
    })
    .get('/api/orders', (c) => {
      const address = c.req.query('address') ?? ''
      if (!AddressRule.isEvmAddress(address)) return fail(c, 400, 'Give an address')
      return c.json({ orders: orders.of(address).map(Orders.publicOf) })
    })
    .get('/checkout.css', (c) => c.body(Checkout.CSS, 200, { 'content-type': 'text/css; charset=utf-8' }))
    .get('/checkout-close.js', (c) =>
      c.body(Checkout.CLOSE_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
    )
    .get('/checkout/:id', (c) => {
      const order = orders.get(c.req.param('id'))
      return order ? c.html(Checkout.render(order)) : c.html(Checkout.notFound(), 404)
    })
    .post('/checkout/:id/pay', async (c) => {
      const id = c.req.param('id')
      const state = created(c, id)
      if (state.page) return state.page
      const form = z.safeParse(PayForm, await c.req.parseBody())
      if (!form.success) return c.html(Checkout.render(state.order, { error: Cards.NOT_A_TEST_CARD }), 400)
      const outcome = Cards.check(form.data, now())
      if ('error' in outcome)
        return c.html(
          Checkout.render(state.order, {
            number: form.data.number,
            expiry: form.data.expiry,
            error: outcome.error,
          }),
          400,
        )
      // Read again: another POST may have paid while this one read its form.
      if (orders.get(id)?.status !== 'created' || orders.get(id)?.awaitingConfirmation)
        return c.redirect(`/checkout/${id}`, 303)
      return once(c, id, () => {
        if (outcome.outcome === 'declined') orders.move(id, 'failed', { failureReason: Cards.DECLINED })
        else if (outcome.outcome === 'confirm') orders.awaitConfirmation(id)
        else paid(id)
      })
    })
    .post('/checkout/:id/confirm', async (c) => {
      const id = c.req.param('id')
      const state = created(c, id)
      if (state.page) return state.page
      const form = z.safeParse(ConfirmForm, await c.req.parseBody())
      // Read again after the form: another POST may have confirmed (or cancelled) meanwhile.
      const order = orders.get(id)
      if (order?.status !== 'created' || !order.awaitingConfirmation || !form.success)
        return c.redirect(`/checkout/${id}`, 303)
      return once(c, id, () => {
        if (form.data.decision === 'confirm') paid(id)
        else
          orders.move(id, 'failed', {
            failureReason: Cards.CONFIRMATION_CANCELLED,
            awaitingConfirmation: false,
          })
      })
    })
  return {
    app: server,
    orders,
    /** Resolves once every delivery started so far has settled. */
    settled: () => Promise.all([...deliveries]).then(() => undefined),
  }
}
