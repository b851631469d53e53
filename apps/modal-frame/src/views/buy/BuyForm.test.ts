import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import type * as Transaction from '@frontdoor/schemas/entities/transaction'
import { describe, expect, test } from 'vitest'
import * as BuyForm from './BuyForm.js'

const options = {
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10', max: '7500' },
        { id: 'bank_account', min: '10', max: '25000' },
      ],
    },
  ],
  purchaseCurrencies: [
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'eip155:31337', display_name: 'Devnet', chain_id: '31337', contract_address: '' }],
    },
  ],
}

describe('providers', () => {
  test("the project's providers the modal knows, in the project's order", () => {
    expect(BuyForm.providers(['coinbase', 'moonpay', 'meld'])).toEqual(['coinbase', 'meld'])
    expect(BuyForm.providers([])).toEqual([])
    expect(BuyForm.providerLabel('meld')).toBe('Meld, 1% fee')
    expect(BuyForm.providerLabel('coinbase')).toBe('Coinbase, 2% fee')
  })
})

describe('validate', () => {
  test('the fallback limits, refused before the popup with the shared message', () => {
    expect(BuyForm.validate('50', 'card', 'USD')).toBeUndefined()
    expect(BuyForm.validate('49,99', 'card', 'EUR')).toBeUndefined()
    expect(BuyForm.validate('5', 'card', 'USD')).toBe(OnrampRule.outOfLimits('card', 'USD'))
    expect(BuyForm.validate('8000', 'card', 'USD')).toBe('Card payments are between 10 and 7,500 USD')
    expect(BuyForm.validate('8000', 'bank_account', 'USD')).toBeUndefined()
    expect(BuyForm.validate('30000', 'bank_account', 'EUR')).toBe(
      OnrampRule.outOfLimits('bank_account', 'EUR'),
    )
    expect(BuyForm.validate('', 'card', 'USD')).toBe(OnrampRule.INVALID_AMOUNT)
  })
})

describe('limits', () => {
  test("the options' limits, else the fallback ones", () => {
    expect(BuyForm.limits(options, 'bank_account', 'USD')).toEqual({
      id: 'bank_account',
      min: '10',
      max: '25000',
    })
    expect(BuyForm.limits(undefined, 'card', 'EUR')).toEqual({ min: '10', max: '7500' })
  })
})

describe('assetOn', () => {
  test('the coin sold on the network, the preset one first; none elsewhere', () => {
    expect(BuyForm.assetOn(options, 'eip155:31337')?.id).toBe('ETH')
    expect(BuyForm.assetOn(options, 'eip155:31337', 'ETH')?.id).toBe('ETH')
    expect(BuyForm.assetOn(options, 'eip155:1')).toBeUndefined()
  })
})

describe('stageOf', () => {
  const tx = (status: 'pending' | 'confirmed' | 'failed') =>
    ({ metadata: { status } }) as unknown as Transaction.Transaction
  test('waiting for payment, delivering, completed, failed', () => {
    expect(BuyForm.stageOf(undefined)).toBe('payment')
    expect(BuyForm.stageOf(tx('pending'))).toBe('delivering')
    expect(BuyForm.stageOf(tx('confirmed'))).toBe('completed')
    expect(BuyForm.stageOf(tx('failed'))).toBe('failed')
  })
})

describe('popupFeatures', () => {
  test('600 x 800, centred', () => {
    expect(BuyForm.POPUP_SIZE).toEqual({ width: 600, height: 800 })
    expect(BuyForm.popupFeatures({ availWidth: 1600, availHeight: 1000 })).toBe(
      'popup=yes,width=600,height=800,left=500,top=100',
    )
  })
})
