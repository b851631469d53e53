import { randomUUID } from 'node:crypto'
import type * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import type { Address } from 'viem'

/**
 * The sandbox's quotes and orders, in memory (a sandbox restarts empty, as the devnets do). An order
 * moves created -> pending (paid) -> completed (delivered) or -> failed (declined, not confirmed, not
 * delivered); `awaitingConfirmation` marks a created order whose card asked for the extra step.
 */

/** An order and whether its card waits for the buyer's confirmation. */
export type Entry = OnrampRule.Order & { awaitingConfirmation?: boolean }

/** The transitions an order may make. */
const NEXT: Record<OnrampRule.OrderStatus, readonly OnrampRule.OrderStatus[]> = {
  created: ['pending', 'failed'],
  pending: ['completed', 'failed'],
  completed: [],
  failed: [],
}

/** An order asked to move where it may not. */
export class TransitionError extends Error {
  override name = 'TransitionError'
}

/** The most quotes kept; the oldest go first. */
const QUOTES_KEPT = 10_000

/** The most orders kept; past it the oldest finished (completed or failed) ones go first. */
export const ORDERS_KEPT = 10_000

/**
 * Creates the store.
 *
 * @example
 * const orders = Orders.create({ checkoutUrl: (id) => `http://127.0.0.1:5190/checkout/${id}` })
 */
export function create(options: {
  checkoutUrl: (id: string) => string
  now?: () => Date
  /** The most orders kept ({@link ORDERS_KEPT}). */
  kept?: number
}) {
  const now = options.now ?? (() => new Date())
  const kept = options.kept ?? ORDERS_KEPT
  /** Past the cap: the oldest finished order goes (the map keeps the order of creation); else the oldest unpaid one. */
  const evict = () => {
    if (orders.size <= kept) return
    let unpaid: string | undefined
    for (const [id, order] of orders) {
      if (order.status === 'completed' || order.status === 'failed') return void orders.delete(id)
      if (order.status === 'created') unpaid ??= id
    }
    if (unpaid) orders.delete(unpaid)
  }
  const quotes = new Map<string, OnrampRule.Quote>()
  const orders = new Map<string, Entry>()
  return {
    /** Keeps a quote so an order can be made of it; returns it. */
    keepQuote(quote: OnrampRule.Quote) {
      quotes.set(quote.quoteId, quote)
      if (quotes.size > QUOTES_KEPT) quotes.delete(quotes.keys().next().value as string)
      return quote
    },
    /** A quote still valid, or undefined. */
    quote(quoteId: string) {
      const found = quotes.get(quoteId)
      return found && Date.parse(found.expiresAt) > now().getTime() ? found : undefined
    },
    /** A new order of `quote` for `address`, status created; the quote is used up. */
    open(quote: OnrampRule.Quote, address: Address): Entry {
      quotes.delete(quote.quoteId)
      const id = randomUUID()
      const time = now().toISOString()
      const order: Entry = {
        id,
        status: 'created',
        quote,
        address,
        checkoutUrl: options.checkoutUrl(id),
        createdAt: time,
        updatedAt: time,
      }
      orders.set(id, order)
      evict()
      return order
    },
    get(id: string): Entry | undefined {
      return orders.get(id)
    },
    /**
     * Moves order `id` to `status` with `changes`, checking and setting in one synchronous step;
     * throws {@link TransitionError} when it may not, a move to the status it already has included
     * (so of two payments of one order, the second fails and only one delivery starts).
     */
    move(id: string, status: OnrampRule.OrderStatus, changes: Partial<Entry> = {}): Entry {
      const order = orders.get(id)
      if (!order) throw new TransitionError(`No order ${id}`)
      if (!NEXT[order.status].includes(status)) throw new TransitionError(`The order is ${order.status}`)
      const next: Entry = { ...order, ...changes, status, updatedAt: now().toISOString() }
      orders.set(id, next)
      return next
    },
    /** Marks created order `id` as waiting for the buyer's confirmation; throws {@link TransitionError} otherwise. */
    awaitConfirmation(id: string): Entry {
      const order = orders.get(id)
      if (order?.status !== 'created' || order.awaitingConfirmation)
        throw new TransitionError(`The order is ${order?.status ?? 'unknown'}`)
      const next: Entry = { ...order, awaitingConfirmation: true, updatedAt: now().toISOString() }
      orders.set(id, next)
      return next
    },
    /** The orders of `address` (any case), newest first. */
    of(address: string): Entry[] {
      const wanted = address.toLowerCase()
      return [...orders.values()]
        .filter((order) => order.address.toLowerCase() === wanted)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    },
  }
}

/** An order as the JSON API shows it (without the checkout's internal flag). */
export function publicOf(entry: Entry): OnrampRule.Order {
  const { awaitingConfirmation: _, ...order } = entry
  return order
}
