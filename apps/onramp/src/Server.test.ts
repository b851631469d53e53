import * as Devnet from '@frontdoor/devnet/devnet'
import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, test } from 'vitest'
import * as Cards from './Cards.js'
import * as Checkout from './Checkout.js'
import * as Server from './Server.js'
import * as Treasury from './Treasury.js'

// A real devnet: the sandbox's treasury delivers on it.
const node = await Devnet.start({ chainId: 31337, seed: false })
afterAll(() => node.stop())

const ORIGIN = 'http://127.0.0.1:5190'
const treasury = Treasury.create({ chains: { 'eip155:31337': node.url } })
const API_KEY = 'test-onramp-key'
const sandbox = Server.app({ origin: ORIGIN, treasury, apiKey: API_KEY })
const client = createPublicClient({ transport: http(node.url), cacheTime: 0 })

const json = (path: string, body: unknown, key = API_KEY) =>
  sandbox.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OnrampRule.API_KEY_HEADER]: key },
    body: JSON.stringify(body),
  })
const get = (path: string, key = API_KEY) =>
  sandbox.app.request(path, { headers: { [OnrampRule.API_KEY_HEADER]: key } })
const form = (path: string, fields: Record<string, string>, origin = ORIGIN) =>
  sandbox.app.request(path, { method: 'POST', headers: { origin }, body: new URLSearchParams(fields) })

const QUOTE = {
  provider: 'meld',
  paymentMethod: 'card',
  purchaseCurrency: 'ETH',
  paymentCurrency: 'USD',
  amount: '50',
  network: 'eip155:31337',
}
const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }

/** A new buyer with nothing, and an order of 50 USD of ETH for it. */
async function order() {
  const buyer = privateKeyToAccount(generatePrivateKey()).address
  const quote = OnrampRule.Quote.parse(await (await json('/api/quotes', QUOTE)).json())
  const response = await json('/api/orders', { quoteId: quote.quoteId, address: buyer })
  expect(response.status).toBe(201)
  return { buyer, quote, order: OnrampRule.Order.parse(await response.json()) }
}

const status = async (id: string) => OnrampRule.Order.parse(await (await get(`/api/orders/${id}`)).json())

describe('the JSON API', () => {
  test('quotes, refuses bad quotes and orders of unknown quotes', async () => {
    expect((await json('/api/quotes', { ...QUOTE, amount: '7500.01' })).status).toBe(400)
    expect(await (await json('/api/quotes', { ...QUOTE, amount: '5' })).json()).toEqual({
      error: { message: OnrampRule.outOfLimits('card', 'USD') },
    })
    expect((await json('/api/quotes', { ...QUOTE, provider: 'moonpay' })).status).toBe(400)
    const address = privateKeyToAccount(generatePrivateKey()).address
    expect((await json('/api/orders', { quoteId: 'nope', address })).status).toBe(404)
    expect((await json('/api/orders', { quoteId: 'nope', address: '0x12' })).status).toBe(400)
    expect((await get('/api/orders?address=nope')).status).toBe(400)
  })

  test('an order of a quote for a network the wallet does not list is refused before it is opened', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address
    const quote = OnrampRule.Quote.parse(await (await json('/api/quotes', QUOTE)).json())
    const refused = await json('/api/orders', { quoteId: quote.quoteId, address, networks: ['eip155:31338'] })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: { message: OnrampRule.NETWORK_NOT_LISTED } })
    expect(sandbox.orders.of(address)).toEqual([])
    // The quote was not used up: the listed network orders it.
    const ordered = await json('/api/orders', { quoteId: quote.quoteId, address, networks: ['eip155:31337'] })
    expect(ordered.status).toBe(201)
    expect(sandbox.orders.of(address)).toHaveLength(1)
  })
})

describe("the JSON API is the Frontdoor API's alone", () => {
  test('without the shared secret, or with another: 401, nothing quoted or listed', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address
    expect((await json('/api/quotes', QUOTE)).status).toBe(201)
    for (const key of ['', 'wrong-key']) {
      const refused = await json('/api/quotes', QUOTE, key)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toEqual({ error: { message: Server.UNAUTHORIZED } })
      expect((await json('/api/orders', { quoteId: 'q', address }, key)).status).toBe(401)
      expect((await get(`/api/orders?address=${address}`, key)).status).toBe(401)
    }
    expect((await sandbox.app.request('/api/orders/x')).status).toBe(401)
    expect(() => Server.app({ origin: ORIGIN, treasury, apiKey: '' })).toThrow()
  })

  test('card forms are limited per address: past the limit 429, another address still posts', async () => {
    const limited = Server.app({
      origin: ORIGIN,
      treasury,
      apiKey: API_KEY,
      clientIp: (c) => c.req.header('x-test-ip') ?? '',
    })
    const post = (ip: string) =>
      limited.app.request('/checkout/unknown/pay', {
        method: 'POST',
        headers: { origin: ORIGIN, 'x-test-ip': ip },
        body: new URLSearchParams(CARD),
      })
    for (let i = 0; i < Server.FORMS_PER_WINDOW; i++) expect((await post('10.0.0.1')).status).toBe(404)
    expect((await post('10.0.0.1')).status).toBe(429)
    expect((await post('10.0.0.2')).status).toBe(404)
    expect(Server.FORMS_PER_WINDOW).toBe(20)
  })
})

describe('the checkout', () => {
  test('the test card that succeeds: pending, then the quoted amount delivered on the devnet, completed', async () => {
    const { buyer, quote, order: created } = await order()
    expect(created.status).toBe('created')
    expect(await client.getBalance({ address: buyer })).toBe(0n)
    const page = await sandbox.app.request(`/checkout/${created.id}`)
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    // The page's own form POSTs carry its origin (no-referrer would make it 'null').
    expect(page.headers.get('referrer-policy')).toBe('same-origin')
    expect(page.headers.get('cross-origin-opener-policy')).toBeNull()
    const payPage = await page.text()
    expect(payPage).toContain('<h1>Pay</h1>')
    expect(payPage).not.toContain('checkout-close.js')

    const paid = await form(`/checkout/${created.id}/pay`, CARD)
    expect(paid.status).toBe(303)
    expect((await status(created.id)).status).toBe('pending')
    await sandbox.settled()
    const done = await status(created.id)
    expect(done).toMatchObject({ status: 'completed', deliveredFrom: treasury.address })
    expect(await client.getBalance({ address: buyer })).toBe(BigInt(quote.purchaseUnits))
    const receipt = await client.getTransactionReceipt({ hash: done.txHash as `0x${string}` })
    expect(receipt.to?.toLowerCase()).toBe(buyer.toLowerCase())
    const completed = await (await sandbox.app.request(`/checkout/${created.id}`)).text()
    expect(completed).toContain(Checkout.HEADINGS.completed)
    // Completed: the window closes itself (the modal opened it without an opener), by a script file.
    expect(completed).toContain('<script src="/checkout-close.js" defer></script>')
    const script = await sandbox.app.request('/checkout-close.js')
    expect(script.headers.get('content-type')).toContain('text/javascript')
    expect(await script.text()).toBe('window.close()\n')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    const list = await (await get(`/api/orders?address=${buyer.toLowerCase()}`)).json()
    expect(OnrampRule.OrderList.parse(list).orders.map((o) => o.id)).toEqual([created.id])
  })

  test('the declined card: failed with the error on the page, nothing delivered, no second try', async () => {
    const { buyer, order: created } = await order()
    await form(`/checkout/${created.id}/pay`, { ...CARD, number: '4000 0000 0000 0002' })
    expect(await status(created.id)).toMatchObject({ status: 'failed', failureReason: Cards.DECLINED })
    const page = await (await sandbox.app.request(`/checkout/${created.id}`)).text()
    expect(page).toContain(`<p role="alert">${Checkout.escapeHtml(Cards.DECLINED)}</p>`)
    expect((await form(`/checkout/${created.id}/pay`, CARD)).status).toBe(303)
    expect((await status(created.id)).status).toBe('failed')
    expect(await client.getBalance({ address: buyer })).toBe(0n)
  })

  test('the card that asks for a confirmation: the extra step, then delivered; cancelled: failed', async () => {
    const { buyer, quote, order: created } = await order()
    await form(`/checkout/${created.id}/pay`, { ...CARD, number: '4000 0027 6000 3184' })
    expect((await status(created.id)).status).toBe('created')
    expect(await (await sandbox.app.request(`/checkout/${created.id}`)).text()).toContain(
      Checkout.HEADINGS.confirm,
    )
    await form(`/checkout/${created.id}/confirm`, { decision: 'confirm' })
    await sandbox.settled()
    expect((await status(created.id)).status).toBe('completed')
    expect(await client.getBalance({ address: buyer })).toBe(BigInt(quote.purchaseUnits))

    const second = await order()
    await form(`/checkout/${second.order.id}/pay`, { ...CARD, number: '4000002760003184' })
    await form(`/checkout/${second.order.id}/confirm`, { decision: 'cancel' })
    expect(await status(second.order.id)).toMatchObject({
      status: 'failed',
      failureReason: Cards.CONFIRMATION_CANCELLED,
    })
  })

  test('two payments of one order together (a double-click on Pay): one delivery', async () => {
    const { buyer, quote, order: created } = await order()
    expect(await client.getBalance({ address: buyer })).toBe(0n)
    const answers = await Promise.all([
      form(`/checkout/${created.id}/pay`, CARD),
      form(`/checkout/${created.id}/pay`, CARD),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([303, 303])
    await sandbox.settled()
    expect((await status(created.id)).status).toBe('completed')
    expect(await client.getBalance({ address: buyer })).toBe(BigInt(quote.purchaseUnits))
  })

  test('two confirmations of one order together (a double-click on Confirm payment): one delivery', async () => {
    const { buyer, quote, order: created } = await order()
    await form(`/checkout/${created.id}/pay`, { ...CARD, number: '4000 0027 6000 3184' })
    expect((await status(created.id)).status).toBe('created')
    const answers = await Promise.all([
      form(`/checkout/${created.id}/confirm`, { decision: 'confirm' }),
      form(`/checkout/${created.id}/confirm`, { decision: 'confirm' }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([303, 303])
    await sandbox.settled()
    expect((await status(created.id)).status).toBe('completed')
    expect(await client.getBalance({ address: buyer })).toBe(BigInt(quote.purchaseUnits))
  })

  test('a form of another origin, a card that is no test card, an unknown order', async () => {
    const { order: created } = await order()
    expect((await form(`/checkout/${created.id}/pay`, CARD, 'http://localhost:5173')).status).toBe(403)
    expect((await form(`/checkout/${created.id}/pay`, CARD, 'null')).status).toBe(403)
    const refused = await form(`/checkout/${created.id}/pay`, { ...CARD, number: '4111 1111 1111 1111' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain(Checkout.escapeHtml(Cards.NOT_A_TEST_CARD))
    expect((await status(created.id)).status).toBe('created')
    expect((await sandbox.app.request('/checkout/unknown')).status).toBe(404)
  })
})
