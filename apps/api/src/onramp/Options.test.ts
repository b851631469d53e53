import { describe, expect, test } from 'vitest'
import * as Networks from '../chains/Networks.js'
import * as Options from './Options.js'

const networks = Networks.all({ DEVNET_31337_URL: 'http://a', DEVNET_31338_URL: 'http://b' })

describe('paymentCurrencies', () => {
  test('USD and EUR, card 10-7500 and bank account 10-25000 (spec section 9)', () => {
    expect(Options.paymentCurrencies()).toEqual(
      ['USD', 'EUR'].map((id) => ({
        id,
        payment_method_limits: [
          { id: 'card', min: '10', max: '7500' },
          { id: 'bank_account', min: '10', max: '25000' },
        ],
      })),
    )
  })
})

describe('purchaseCurrencies', () => {
  test("each chain's native coin, one entry per symbol with its networks", () => {
    const currencies = Options.purchaseCurrencies(['eip155:31337', 'eip155:31338'], networks)
    expect(currencies).toHaveLength(1)
    expect(currencies[0]).toMatchObject({ id: 'ETH', symbol: 'ETH', name: 'Ether' })
    expect(currencies[0]?.networks.map((n) => [n.name, n.chain_id, n.contract_address])).toEqual([
      ['eip155:31337', '31337', ''],
      ['eip155:31338', '31338', ''],
    ])
    const options = Options.of(['eip155:31337'], networks)
    expect(Options.sells(options, 'ETH', 'eip155:31337')).toBe(true)
    expect(Options.sells(options, 'ETH', 'eip155:31338')).toBe(false)
    expect(Options.sells(options, 'FUSD', 'eip155:31337')).toBe(false)
  })
})

describe('chainsFromEnv', () => {
  test('the devnets the API reaches by default; ONRAMP_CHAINS otherwise', () => {
    expect(Options.chainsFromEnv({}, { 'eip155:31337': ['http://a'] })).toEqual(['eip155:31337'])
    expect(Options.chainsFromEnv({ ONRAMP_CHAINS: 'eip155:1, eip155:8453' }, {})).toEqual([
      'eip155:1',
      'eip155:8453',
    ])
    expect(Options.chainsFromEnv({ ONRAMP_CHAINS: '' }, { 'eip155:31337': ['http://a'] })).toEqual([])
    expect(() => Options.chainsFromEnv({ ONRAMP_CHAINS: 'nope' }, {})).toThrow()
  })
})
