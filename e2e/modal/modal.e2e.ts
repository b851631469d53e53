import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import * as Pages from './pages.js'

const { DEMO_URL, MODAL_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'modal')
mkdirSync(ARTIFACTS, { recursive: true })

test.describe('npm package page', () => {
  test('opens with the button; closes with the close button, Escape and a click outside; focus returns', async ({
    page,
  }) => {
    await page.goto(DEMO_URL)
    const connect = page.getByRole('button', { name: 'Connect', exact: true })

    await connect.click()
    await Pages.expectConnectShown(page)
    await expect(page.getByTestId('modal-state')).toHaveText('open (Connect)')
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')
    await Pages.modal(page).getByRole('button', { name: 'Close' }).click()
    await Pages.expectClosed(page)
    await expect(connect).toBeFocused()
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden')

    await connect.click()
    await Pages.expectConnectShown(page)
    await page.keyboard.press('Escape')
    await Pages.expectClosed(page)
    await expect(connect).toBeFocused()

    await connect.click()
    await Pages.expectConnectShown(page)
    await page.mouse.click(10, 10)
    await Pages.expectClosed(page)
    await expect(connect).toBeFocused()
    await expect(page.getByTestId('modal-state')).toHaveText('closed')
  })

  test('the iframe is preloaded with the sandbox, allow and title of ARCHITECTURE.md', async ({ page }) => {
    await page.goto(DEMO_URL)
    const iframe = page.locator('iframe.frontdoor-frame')
    await expect(iframe).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
    )
    await expect(iframe).toHaveAttribute(
      'allow',
      'clipboard-write; publickey-credentials-get; publickey-credentials-create',
    )
    await expect(iframe).toHaveAttribute('title', /Frontdoor/)
    expect(await iframe.getAttribute('src')).toBe(`${MODAL_URL}/?projectId=demo`)
    // Preloaded: the Connect view is rendered in the frame before open() is called.
    await expect(
      Pages.modal(page).getByRole('button', { name: 'WalletConnect', includeHidden: true }),
    ).toHaveCount(1)
  })

  test('the Connect view: methods in order email, social, wallet, with the accessible names of the spec', async ({
    page,
  }) => {
    await page.goto(DEMO_URL)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    const frame = Pages.modal(page)
    await expect(frame.getByRole('textbox', { name: 'Email' })).toBeVisible()
    for (const name of ['Google', 'X', 'Farcaster', 'Discord', 'Apple', 'GitHub', 'Facebook']) {
      await expect(frame.getByRole('button', { name, exact: true })).toBeVisible()
    }
    await expect(frame.getByRole('button', { name: 'All Wallets' })).toBeVisible()
    // The featured wallets come from /getWallets of the real API.
    await expect(frame.getByRole('list', { name: 'Wallets' }).getByRole('button')).toHaveCount(6)
    const order = await frame
      .locator('.fd-connect > *:not(.fd-separator)')
      .evaluateAll((nodes) => nodes.map((n) => n.className))
    expect(order).toEqual(['fd-email', 'fd-socials', 'fd-list'])

    // Keyboard: the email input has focus; arrow keys move between wallets.
    await expect(frame.getByRole('textbox', { name: 'Email' })).toBeFocused()
    await frame.getByRole('button', { name: 'WalletConnect' }).focus()
    await page.keyboard.press('ArrowDown')
    await expect(frame.getByRole('button', { name: 'All Wallets' })).toBeFocused()

    // Tab stays inside the modal: Shift+Tab from the first control (Close) goes to the last one.
    await frame.getByRole('button', { name: 'Close' }).focus()
    await page.keyboard.press('Shift+Tab')
    await expect(frame.getByRole('button', { name: 'All Wallets' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(frame.getByRole('button', { name: 'Close' })).toBeFocused()

    // Enter on WalletConnect opens its pairing view (e2e/walletconnect pairs for real); Back returns.
    await frame.getByRole('button', { name: 'All Wallets' }).focus()
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    await expect(frame.getByRole('heading', { name: 'WalletConnect' })).toBeVisible()
    await frame.getByRole('button', { name: 'Back' }).click()
    await expect(frame.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
  })

  test("the page's injected wallets (EIP-6963) are listed first as Installed", async ({ page }) => {
    // A wallet extension, as the page sees one: it announces itself by EIP-6963.
    await page.addInitScript(() => {
      const detail = Object.freeze({
        info: {
          uuid: '2f1c1b0e-6a4e-4b8f-9a34-2b8e5d7c9f10',
          name: 'Test Wallet',
          icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8' fill='%23f60'/%3E%3C/svg%3E",
          rdns: 'com.example.testwallet',
        },
        provider: { request: async () => null },
      })
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    })
    await page.goto(DEMO_URL)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    const wallets = Pages.modal(page).getByRole('list', { name: 'Wallets' }).getByRole('button')
    await expect(wallets.first()).toHaveAccessibleName('Test Wallet')
    await expect(wallets.first()).toContainText('Installed')
  })

  test('the page switches the modal theme at runtime (setTheme)', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(DEMO_URL)
    const card = Pages.modal(page).locator('.fd-card')
    await expect(card).toHaveAttribute('data-theme', 'light')
    await page.getByRole('button', { name: 'Dark mode' }).click()
    await expect(card).toHaveAttribute('data-theme', 'dark')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })

  test('EIP-6963 discovery finds the provider', async ({ page }) => {
    await page.goto(DEMO_URL)
    const found = await page.evaluate(
      () =>
        new Promise<{ name: string; rdns: string; uuid: string; hasRequest: boolean }[]>((resolve) => {
          const seen: { name: string; rdns: string; uuid: string; hasRequest: boolean }[] = []
          window.addEventListener('eip6963:announceProvider', (event) => {
            const { info, provider } = (event as CustomEvent).detail
            seen.push({ ...info, hasRequest: typeof provider?.request === 'function' })
          })
          window.dispatchEvent(new Event('eip6963:requestProvider'))
          setTimeout(() => resolve(seen), 100)
        }),
    )
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ name: 'Frontdoor', rdns: 'dev.frontdoor', hasRequest: true })
  })

  test('reads a balance on the devnet through the provider and switches network', async ({ page }) => {
    await page.goto(DEMO_URL)
    await page.getByRole('button', { name: 'Read' }).click()
    await expect(page.getByTestId('balance')).toHaveText(/^\d[\d.]* ETH$/)
    await page.getByRole('button', { name: 'Devnet 31338' }).click()
    await expect(page.getByTestId('network')).toHaveText('Devnet 31338 (31338)')
    await expect(page.locator('.log')).toContainText('chainChanged')
    await expect(page.locator('.log')).toContainText('"0x7a6a"')
    // Signing needs a connected account: the standard 4100 error, not a fake signature.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect(page.locator('.log')).toContainText('personal_sign failed')
    await expect(page.locator('.log')).toContainText('4100')
  })
})

test.describe('script-tag page', () => {
  test('one line sets window.frontdoor; the modal opens and closes (button, Escape, outside click)', async ({
    page,
  }) => {
    await page.goto(`${DEMO_URL}/script-tag.html`)
    await expect(page.getByRole('status')).toHaveText(/^Frontdoor is ready/)
    const connect = page.getByRole('button', { name: 'Connect' })
    await connect.click()
    await Pages.expectConnectShown(page)
    await expect(page.getByRole('status')).toHaveText('Frontdoor is ready: the modal is open (disconnected).')
    await page.keyboard.press('Escape')
    await Pages.expectClosed(page)
    await expect(connect).toBeFocused()
    await connect.click()
    await Pages.expectConnectShown(page)
    await page.mouse.click(5, 5)
    await Pages.expectClosed(page)
    await connect.click()
    await Pages.modal(page).getByRole('button', { name: 'Close' }).click()
    await Pages.expectClosed(page)
    await expect(connect).toBeFocused()
  })
})

test.describe('remote configuration', () => {
  test("the project's remote config wins over local options, with the warning 'Local configuration ignored'", async ({
    page,
  }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto(`${DEMO_URL}/script-tag.html`)
    await expect(page.getByRole('status')).toHaveText(/^Frontdoor is ready/)
    await page.evaluate(() => {
      type Sdk = { createFrontdoor: (o: unknown) => { open: () => Promise<void> } }
      const w = window as unknown as { FrontdoorSdk: Sdk; frontdoor: { destroy: () => void } }
      w.frontdoor.destroy()
      const devnet = {
        id: 31337,
        caipNetworkId: 'eip155:31337',
        chainNamespace: 'eip155',
        name: 'Devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [] } },
      }
      const created = w.FrontdoorSdk.createFrontdoor({
        projectId: 'demo',
        networks: [devnet],
        metadata: { name: 'Local options' },
        modalUrl: document
          .querySelector<HTMLScriptElement>('script[data-project-id]')!
          .src.replace('/sdk.js', ''),
        // The demo project turns social login on remotely: these local options lose.
        features: { socials: ['github'], email: false, connectMethodsOrder: ['wallet', 'social', 'email'] },
      })
      void created.open()
    })
    await Pages.expectConnectShown(page)
    const frame = Pages.modal(page)
    await expect(frame.getByRole('button', { name: 'Google', exact: true })).toBeVisible()
    await expect(frame.getByRole('textbox', { name: 'Email' })).toBeVisible()
    // connectMethodsOrder is not in the remote config: the local order applies.
    const order = await frame
      .locator('.fd-connect > *:not(.fd-separator)')
      .evaluateAll((nodes) => nodes.map((n) => n.className))
    expect(order).toEqual(['fd-list', 'fd-socials', 'fd-email'])
    await expect.poll(() => warnings.find((w) => w.startsWith('Local configuration ignored'))).toBeDefined()
  })
})

test.describe('wallet filters on the Connect view', () => {
  /** The directory's first wallets on devnet 31337, as the real API lists them. */
  async function directory() {
    const response = await fetch(
      `${Pages.addresses.API_URL}/getWallets?projectId=demo&page=1&entries=12&chains=eip155:31337`,
    )
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: { id: string; name: string }[] }).data
  }

  /** Makes the script-tag page's Frontdoor again with `filters` and opens it on the Connect view. */
  async function openWith(page: import('@playwright/test').Page, filters: Record<string, string[]>) {
    await page.goto(`${DEMO_URL}/script-tag.html`)
    await expect(page.getByRole('status')).toHaveText(/^Frontdoor is ready/)
    await page.evaluate((options) => {
      type Sdk = { createFrontdoor: (o: unknown) => { open: () => Promise<void> } }
      const w = window as unknown as { FrontdoorSdk: Sdk; frontdoor: { destroy: () => void } }
      w.frontdoor.destroy()
      const created = w.FrontdoorSdk.createFrontdoor({
        projectId: 'demo',
        networks: [
          {
            id: 31337,
            caipNetworkId: 'eip155:31337',
            chainNamespace: 'eip155',
            name: 'Devnet',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: [] } },
            testnet: true,
          },
        ],
        metadata: { name: 'Wallet filters' },
        modalUrl: document
          .querySelector<HTMLScriptElement>('script[data-project-id]')!
          .src.replace('/sdk.js', ''),
        ...options,
      })
      void created.open()
    }, filters)
    await Pages.expectConnectShown(page)
    return Pages.modal(page).getByRole('list', { name: 'Wallets' }).getByRole('button')
  }

  test("featured first in the page's order, excluded wallets never; include keeps only the named ones", async ({
    page,
  }) => {
    const wallets = await directory()
    expect(wallets.length).toBeGreaterThanOrEqual(8)
    const [first, second, , , , featuredA, , featuredB] = wallets
    const names = (list: typeof wallets) => [...list.map((w) => w.name), 'WalletConnect', 'All Wallets']
    const literal = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

    // Without filters: the directory's first four, in its order.
    let rows = await openWith(page, {})
    await expect(rows).toHaveText(names(wallets.slice(0, 4)).map((n) => new RegExp(`^${literal(n)}`)))

    // Featured (B before A, as the page lists them) lead; the first two are excluded.
    rows = await openWith(page, {
      featuredWalletIds: [featuredB!.id, featuredA!.id],
      excludeWalletIds: [first!.id, second!.id],
    })
    const recommended = wallets.filter((w) => ![first, second, featuredA, featuredB].includes(w)).slice(0, 4)
    await expect(rows).toHaveText(
      names([featuredB!, featuredA!, ...recommended]).map((n) => new RegExp(`^${literal(n)}`)),
    )
    await expect(rows.filter({ hasText: first!.name })).toHaveCount(0)

    // Include: only those two, and All Wallets counts them.
    rows = await openWith(page, { includeWalletIds: [featuredA!.id, second!.id] })
    await expect(rows).toHaveText(names([second!, featuredA!]).map((n) => new RegExp(`^${literal(n)}`)))
    await expect(rows.last()).toContainText('2')
  })

  test("All Wallets: 'Certified only' lists the wallets the directory certifies (badge_type=certified)", async ({
    page,
  }) => {
    const query = `${Pages.addresses.API_URL}/getWallets?projectId=demo&page=1&entries=100&chains=eip155:31337`
    const count = async (extra: string) =>
      ((await (await fetch(`${query}${extra}`)).json()) as { count: number }).count
    const [all, certified] = await Promise.all([count(''), count('&badge_type=certified')])
    expect(certified).toBeGreaterThan(0)
    expect(certified).toBeLessThan(all)

    const requests: URL[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/getWallets') requests.push(url)
    })
    await openWith(page, {})
    const frame = Pages.modal(page)
    await frame.getByRole('button', { name: 'All Wallets' }).click()
    const grid = frame.getByRole('list', { name: 'All wallets' }).getByRole('listitem')
    await expect(grid).toHaveCount(Math.min(all, 40))
    expect(requests.some((url) => url.searchParams.has('badge_type'))).toBe(false)

    await frame.getByRole('checkbox', { name: 'Certified only' }).check()
    await expect(grid).toHaveCount(Math.min(certified, 40))
    expect(requests.at(-1)?.searchParams.get('badge_type')).toBe('certified')
  })
})

test.describe('wallet icons', () => {
  test('the Connect view waits for the directory icons to preload, 2000 ms at most', async ({
    page,
    context,
  }) => {
    // Every wallet icon takes 5 s: the rows must wait the preload time (2000 ms), not the icons.
    await context.route(/\/getWalletImage\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 5_000))
      await route.continue().catch(() => {})
    })
    let answered = 0
    page.on('response', (response) => {
      if (!answered && new URL(response.url()).pathname === '/getWallets') answered = Date.now()
    })
    await page.goto(DEMO_URL)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    const rows = Pages.modal(page).getByRole('list', { name: 'Wallets' }).getByRole('button')
    // WalletConnect and All Wallets first; the 4 directory rows once their icons are preloaded.
    await expect(rows).toHaveCount(2)
    await expect(rows).toHaveCount(6, { timeout: 10_000 })
    const shown = Date.now()
    expect(answered).toBeGreaterThan(0)
    expect(shown - answered).toBeGreaterThanOrEqual(1_800)
    expect(shown - answered).toBeLessThan(4_500)
  })
})

test.describe('offline', () => {
  test('All Wallets waits while the browser is offline (no error after the retries) and loads when it is back', async ({
    page,
    context,
  }) => {
    await page.goto(DEMO_URL)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    const frame = Pages.modal(page)
    // Once online, so the view's code is loaded; then back to Connect.
    await frame.getByRole('button', { name: 'All Wallets' }).click()
    const grid = frame.getByRole('list', { name: 'All wallets' })
    await expect(grid).toBeVisible()
    await frame.getByRole('button', { name: 'Back' }).click()
    await expect(frame.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()

    await context.setOffline(true)
    await frame.getByRole('button', { name: 'All Wallets' }).click()
    await expect(frame.getByRole('status').filter({ hasText: 'Loading wallets' })).toBeAttached()
    // Longer than the 3 client retries (1 + 2 + 4 s): nothing was tried, so nothing failed.
    await page.waitForTimeout(8_000)
    await expect(frame.getByText('Wallets could not be loaded')).toHaveCount(0)
    await expect(grid).toHaveCount(0)

    await context.setOffline(false)
    await expect(grid).toBeVisible()
    await expect(frame.getByText('Wallets could not be loaded')).toHaveCount(0)
  })
})

test.describe('embedded and page rules', () => {
  test('creating twice returns the first instance; after destroy, append: false lets the page place the dialog', async ({
    page,
  }) => {
    await page.goto(`${DEMO_URL}/script-tag.html`)
    await expect(page.getByRole('status')).toHaveText(/^Frontdoor is ready/)
    const result = await page.evaluate((modalUrl) => {
      type Sdk = { createFrontdoor: (o: unknown) => { element: HTMLElement; destroy: () => void } }
      const w = window as unknown as { FrontdoorSdk: Sdk; frontdoor: unknown }
      const devnet = {
        id: 31337,
        caipNetworkId: 'eip155:31337',
        chainNamespace: 'eip155',
        name: 'Devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [] } },
      }
      const options = {
        projectId: 'demo',
        networks: [devnet],
        metadata: { name: 'Twice' },
        modalUrl,
      }
      const same = w.FrontdoorSdk.createFrontdoor(options) === w.frontdoor
      ;(w.frontdoor as { destroy: () => void }).destroy()
      const gone = document.querySelectorAll('dialog.frontdoor-dialog').length
      const placed = w.FrontdoorSdk.createFrontdoor({ ...options, append: false })
      const appended = placed.element.isConnected
      document.querySelector('main')!.append(placed.element)
      ;(window as unknown as { placed: unknown }).placed = placed
      return { same, gone, appended }
    }, MODAL_URL)
    expect(result).toEqual({ same: true, gone: 0, appended: false })
    await page.evaluate(() => (window as unknown as { placed: { open: () => Promise<void> } }).placed.open())
    await Pages.expectConnectShown(page)
    await page.keyboard.press('Escape')
    await Pages.expectClosed(page)
  })

  test('inline mode renders the modal inside the page element, with no dialog, themed by the page', async ({
    page,
  }) => {
    await page.goto(`${DEMO_URL}/embedded.html`)
    await expect(page.locator('dialog')).toHaveCount(0)
    const iframe = page.locator('#frontdoor iframe.frontdoor-frame')
    await expect(iframe).toHaveAttribute('src', `${MODAL_URL}/?projectId=demo&mode=inline`)
    const frame = page.frameLocator('#frontdoor iframe')
    await expect(frame.getByRole('button', { name: 'WalletConnect' })).toBeVisible()
    await expect(frame.getByRole('button', { name: 'Close' })).toHaveCount(0)
    await expect(frame.locator('.fd-card')).toHaveCSS('border-radius', '16px')
    await expect(frame.getByRole('button', { name: 'Continue' })).toHaveCSS('color', 'rgb(95, 95, 105)')
    await frame.getByRole('textbox', { name: 'Email' }).fill('a@b.co')
    await expect(frame.getByRole('button', { name: 'Continue' })).toHaveCSS(
      'background-color',
      'rgb(15, 123, 95)',
    )
    await page.screenshot({ path: join(ARTIFACTS, 'connect-inline.png') })
  })

  test('a page whose CSP blocks the frame gets a console error naming the frame-src to allow', async ({
    page,
  }) => {
    const strict = await Pages.serveForeignPage(
      5197,
      `<!doctype html><html lang="en"><head><title>Strict CSP</title></head><body>
       <script src="${MODAL_URL}/sdk.js" data-project-id="demo"></script></body></html>`,
      { 'content-security-policy': `script-src ${MODAL_URL}; frame-src 'none'` },
    )
    try {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      await page.goto(strict.url)
      await expect
        .poll(() => errors.find((e) => e.startsWith('Frontdoor:')))
        .toBe(
          `Frontdoor: this page's Content-Security-Policy blocks the modal frame. Add ${MODAL_URL} to frame-src, e.g. "frame-src ${MODAL_URL}".`,
        )
    } finally {
      await strict.close()
    }
  })
})

test.describe('failures', () => {
  test('when the modal never answers, requests fail with 4900 after the frame load timeout and the console says why', async ({
    page,
  }) => {
    const dead = 'http://127.0.0.1:5194'
    const site = await Pages.serveForeignPage(
      5195,
      `<!doctype html><html lang="en"><head><title>Dead modal</title></head><body>
       <script src="${MODAL_URL}/sdk.js" data-project-id="demo" data-chain-ids="31337" data-modal-url="${dead}"></script>
       </body></html>`,
    )
    try {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      await page.clock.install()
      await page.goto(site.url)
      const answer = page.evaluate(() =>
        (
          window as unknown as { frontdoor: { provider: { request: (a: unknown) => Promise<unknown> } } }
        ).frontdoor.provider
          .request({ method: 'eth_blockNumber' })
          .catch((e: { code: number; message: string }) => ({ code: e.code, message: e.message })),
      )
      await page.clock.fastForward(20_000)
      expect(await answer).toEqual({ code: 4900, message: 'The Provider is disconnected from all chains.' })
      expect(errors).toContain(`Frontdoor: the modal at ${dead} did not answer within 20 s`)
    } finally {
      await site.close()
    }
  })
})

test.describe('origins', () => {
  test("a page whose origin is not allowed sees 'Invalid App Configuration'", async ({ page }) => {
    const foreign = await Pages.serveForeignPage(
      5199,
      `<!doctype html><html lang="en"><head><title>Not allowed</title></head><body>
       <button id="open">Open</button>
       <script src="${MODAL_URL}/sdk.js" data-project-id="demo" data-chain-ids="31337"></script>
       <script>document.getElementById('open').onclick = () => window.frontdoor.open()</script>
       </body></html>`,
    )
    try {
      await page.goto(foreign.url)
      await page.getByRole('button', { name: 'Open' }).click()
      const frame = Pages.modal(page)
      await expect(frame.getByRole('alert')).toContainText('Invalid App Configuration')
      await page.screenshot({ path: join(ARTIFACTS, 'alert-invalid-app-configuration.png') })
      // Nothing else of the modal is offered.
      await expect(frame.getByRole('button', { name: 'WalletConnect' })).toHaveCount(0)
      const answer = await page.evaluate(() =>
        (
          window as unknown as { frontdoor: { provider: { request: (a: unknown) => Promise<unknown> } } }
        ).frontdoor.provider
          .request({ method: 'eth_blockNumber' })
          .catch((e: { code: number }) => e.code),
      )
      expect(answer).toBe(4100)
    } finally {
      await foreign.close()
    }
  })

  test("a page without a project id sees 'Project ID Not Configured' and can still close the modal", async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const bare = await Pages.serveForeignPage(
      5196,
      `<!doctype html><html lang="en"><head><title>No project</title></head><body>
       <button id="open">Open</button>
       <script src="${MODAL_URL}/sdk.js" data-chain-ids="31337"></script>
       <script>document.getElementById('open').onclick = () => window.frontdoor.open()</script>
       </body></html>`,
    )
    try {
      await page.goto(bare.url)
      expect(errors).toContain('Frontdoor: add data-project-id="<your project id>" to the sdk.js script tag')
      const open = page.getByRole('button', { name: 'Open' })
      await open.click()
      await expect(Pages.modal(page).getByRole('alert')).toContainText('Project ID Not Configured')
      await page.keyboard.press('Escape')
      await Pages.expectClosed(page)
      await expect(open).toBeFocused()
    } finally {
      await bare.close()
    }
  })

  test('a hostile page that posts junk messages at the frame changes nothing', async ({ page, context }) => {
    const hostile = await Pages.serveForeignPage(
      5198,
      `<!doctype html><html lang="en"><head><title>Hostile</title></head><body><script>
       window.attack = (target) => {
         const junk = [
           'open', null, 42, { type: 'open' }, { method: 'open', args: [] },
           { namespace: 'penpal', type: 'SYN', participantId: 'evil' },
           { namespace: 'penpal', type: 'CALL', id: '1', methodPath: ['open'], args: [{}] },
           { namespace: 'penpal', type: 'CALL', id: '2', methodPath: ['request'], args: [{ method: 'eth_accounts' }] },
         ]
         for (const message of junk) target.postMessage(message, '*')
       }
       </script></body></html>`,
    )
    try {
      const demo = await context.newPage()
      await demo.goto(DEMO_URL)
      await Pages.expectClosed(demo)
      // The hostile page gets a handle on the demo's frame (as an opener or embedder would) and floods it.
      await page.goto(hostile.url)
      const popupPromise = page.waitForEvent('popup')
      await page.evaluate((url) => {
        ;(window as unknown as { victim: Window | null }).victim = window.open(url)
      }, DEMO_URL)
      const popup = await popupPromise
      await popup.waitForLoadState('load')
      await popup.waitForFunction(() => document.querySelector('iframe.frontdoor-frame'))
      await page.evaluate(() => {
        const w = window as unknown as { victim: Window; attack: (t: Window) => void }
        for (let i = 0; i < 20; i++) w.attack(w.victim.frames[0]!)
      })
      await popup.waitForTimeout(300)
      await Pages.expectClosed(popup)
      await expect(popup.getByTestId('modal-state')).toHaveText('closed')
      // The modal still works for its real host.
      await popup.getByRole('button', { name: 'Connect', exact: true }).click()
      await Pages.expectConnectShown(popup)
      await popup.keyboard.press('Escape')
      await Pages.expectClosed(popup)
    } finally {
      await hostile.close()
    }
  })
})

test.describe('looks and accessibility', () => {
  for (const layout of [
    { name: 'light', colorScheme: 'light' as const, viewport: { width: 1100, height: 800 } },
    { name: 'dark', colorScheme: 'dark' as const, viewport: { width: 1100, height: 800 } },
    { name: 'phone', colorScheme: 'light' as const, viewport: { width: 360, height: 740 } },
  ]) {
    test(`Connect view, ${layout.name}: screenshot and no axe-core violations`, async ({ page }) => {
      await page.setViewportSize(layout.viewport)
      await page.emulateMedia({ colorScheme: layout.colorScheme })
      await page.goto(DEMO_URL)
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      await Pages.expectConnectShown(page)
      await expect(Pages.modal(page).getByRole('list', { name: 'Wallets' }).getByRole('button')).toHaveCount(
        6,
      )
      await expect(Pages.modal(page).locator('img').first()).toHaveJSProperty('complete', true)
      await page.screenshot({ path: join(ARTIFACTS, `connect-${layout.name}.png`) })
      const card = await Pages.modal(page).locator('.fd-card').boundingBox()
      if (layout.name === 'phone') {
        // A bottom sheet: full width, resting on the bottom edge.
        expect(card?.width).toBe(360)
        expect(Math.round((card?.y ?? 0) + (card?.height ?? 0))).toBe(740)
      }
      const frame = page.frames().find((f) => f.url().startsWith(MODAL_URL))
      expect(frame).toBeDefined()
      const results = await new AxeBuilder({ page }).include('iframe.frontdoor-frame').analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
      const demoResults = await new AxeBuilder({ page }).analyze()
      expect(demoResults.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
    })
  }
})
