// @vitest-environment jsdom

import { EVENT } from '@frontdoor/schemas/api/analytics'
import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Queries from '../../account/Queries.js'
import * as Track from '../../analytics/Track.js'
import type * as Controller from '../../controller/Controller.js'
import { ControllerContext } from '../../controller/context.js'
import * as Router from '../../router/Router.js'
import type * as Schemas from '../../router/Schemas.js'
import * as Store from '../../store/Store.js'
import { useStore } from '../../store/useStore.js'
import Buy from './Buy.js'
import * as BuyForm from './BuyForm.js'
import * as BuyStore from './BuyStore.js'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

const ALICE = '0x00000000000000000000000000000000000a11ce'
const CHECKOUT = 'http://onramp.test/checkout/order-1'

/** The modal's body: the view the router shows. */
function Shell({ router }: { router: Router.Router }) {
  const { view, data } = useStore(router)
  return view === 'Buy' ? <Buy data={data as Schemas.BuyData} /> : <p data-view={view} />
}

/** What happened, in order: the popup opened, the API asked for the checkout link. */
let events: string[] = []
/** The history's answer for the purchase (none: not paid yet). */
let purchase: 'confirmed' | 'pending' | undefined

function stubApi() {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.includes('/v1/onramp/options'))
      return Response.json({
        paymentCurrencies: ['USD', 'EUR'].map((id) => ({
          id,
          payment_method_limits: [
            { id: 'card', min: '10', max: '7500' },
            { id: 'bank_account', min: '10', max: '25000' },
          ],
        })),
        purchaseCurrencies: [
          {
            id: 'ETH',
            name: 'Ether',
            symbol: 'ETH',
            networks: [
              { name: 'eip155:31337', display_name: 'Devnet', chain_id: '31337', contract_address: '' },
            ],
          },
        ],
      })
    const money = (amount: string, currency = 'USD') => ({ amount, currency })
    if (url.includes('/v1/onramp/quote'))
      return Response.json({
        paymentTotal: money('50.00'),
        paymentSubtotal: money('49.25'),
        providerFee: money('0.50'),
        networkFee: money('0.25'),
        purchaseAmount: money('0.024625', 'ETH'),
        quoteId: 'quote-1',
      })
    if (url.includes('/v1/generators/onrampurl')) {
      events.push('onrampurl')
      return Response.json({ url: CHECKOUT, orderId: 'order-1' })
    }
    if (url.includes('/history'))
      return Response.json({
        data: purchase
          ? [
              {
                id: 'order-1',
                metadata: {
                  operationType: 'buy',
                  hash: '0xabc',
                  chain: 'eip155:31337',
                  minedAt: new Date().toISOString(),
                  sentFrom: '0x1',
                  sentTo: ALICE,
                  status: purchase,
                  nonce: 0,
                },
                transfers: [],
              },
            ]
          : [],
        next: null,
      })
    return Response.json({ balances: [] })
  })
}

/** A window.open that records its call and answers a popup (or null: blocked). */
function stubPopup(blocked = false) {
  const popup = {
    closed: false,
    opener: window as Window | null,
    // Where the popup was when it was sent on: its opener must be gone by then.
    location: { replace: vi.fn((..._args: unknown[]) => events.push(`replace:opener=${popup.opener}`)) },
    close: vi.fn(),
    focus: vi.fn(),
  }
  const open = vi.fn((..._args: unknown[]) => {
    events.push('open')
    return blocked ? null : popup
  })
  vi.stubGlobal('open', open)
  return { popup, open }
}

async function setup(amount: string, preset?: Schemas.BuyData) {
  stubApi()
  const router = Router.create('Account')
  router.push('Buy', preset)
  const state = Store.create({
    address: ALICE,
    chainId: 31337,
    features: { onramp: ['meld', 'coinbase'] },
    host: { info: { networks: [] } },
  })
  const connection = Object.assign(Store.create({ connectorId: 'injected:test' }), {
    current: () => ({ kind: 'injected' }),
  })
  const controller = {
    state,
    connection,
    router,
    env: { apiUrl: 'http://api.test', projectId: 'demo' },
  } as unknown as Controller.Controller
  if (amount) BuyStore.frame.update({ amount })
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () =>
    root.render(
      <ControllerContext value={controller}>
        <Shell router={router} />
      </ControllerContext>,
    ),
  )
  mounted.push({ root, container })
  const buy = () => container.querySelector('button[type="submit"]') as HTMLButtonElement
  return {
    container,
    buy,
    alert: () => container.querySelector('[role="alert"]')?.textContent,
    async click() {
      await vi.waitFor(() => expect(buy()).toBeTruthy())
      await act(async () => buy().click())
    },
  }
}

const mounted: { root: Root; container: HTMLElement }[] = []
afterEach(() => {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount())
    container.remove()
  }
  BuyStore.frame.reset()
  Queries.frame().client.clear()
  vi.unstubAllGlobals()
  events = []
  purchase = undefined
})

describe('Buy', () => {
  test('the popup opens in the click, 600 x 800, before the checkout link is asked; then it is sent there', async () => {
    const { popup, open } = stubPopup()
    const sink = { track: vi.fn() }
    Track.attach(sink)
    const view = await setup('50')
    await vi.waitFor(() => expect(view.container.textContent).toContain('0.024625 ETH'))
    expect(sink.track).not.toHaveBeenCalled()
    await view.click()
    expect(events.slice(0, 2)).toEqual(['open', 'onrampurl'])
    expect(open.mock.calls[0]?.[0]).toBe('about:blank')
    expect(String(open.mock.calls[0]?.[2])).toContain('width=600,height=800')
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalledWith(CHECKOUT))
    // The checkout opened: BUY_STARTED with the connector kind, chain, provider and asset, once.
    expect(sink.track.mock.calls).toEqual([
      [EVENT.BUY_STARTED, { kind: 'injected', chainId: 31337, provider: 'meld', asset: 'ETH' }],
    ])
    // The checkout never holds the modal frame (reverse tabnabbing): opener cut before it is sent on.
    expect(popup.opener).toBeNull()
    expect(events).toContain('replace:opener=null')
    expect(view.container.textContent).toContain('Complete the payment of 50.00 USD in the Meld window.')

    // Closed by the buyer: 'Open checkout' opens it again the same way, blank, disowned, then sent on.
    popup.closed = true
    popup.opener = window
    open.mockClear()
    popup.location.replace.mockClear()
    events = []
    const again = [...view.container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Open checkout',
    )
    await act(async () => again?.click())
    expect(open.mock.calls[0]?.[0]).toBe('about:blank')
    expect(popup.location.replace).toHaveBeenCalledWith(CHECKOUT)
    expect(events).toEqual(['open', 'replace:opener=null'])
    popup.closed = false

    // Paid, then delivered: the view says so and closes the checkout window.
    purchase = 'pending'
    await vi.waitFor(
      () => expect(view.container.textContent).toContain('Sending 0.024625 ETH to your wallet'),
      {
        timeout: 3_000,
      },
    )
    purchase = 'confirmed'
    await vi.waitFor(() => expect(view.container.textContent).toContain('Purchase complete'), {
      timeout: 3_000,
    })
    expect(popup.close).toHaveBeenCalled()
  })

  test('an amount outside the limits is refused with the message and no popup', async () => {
    const { open } = stubPopup()
    const view = await setup('5')
    await view.click()
    expect(view.alert()).toBe(OnrampRule.outOfLimits('card', 'USD'))
    expect(open).not.toHaveBeenCalled()
    expect(events).toEqual([])
  })

  test('a blocked popup: the message, and no checkout link asked', async () => {
    stubPopup(true)
    const view = await setup('50')
    await vi.waitFor(() => expect(view.container.textContent).toContain('0.024625 ETH'))
    await view.click()
    expect(view.alert()).toBe(BuyForm.POPUP_BLOCKED)
    expect(events).toEqual(['open'])
  })

  test("opened with a preset (the Pay view's 'buy first'): the amount and currency filled in", async () => {
    stubPopup()
    const view = await setup('', { amount: '75', asset: 'ETH', currency: 'EUR' })
    await vi.waitFor(() =>
      expect(BuyStore.frame.get()).toMatchObject({ amount: '75', asset: 'ETH', paymentCurrency: 'EUR' }),
    )
    await vi.waitFor(() =>
      expect((view.container.querySelector('input[inputmode="decimal"]') as HTMLInputElement).value).toBe(
        '75',
      ),
    )
    expect((view.container.querySelector('select') as HTMLSelectElement).value).toBe('EUR')
  })
})
