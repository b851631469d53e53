import { describe, expect, test } from 'vitest'
import * as Orders from './Orders.js'
import * as Pricing from './Pricing.js'

const buyer = '0x00000000000000000000000000000000000000b0'
const quote = Pricing.quote(
  {
    provider: 'meld',
    paymentMethod: 'card',
    purchaseCurrency: 'ETH',
    paymentCurrency: 'USD',
    amount: '50',
    network: 'eip155:31337',
  },
  'q1',
  new Date('2026-01-01T00:00:00Z'),
)

describe('create', () => {
  test('a quote makes one order; created -> pending -> completed, nothing after', () => {
    let time = new Date('2026-01-01T00:00:00Z')
    const orders = Orders.create({ checkoutUrl: (id) => `http://x/checkout/${id}`, now: () => time })
    orders.keepQuote(quote)
    expect(orders.quote('q1')).toEqual(quote)
    const order = orders.open(quote, buyer)
    expect(order).toMatchObject({ status: 'created', checkoutUrl: `http://x/checkout/${order.id}` })
    expect(orders.quote('q1')).toBeUndefined()
    expect(() => orders.move(order.id, 'completed')).toThrow('The order is created')
    orders.move(order.id, 'pending')
    time = new Date('2026-01-01T00:00:05Z')
    expect(orders.move(order.id, 'completed', { txHash: '0x1' })).toMatchObject({
      status: 'completed',
      txHash: '0x1',
      updatedAt: '2026-01-01T00:00:05.000Z',
    })
    expect(() => orders.move(order.id, 'failed')).toThrow(Orders.TransitionError)
    expect(orders.of(buyer.toUpperCase().replace('0X', '0x')).map((o) => o.id)).toEqual([order.id])
    expect(orders.of('0x00000000000000000000000000000000000000b1')).toEqual([])
  })

  test('a quote expires after its lifetime', () => {
    let time = new Date('2026-01-01T00:09:59Z')
    const orders = Orders.create({ checkoutUrl: (id) => id, now: () => time })
    orders.keepQuote(quote)
    expect(orders.quote('q1')).toBeDefined()
    time = new Date('2026-01-01T00:10:00Z')
    expect(orders.quote('q1')).toBeUndefined()
  })

  test('the public order has no checkout flag', () => {
    const orders = Orders.create({ checkoutUrl: (id) => id })
    const order = orders.open(quote, buyer)
    const moved = orders.awaitConfirmation(order.id)
    expect(moved.awaitingConfirmation).toBe(true)
    expect(Orders.publicOf(moved)).not.toHaveProperty('awaitingConfirmation')
    expect(() => orders.awaitConfirmation(order.id)).toThrow(Orders.TransitionError)
  })

  test('a move to the status the order already has is refused (two payments: one delivery)', () => {
    const orders = Orders.create({ checkoutUrl: (id) => id })
    const order = orders.open(quote, buyer)
    expect(() => orders.move(order.id, 'created')).toThrow('The order is created')
    expect(orders.move(order.id, 'pending').status).toBe('pending')
    expect(() => orders.move(order.id, 'pending')).toThrow('The order is pending')
    expect(orders.get(order.id)?.status).toBe('pending')
  })

  test('past the cap the oldest finished order goes, then the oldest unpaid; a paid one never', () => {
    const orders = Orders.create({ checkoutUrl: (id) => id, kept: 2 })
    const [a, b] = [orders.open(quote, buyer), orders.open(quote, buyer)]
    orders.move(a.id, 'pending')
    orders.move(b.id, 'failed')
    expect([orders.get(a.id), orders.get(b.id)].every(Boolean)).toBe(true)
    const c = orders.open(quote, buyer)
    expect(orders.get(b.id)).toBeUndefined()
    expect(orders.get(a.id)?.status).toBe('pending')
    const d = orders.open(quote, buyer)
    expect(orders.get(c.id)).toBeUndefined()
    expect([orders.get(a.id), orders.get(d.id)].every(Boolean)).toBe(true)
    expect(Orders.ORDERS_KEPT).toBe(10_000)
  })
})
