import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { expect, type Page, test } from '@playwright/test'
import { createPublicClient, formatEther, http } from 'viem'
import * as AppKitPageServer from '../appkit/PageServer.js'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'

const { MODAL_URL, DEVNET_31337_URL } = Pages.addresses

// Read-only here: the balance is compared with the chain's, not with a fixed amount.
const USER = DEV_ACCOUNTS[7]!

/**
 * A one-line sdk.js page with the options under test as data attributes: Send turned off, reconnect
 * off. Every state the page's subscriber sees is kept. It is served by a real server (a routed page
 * would not get the loopback address space, and the browser would refuse it the modal) on the origin
 * the global setup adds to the demo project's allowed origins for the AppKit page, free between tests.
 */
const HTML = `<!doctype html><html lang="en"><head><title>State</title></head><body>
  <script src="${MODAL_URL}/sdk.js" data-project-id="demo" data-chain-ids="31337"
    data-features='{"send":false}' data-enable-reconnect="false"></script>
  <script>
    window.states = []
    window.frontdoor.subscribe((state) => window.states.push(state))
  </script>
</body></html>`

type State = Record<string, unknown> & { loading: boolean; status: string }
type TestWindow = Window & {
  states: State[]
  frontdoor: {
    open: (options?: { view?: string }) => Promise<void>
    shake: () => Promise<void>
    getState: () => State
  }
}

let site: { url: string; close: () => Promise<void> }
test.beforeAll(async () => {
  site = await Pages.serveForeignPage(Number(new URL(AppKitPageServer.PAGE_URL).port), HTML)
  expect(site.url).toBe(AppKitPageServer.PAGE_URL)
})
test.afterAll(async () => {
  await site.close()
})

async function openPage(page: Page) {
  await page.goto(site.url)
  await page.waitForFunction(() => (window as unknown as TestWindow).frontdoor !== undefined)
}

const states = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).states)

test.describe("the page's view and control (sdk.js)", () => {
  test('subscribe sees loading, then the connected account with caipAddress, balances and wallet; a view whose feature is off is refused; shake(); reconnect off', async ({
    page,
  }) => {
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    await openPage(page)
    const before = await page.evaluate(() => (window as unknown as TestWindow).frontdoor.getState())
    expect(before).toMatchObject({ status: 'disconnected', loading: false })
    expect(before.caipAddress).toBeUndefined()

    // Connect the injected wallet from the modal.
    await page.evaluate(() => void (window as unknown as TestWindow).frontdoor.open())
    await Pages.expectConnectShown(page)
    await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
    await Pages.expectClosed(page)

    const chain = createPublicClient({ transport: http(DEVNET_31337_URL) })
    const balance = formatEther(await chain.getBalance({ address: wallet.address }))
    await expect
      .poll(async () => (await states(page)).at(-1))
      .toMatchObject({
        status: 'connected',
        loading: false,
        address: wallet.address,
        caipAddress: `eip155:31337:${wallet.address}`,
        preferredAccountType: 'eoa',
        balance,
        balanceSymbol: 'ETH',
      })
    // The wallet it is connected through, and its token balances on the chain (spec section 3): the coin
    // and the devnet's tokens as the balance service reads them, the 0-decimals PTS left out.
    const last = (await states(page)).at(-1)!
    expect(last.connectedWalletInfo).toEqual({
      name: 'Test Wallet',
      icon: expect.stringMatching(/^data:image\//),
      type: 'injected',
      rdns: 'dev.frontdoor.testwallet',
    })
    await expect
      .poll(async () =>
        ((await states(page)).at(-1)?.tokenBalance as { symbol: string }[] | undefined)
          ?.map((b) => b.symbol)
          .sort(),
      )
      .toEqual(['DOOR', 'ETH', 'FUSD'])
    const tokens = (await states(page)).at(-1)?.tokenBalance as {
      symbol: string
      address?: string
      chainId: string
      quantity: { decimals: string; numeric: string }
    }[]
    expect(tokens.find((t) => t.symbol === 'ETH')).toMatchObject({
      chainId: 'eip155:31337',
      quantity: { decimals: '18', numeric: expect.stringMatching(/^\d+(\.\d+)?$/) },
    })
    expect(tokens.find((t) => t.symbol === 'ETH')?.address).toBeUndefined()
    expect(tokens.find((t) => t.symbol === 'FUSD')).toMatchObject({
      address: 'eip155:31337:0x86963C0Be1Ef7dF4273e5c86E918759a97486169',
      quantity: { decimals: '6' },
    })
    // The connection was in flight (loading) before the first connected state.
    const seen = await states(page)
    const loading = seen.findIndex((s) => s.loading)
    const connected = seen.findIndex((s) => s.status === 'connected')
    expect(loading).toBeGreaterThanOrEqual(0)
    expect(loading).toBeLessThan(connected)

    // Send is turned off: open({ view: 'Send' }) is refused with a readable message, the modal stays closed.
    const refused = await page.evaluate(() =>
      (window as unknown as TestWindow).frontdoor.open({ view: 'Send' }).then(
        () => 'opened',
        (error: Error) => error.message,
      ),
    )
    expect(refused).toBe('Cannot open Send: the send feature is off')
    await Pages.expectClosed(page)
    // Receive is on and a wallet is connected: it opens.
    await page.evaluate(() => (window as unknown as TestWindow).frontdoor.open({ view: 'Receive' }))
    await expect(Pages.dialog(page)).toHaveAttribute('open', '')
    await expect(Pages.modal(page).getByRole('heading', { name: 'Receive' })).toBeVisible()

    // shake(): the modal's card shakes, then stops (500 ms).
    const card = Pages.modal(page).locator('.fd-card')
    await expect(card).toHaveAttribute('data-shake', 'false')
    await page.evaluate(() => (window as unknown as TestWindow).frontdoor.shake())
    await expect(card).toHaveAttribute('data-shake', 'true')
    await expect(card).toHaveAttribute('data-shake', 'false', { timeout: 2000 })

    // Reconnect is off: a reload leaves the wallet alone and the page disconnected.
    const asked = wallet.requests.length
    await page.reload()
    await page.waitForFunction(() => (window as unknown as TestWindow).frontdoor !== undefined)
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [] })
    expect(await page.evaluate(() => (window as unknown as TestWindow).frontdoor.getState().status)).toBe(
      'disconnected',
    )
    expect(wallet.requests.slice(asked).map((r) => r.method)).toEqual([])
  })
})
