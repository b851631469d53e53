import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import { describe, expect, test } from 'vitest'
import * as Pricing from './Pricing.js'

const now = new Date('2026-01-01T00:00:00Z')
const request: Pricing.Request = {
  provider: 'meld',
  paymentMethod: 'card',
  purchaseCurrency: 'ETH',
  paymentCurrency: 'USD',
  amount: '50',
  network: 'eip155:31337',
}

describe('quote', () => {
  test('50 USD with meld: 1% fee, 0.25 network fee, the rest at 2,000 USD per ETH', () => {
    expect(Pricing.quote(request, 'q1', now)).toMatchInlineSnapshot(`
      {
        "expiresAt": "2026-01-01T00:10:00.000Z",
        "network": "eip155:31337",
        "networkFee": {
          "amount": "0.25",
          "currency": "USD",
        },
        "paymentMethod": "card",
        "paymentSubtotal": {
          "amount": "49.25",
          "currency": "USD",
        },
        "paymentTotal": {
          "amount": "50.00",
          "currency": "USD",
        },
        "provider": "meld",
        "providerFee": {
          "amount": "0.50",
          "currency": "USD",
        },
        "purchaseAmount": {
          "amount": "0.024625",
          "currency": "ETH",
        },
        "purchaseUnits": "24625000000000000",
        "quoteId": "q1",
      }
    `)
  })

  test('coinbase takes 2%; EUR buys at 1,850', () => {
    const coinbase = Pricing.quote({ ...request, provider: 'coinbase' }, 'q2', now)
    expect(coinbase.providerFee.amount).toBe('1.00')
    expect(coinbase.purchaseAmount.amount).toBe('0.024375')
    const eur = Pricing.quote({ ...request, paymentCurrency: 'EUR', amount: '18.75' }, 'q3', now)
    // 18.75 - 0.19 (1%, rounded half up) - 0.25 = 18.31 EUR
    expect(eur.paymentSubtotal).toEqual({ amount: '18.31', currency: 'EUR' })
    expect(eur.purchaseUnits).toBe(((1831n * 10n ** 18n) / 185_000n).toString())
  })

  test('every fee is within the spec 1-2%', () => {
    for (const provider of ['meld', 'coinbase'] as const) {
      const q = Pricing.quote({ ...request, provider, amount: '1000' }, 'q', now)
      const percent = Number(q.providerFee.amount) / 10
      expect(percent).toBeGreaterThanOrEqual(1)
      expect(percent).toBeLessThanOrEqual(2)
    }
  })

  test('refuses amounts outside the limits, other currencies and assets', () => {
    expect(() => Pricing.quote({ ...request, amount: '9.99' }, 'q', now)).toThrow(
      OnrampRule.outOfLimits('card', 'USD'),
    )
    expect(() => Pricing.quote({ ...request, paymentCurrency: 'GBP' }, 'q', now)).toThrow(
      OnrampRule.UNSUPPORTED_PAYMENT_CURRENCY,
    )
    expect(() => Pricing.quote({ ...request, purchaseCurrency: 'DOGE' }, 'q', now)).toThrow(
      Pricing.QuoteError,
    )
    expect(
      Pricing.quote({ ...request, paymentMethod: 'bank_account', amount: '25000' }, 'q', now).paymentTotal
        .amount,
    ).toBe('25000.00')
  })
})
