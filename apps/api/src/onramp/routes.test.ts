import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../TestApp.js'
import * as Routes from './routes.js'

const t = await TestApp.create()
// Nothing listens here: the provider is unreachable unless a test says otherwise.
t.deps.config.onramp = { url: 'http://127.0.0.1:9', chains: ['eip155:31337'] }
afterAll(() => t.close())

const quoteBody = {
  purchaseCurrency: { id: 'ETH' },
  paymentCurrency: { id: 'USD' },
  amount: '50',
  network: 'eip155:31337',
}
const post = (path: string, body: unknown) =>
  t.getJson(`${path}?projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TestApp.MODAL_URL },
    body: JSON.stringify(body),
  })
const quote = (body: Record<string, unknown>) => post('/v1/onramp/quote', { ...quoteBody, ...body })

describe('GET /v1/onramp/options', () => {
  test('the payment currencies with their limits and the coins on sale', async () => {
    const { status, body } = await t.getJson('/v1/onramp/options?projectId=demo')
    expect(status).toBe(200)
    expect(body.paymentCurrencies.map((c: { id: string }) => c.id)).toEqual(['USD', 'EUR'])
    expect(body.paymentCurrencies[0].payment_method_limits).toEqual([
      { id: 'card', min: '10', max: '7500' },
      { id: 'bank_account', min: '10', max: '25000' },
    ])
    expect(body.purchaseCurrencies).toEqual([
      {
        id: 'ETH',
        name: 'Ether',
        symbol: 'ETH',
        networks: [
          {
            name: 'eip155:31337',
            display_name: 'Frontdoor Devnet 31337',
            chain_id: '31337',
            contract_address: '',
          },
        ],
      },
    ])
  })

  test('needs a known project', async () => {
    expect((await t.getJson('/v1/onramp/options')).status).toBe(400)
    expect((await t.getJson('/v1/onramp/options?projectId=nope')).status).toBe(401)
  })
})

describe('POST /v1/onramp/quote', () => {
  test('refuses amounts outside the fallback limits with the shared message, before asking the provider', async () => {
    for (const [amount, method] of [
      ['9.99', 'card'],
      ['7500.01', 'card'],
      ['9.99', 'bank_account'],
      ['25000.01', 'bank_account'],
    ] as const) {
      const { status, body } = await quote({ amount, paymentMethod: method })
      expect(status).toBe(400)
      expect(body.error.message).toBe(OnrampRule.outOfLimits(method, 'USD'))
    }
    const eur = await quote({ amount: '7500.01', paymentCurrency: { id: 'EUR' } })
    expect(eur.body.error.message).toBe(OnrampRule.outOfLimits('card', 'EUR'))
  })

  test('refuses other payment currencies, other networks, other assets and malformed bodies', async () => {
    expect((await quote({ paymentCurrency: { id: 'GBP' } })).body.error.message).toBe(
      OnrampRule.UNSUPPORTED_PAYMENT_CURRENCY,
    )
    const network = await quote({ network: 'eip155:1' })
    expect(network.status).toBe(400)
    expect(network.body.error).toMatchObject({
      code: 'unsupported_chain',
      message: Routes.NETWORK_NOT_SUPPORTED,
    })
    expect((await quote({ purchaseCurrency: { id: 'DOGE' } })).body.error.message).toBe(
      Routes.ASSET_NOT_SUPPORTED,
    )
    expect((await quote({ amount: '1.234' })).body.error.message).toBe(OnrampRule.INVALID_AMOUNT)
    const malformed = await quote({ amount: 50 })
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.message).toContain("'amount'")
    expect((await quote({ provider: 'moonpay' })).status).toBe(400)
    expect((await quote({ paymentMethod: 'cash' })).status).toBe(400)
  })

  test('a limit-abiding quote the provider cannot answer is a 502', async () => {
    const { status, body } = await quote({ amount: '10' })
    expect(status).toBe(502)
    expect(body.error.code).toBe('upstream_unavailable')
  })
})

describe('POST /v1/generators/onrampurl', () => {
  const wallet = { address: '0x00000000000000000000000000000000000000b0', blockchains: ['eip155:31337'] }
  test('refuses a missing or bad wallet, no quote and no amount, out-of-limit presets', async () => {
    expect(
      (await post('/v1/generators/onrampurl', { destinationWallets: [], partnerUserId: 'u' })).status,
    ).toBe(400)
    const bad = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ ...wallet, address: '0x12' }],
      partnerUserId: 'u',
    })
    expect(bad.status).toBe(400)
    const none = await post('/v1/generators/onrampurl', { destinationWallets: [wallet], partnerUserId: 'u' })
    expect(none.body.error.message).toBe('Give a quoteId, or presetFiatAmount and a network')
    const over = await post('/v1/generators/onrampurl', {
      destinationWallets: [wallet],
      partnerUserId: 'u',
      presetFiatAmount: 7500.01,
    })
    expect(over.body.error.message).toBe(OnrampRule.outOfLimits('card', 'USD'))
  })

  test('a preset network the wallet does not list: 400 before the provider is asked (no orphan order)', async () => {
    // The provider is unreachable: asking it first would be a 502.
    const refused = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ ...wallet, blockchains: ['eip155:31338'] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: 'u',
      presetFiatAmount: 50,
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error.message).toBe(OnrampRule.NETWORK_NOT_LISTED)
  })
})
