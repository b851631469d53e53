import { describe, expect, test } from 'vitest'
import * as Onramp from './onramp.js'

describe('OnrampUrlBody', () => {
  test('destination wallets and presets', () => {
    const body = {
      destinationWallets: [{ address: '0x1', blockchains: ['ethereum'], assets: ['USDC'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: 'u1',
      presetCryptoAmount: 1,
      presetFiatAmount: 100,
    }
    expect(Onramp.OnrampUrlBody.safeParse(body).success).toBe(true)
    expect(Onramp.OnrampUrlBody.safeParse({ ...body, destinationWallets: {} }).success).toBe(false)
  })
})

describe('OnrampUrlResponse', () => {
  test('a url', () => {
    expect(Onramp.OnrampUrlResponse.safeParse({ url: 'http://x' }).success).toBe(true)
  })
})

describe('PaymentMethodLimit', () => {
  test('id, min, max', () => {
    expect(Onramp.PaymentMethodLimit.safeParse({ id: 'card', min: '10', max: '7500' }).success).toBe(true)
  })
})

describe('OnrampOptionsResponse', () => {
  test('payment and purchase currencies', () => {
    const options = {
      paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10', max: '7500' }] }],
      purchaseCurrencies: [
        {
          id: 'eth',
          name: 'Ether',
          symbol: 'ETH',
          networks: [{ name: 'devnet', display_name: 'Devnet', chain_id: '31337', contract_address: '' }],
        },
      ],
    }
    expect(Onramp.OnrampOptionsResponse.safeParse(options).success).toBe(true)
    expect(Onramp.OnrampOptionsResponse.safeParse({ paymentCurrencies: [] }).success).toBe(false)
  })
})

describe('OnrampQuoteBody', () => {
  test('currencies, amount, network', () => {
    const body = {
      purchaseCurrency: { id: 'eth' },
      paymentCurrency: { id: 'USD' },
      amount: '100',
      network: 'devnet',
    }
    expect(Onramp.OnrampQuoteBody.safeParse(body).success).toBe(true)
    expect(Onramp.OnrampQuoteBody.safeParse({ ...body, amount: 100 }).success).toBe(false)
  })
})

describe('OnrampQuoteResponse', () => {
  test('totals, fee and quote id', () => {
    const money = { amount: '1', currency: 'USD' }
    const quote = {
      paymentTotal: money,
      paymentSubtotal: money,
      purchaseAmount: { amount: '0.01', currency: 'ETH' },
      networkFee: money,
      quoteId: 'q1',
    }
    expect(Onramp.OnrampQuoteResponse.safeParse(quote).success).toBe(true)
    expect(Onramp.OnrampQuoteResponse.safeParse({ ...quote, quoteId: undefined }).success).toBe(false)
  })
})
