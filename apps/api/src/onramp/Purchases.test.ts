import type { Transaction } from '@frontdoor/schemas'
import type * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import { describe, expect, test } from 'vitest'
import * as Purchases from './Purchases.js'

const buyer = '0x00000000000000000000000000000000000000b0'
const order = (
  id: string,
  status: OnrampRule.OrderStatus,
  extra: Partial<OnrampRule.Order> = {},
): OnrampRule.Order => ({
  id,
  status,
  address: buyer,
  checkoutUrl: `http://127.0.0.1:5190/checkout/${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:10.000Z',
  quote: {
    quoteId: 'q',
    provider: 'meld',
    paymentMethod: 'card',
    paymentTotal: { amount: '50.00', currency: 'USD' },
    paymentSubtotal: { amount: '49.25', currency: 'USD' },
    providerFee: { amount: '0.50', currency: 'USD' },
    networkFee: { amount: '0.25', currency: 'USD' },
    purchaseAmount: { amount: '0.024625', currency: 'ETH' },
    purchaseUnits: '24625000000000000',
    network: 'eip155:31337',
    expiresAt: '2026-01-01T00:10:00.000Z',
  },
  ...extra,
})

const receive = (hash: string, minedAt: string): Transaction.Transaction => ({
  id: hash,
  metadata: {
    operationType: 'receive',
    hash,
    chain: 'eip155:31337',
    minedAt,
    sentFrom: '0x1',
    sentTo: buyer,
    status: 'confirmed',
    nonce: 0,
  },
  transfers: [],
})

describe('toTransaction', () => {
  test('a paid order is a buy: pending, then confirmed with the delivery hash, or failed; unpaid ones none', () => {
    expect(Purchases.toTransaction(order('a', 'created'), 'http://api')).toBeUndefined()
    expect(Purchases.toTransaction(order('a', 'pending'), 'http://api')?.metadata.status).toBe('pending')
    expect(Purchases.toTransaction(order('a', 'failed'), 'http://api')?.metadata.status).toBe('failed')
    expect(
      Purchases.toTransaction(
        order('a', 'completed', { txHash: '0xabc', deliveredFrom: '0xfeed' }),
        'http://api',
      ),
    ).toMatchInlineSnapshot(`
      {
        "id": "a",
        "metadata": {
          "chain": "eip155:31337",
          "hash": "0xabc",
          "minedAt": "2026-01-01T00:00:10.000Z",
          "nonce": 0,
          "operationType": "buy",
          "sentFrom": "0xfeed",
          "sentTo": "0x00000000000000000000000000000000000000b0",
          "status": "confirmed",
        },
        "transfers": [
          {
            "direction": "in",
            "fungible_info": {
              "icon": {
                "url": "http://api/public/getTokenImage/ETH",
              },
              "symbol": "ETH",
            },
            "quantity": {
              "numeric": "0.024625",
            },
          },
        ],
      }
    `)
  })
})

describe('merge', () => {
  test("purchases among the page's transactions, newest first; the delivery's receive gives way", () => {
    const page = {
      data: [receive('0xnew', '2026-01-02T00:00:00.000Z'), receive('0xABC', '2026-01-01T00:00:10.000Z')],
      next: 'cursor',
    }
    const merged = Purchases.merge(
      page,
      [order('bought', 'completed', { txHash: '0xabc' }), order('unpaid', 'created')],
      { publicUrl: 'http://api' },
    )
    expect(merged.next).toBe('cursor')
    expect(merged.data.map((tx) => tx.id)).toEqual(['0xnew', 'bought'])
  })

  test('only the asked chain', () => {
    const other = order('other', 'pending', {
      quote: { ...order('x', 'pending').quote, network: 'eip155:31338' },
    })
    const merged = Purchases.merge({ data: [], next: null }, [other, order('here', 'pending')], {
      publicUrl: 'http://api',
      chainId: 'eip155:31337',
    })
    expect(merged.data.map((tx) => tx.id)).toEqual(['here'])
  })
})
