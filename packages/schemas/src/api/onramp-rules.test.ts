import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Constants from '../constants.js'
import * as OnrampRule from './onramp-rules.js'

describe('PROVIDERS', () => {
  test('meld and coinbase, with fees of 1% and 2% (spec section 9: 1-2%)', () => {
    expect(Object.keys(OnrampRule.PROVIDERS)).toEqual([...Constants.ONRAMP_PROVIDERS])
    expect(OnrampRule.PROVIDERS.meld.feePercent).toBe(1)
    expect(OnrampRule.PROVIDERS.coinbase.feePercent).toBe(2)
    for (const provider of Object.values(OnrampRule.PROVIDERS)) {
      expect(provider.feePercent).toBeGreaterThanOrEqual(Constants.ONRAMP_FEE_MIN_PERCENT)
      expect(provider.feePercent).toBeLessThanOrEqual(Constants.ONRAMP_FEE_MAX_PERCENT)
    }
  })
})

describe('checkAmount', () => {
  test('card 10 to 7500, bank account 10 to 25000, in USD and EUR (the edges included)', () => {
    for (const currency of ['USD', 'EUR']) {
      expect(OnrampRule.checkAmount('10', 'card', currency)).toBeUndefined()
      expect(OnrampRule.checkAmount('7500', 'card', currency)).toBeUndefined()
      expect(OnrampRule.checkAmount('9.99', 'card', currency)).toBe(OnrampRule.outOfLimits('card', currency))
      expect(OnrampRule.checkAmount('7500.01', 'card', currency)).toBe(
        OnrampRule.outOfLimits('card', currency),
      )
      expect(OnrampRule.checkAmount('10.00', 'bank_account', currency)).toBeUndefined()
      expect(OnrampRule.checkAmount('25000', 'bank_account', currency)).toBeUndefined()
      expect(OnrampRule.checkAmount('9.99', 'bank_account', currency)).toBe(
        OnrampRule.outOfLimits('bank_account', currency),
      )
      expect(OnrampRule.checkAmount('25000.01', 'bank_account', currency)).toBe(
        OnrampRule.outOfLimits('bank_account', currency),
      )
    }
  })

  test('the message names the method, the limits and the currency', () => {
    expect(OnrampRule.outOfLimits('card', 'USD')).toBe('Card payments are between 10 and 7,500 USD')
    expect(OnrampRule.outOfLimits('bank_account', 'EUR')).toBe(
      'Bank account payments are between 10 and 25,000 EUR',
    )
  })

  test('other currencies and non-amounts are refused', () => {
    expect(OnrampRule.checkAmount('50', 'card', 'GBP')).toBe(OnrampRule.UNSUPPORTED_PAYMENT_CURRENCY)
    expect(OnrampRule.UNSUPPORTED_PAYMENT_CURRENCY).toBe('Pay in USD or EUR')
    for (const amount of ['', '0', 'abc', '1.234', '-5', '1e3', '50.'])
      expect(OnrampRule.checkAmount(amount, 'card', 'USD')).toBe(OnrampRule.INVALID_AMOUNT)
  })
})

describe('cents', () => {
  test('parses at most 2 decimals and formats back', () => {
    expect(OnrampRule.cents('49.25')).toBe(4925n)
    expect(OnrampRule.cents(' 50 ')).toBe(5000n)
    expect(OnrampRule.cents('0.5')).toBe(50n)
    expect(OnrampRule.cents('1.234')).toBeUndefined()
    expect(OnrampRule.fromCents(4925n)).toBe('49.25')
    expect(OnrampRule.fromCents(5n)).toBe('0.05')
  })
})

describe('providerFeeCents', () => {
  test('the fee rounds half up to the cent', () => {
    expect(OnrampRule.providerFeeCents(5000n, 'meld')).toBe(50n)
    expect(OnrampRule.providerFeeCents(5000n, 'coinbase')).toBe(100n)
    expect(OnrampRule.providerFeeCents(1875n, 'meld')).toBe(19n)
    expect(OnrampRule.providerFeeCents(1849n, 'meld')).toBe(18n)
  })
})

describe('OrderStatus', () => {
  test('created, pending, completed, failed', () => {
    expect(OnrampRule.OrderStatus.options).toEqual(['created', 'pending', 'completed', 'failed'])
  })
})

describe('PaymentMethod', () => {
  test('the payment methods of the fallback limits, one schema for requests, quotes and choices', () => {
    expect(OnrampRule.PAYMENT_METHODS).toEqual(['card', 'bank_account'])
    for (const method of OnrampRule.PAYMENT_METHODS)
      expect(z.safeParse(OnrampRule.PaymentMethod, method).success).toBe(true)
    expect(z.safeParse(OnrampRule.PaymentMethod, 'paypal').success).toBe(false)
    expect(z.safeParse(z.object(OnrampRule.QuoteChoices), {}).success).toBe(true)
    expect(z.safeParse(z.object(OnrampRule.QuoteChoices), { paymentMethod: 'paypal' }).success).toBe(false)
    expect(z.safeParse(z.object(OnrampRule.QuoteChoices), { provider: 'moonpay' }).success).toBe(false)
  })
})
