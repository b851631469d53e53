// @vitest-environment jsdom

import * as ConvertRule from '@frontdoor/schemas/convert-rules'
import * as Format from '@frontdoor/schemas/presentation/format'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { encodeFunctionData, formatUnits, parseAbi } from 'viem'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Queries from '../../account/Queries.js'
import type * as Controller from '../../controller/Controller.js'
import { ControllerContext } from '../../controller/context.js'
import * as Router from '../../router/Router.js'
import * as Store from '../../store/Store.js'
import { useStore } from '../../store/useStore.js'
import Swap from './Swap.js'
import * as SwapStore from './SwapStore.js'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

// A sent swap is followed elsewhere (Settle.test.ts).
vi.mock('../../account/Settle.js', () => ({ settle: async () => 'indexed' }))

const ALICE = '0x00000000000000000000000000000000000a11ce'
const ROUTER = '0x0000000000000000000000000000000000000e0e'
const FUSD = 'eip155:31337:0x00000000000000000000000000000000000f05d0'
const ETH = ConvertRule.nativeId('eip155:31337')
const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
])

/** The modal's body: the view the router shows. */
function Shell({ router }: { router: Router.Router }) {
  const { view } = useStore(router)
  return view === 'Swap' ? <Swap /> : <p data-view={view} />
}

/**
 * The API: 1 ETH of balance; each quote of 1 ETH gives the next of `quotes` FUSD (the last one again
 * once they run out); each build-transaction builds on the next of `builds` FUSD with 1% off, as the
 * API does from a fresh quote.
 */
function stubApi(options: { quotes: bigint[]; builds: bigint[]; gas?: string; gasPrice?: string }) {
  const quotes = [...options.quotes]
  const builds = [...options.builds]
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.includes('/v1/convert/tokens'))
      return Response.json({
        tokens: [
          { name: 'Ether', symbol: 'ETH', decimals: 18, address: ETH, logoUri: '' },
          { name: 'Frontdoor USD', symbol: 'FUSD', decimals: 6, address: FUSD, logoUri: '' },
        ],
      })
    if (url.includes('/balance'))
      return Response.json({
        balances: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: 'eip155:31337',
            price: 2000,
            value: 2000,
            quantity: { decimals: '18', numeric: '1' },
            iconUrl: '',
          },
        ],
      })
    if (url.includes('/v1/convert/gas-price'))
      return Response.json({ standard: '1000000000', fast: '1250000000', instant: '1500000000' })
    if (url.includes('/v1/convert/quotes')) {
      const out = quotes.length > 1 ? (quotes.shift() as bigint) : (quotes[0] as bigint)
      return Response.json({
        quotes: [
          {
            id: 'q',
            fromAmount: (10n ** 18n).toString(),
            fromAccount: ETH,
            toAmount: out.toString(),
            toAccount: FUSD,
            priceImpact: 0.5,
            feePercent: 0.3,
          },
        ],
      })
    }
    if (url.includes('/v1/convert/build-transaction') && init?.method === 'POST') {
      const out = builds.length > 1 ? (builds.shift() as bigint) : (builds[0] as bigint)
      const data = encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [ConvertRule.minimumOut(out), [], ALICE, 1n],
      })
      return Response.json({
        tx: {
          from: ALICE,
          to: ROUTER,
          data,
          amount: JSON.parse(String(init.body)).amount,
          eip155: { gas: options.gas ?? '200000', gasPrice: options.gasPrice ?? '1000000000' },
        },
      })
    }
    return Response.json({ error: { message: 'not here' } }, { status: 404 })
  })
}

/** The Swap view of a connected injected wallet, with 1 ETH to swap for FUSD typed in. */
async function setup(nativeDecimals = 18, testnet = false) {
  const router = Router.create('Account')
  router.push('Swap')
  const sent: unknown[] = []
  const connection = Object.assign(Store.create({ connectorId: 'injected:test' }), {
    current: () => ({ kind: 'injected' }),
    request: async (method: string, params: unknown[]) => {
      sent.push({ method, params })
      return `0x${'ab'.repeat(32)}`
    },
  })
  const state = Store.create({
    address: ALICE,
    chainId: 31337,
    host: {
      info: {
        networks: [
          {
            caipNetworkId: 'eip155:31337',
            name: 'Devnet',
            chainNamespace: 'eip155',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: nativeDecimals },
            testnet,
          },
        ],
      },
    },
  })
  const controller = {
    state,
    connection,
    router,
    modal: Store.create({ open: true }),
    env: { apiUrl: 'http://api.test', projectId: 'demo' },
  } as unknown as Controller.Controller
  SwapStore.frame.update({ amount: '1' })
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
  const button = (name: string) =>
    [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as
      | HTMLButtonElement
      | undefined
  const details = () =>
    Object.fromEntries(
      [...container.querySelectorAll('.fd-details > div')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    )
  return {
    router,
    container,
    sent,
    details,
    /** Reviews the quote and waits for the built swap. */
    async preview() {
      await vi.waitFor(() => expect(button('Review swap')?.disabled).toBe(false))
      await act(async () => button('Review swap')!.click())
      await vi.waitFor(() => expect(button('Swap')?.disabled).toBe(false))
    },
    async swap() {
      await act(async () => button('Swap')!.click())
      await vi.waitFor(() => expect(SwapStore.frame.get().busy).toBeUndefined())
    },
  }
}

const mounted: { root: Root; container: HTMLElement }[] = []
afterEach(() => {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount())
    container.remove()
  }
  SwapStore.frame.reset()
  Queries.frame().client.clear()
  vi.unstubAllGlobals()
})

const fusd = (amount: bigint) => `${Format.formatAmount(formatUnits(amount, 6))} FUSD`

describe('Minimum received is what the transaction enforces', () => {
  test('the price fell between the preview and the click: nothing is sent, the preview shows the new figures', async () => {
    // Previewed at 2000 FUSD (minimum 1980); by the click the pools give 1900 (the API's minimum 1881).
    stubApi({
      quotes: [2_000_000_000n, 2_000_000_000n, 1_900_000_000n],
      builds: [2_000_000_000n, 1_900_000_000n],
    })
    const t = await setup()
    await t.preview()
    expect(t.details()['Minimum received']).toBe(fusd(1_980_000_000n))
    await t.swap()
    expect(t.sent).toEqual([])
    expect(t.container.querySelector('[role="alert"]')?.textContent).toContain('The price changed')
    expect(t.router.get().view).toBe('Swap')
    await vi.waitFor(() => expect(t.details()['Minimum received']).toBe(fusd(1_881_000_000n)))

    // Swapped at the figures now shown: the transaction's minimum is the one on screen.
    await t.swap()
    expect(t.sent).toHaveLength(1)
    expect(t.router.get().view).toBe('Account')
  })

  test('the price held (or rose): the swap goes out with a minimum no lower than the one shown', async () => {
    stubApi({ quotes: [2_000_000_000n], builds: [2_000_000_000n, 2_010_000_000n] })
    const t = await setup()
    await t.preview()
    await t.swap()
    expect(t.sent).toEqual([
      {
        method: 'eth_sendTransaction',
        params: [expect.objectContaining({ to: ROUTER, value: '0xde0b6b3a7640000' })],
      },
    ])
  })
})

describe('Network fee', () => {
  test("in the chain's native currency decimals", async () => {
    // 100,000 gas at 1,000 units: 10^8 units, 100 of a 6-decimal native coin.
    stubApi({ quotes: [2_000_000_000n], builds: [2_000_000_000n], gas: '100000', gasPrice: '1000' })
    const t = await setup(6)
    await t.preview()
    expect(t.details()['Network fee']).toMatch(/^100 ETH/)
  })

  test('a real estimate, never 0 ETH: 200,000 gas at 1 gwei is 0.0002 ETH, and its USD value at the balance price', async () => {
    stubApi({ quotes: [2_000_000_000n], builds: [2_000_000_000n], gas: '200000', gasPrice: '1000000000' })
    const t = await setup()
    await t.preview()
    expect(t.details()['Network fee']).toBe('0.0002 ETH ($0.40)')
  })
})

describe('a network marked testnet (spec section 5)', () => {
  test('no USD figure on either side, in the token lists or for the fee: token amounts only', async () => {
    stubApi({ quotes: [2_000_000_000n], builds: [2_000_000_000n], gas: '200000', gasPrice: '1000000000' })
    const t = await setup(18, true)
    await vi.waitFor(() => expect(t.container.textContent).toContain('1 ETH'))
    expect(t.container.textContent).not.toContain('$')
    await t.preview()
    expect(t.details()['Network fee']).toBe('0.0002 ETH')
    expect(t.container.textContent).not.toContain('$')
  })
})
