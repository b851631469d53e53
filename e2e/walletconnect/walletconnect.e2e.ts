import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { createPublicClient, type Hex, http, parseEther, toHex, verifyMessage } from 'viem'
import * as Pages from '../modal/pages.js'
import * as StackControl from '../stack-control.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'

const { DEMO_URL, DEVNET_31337_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'walletconnect')
mkdirSync(ARTIFACTS, { recursive: true })

// Accounts of their own, so balances here do not move under other tests.
const USER = DEV_ACCOUNTS[5]!
const RECEIVER = DEV_ACCOUNTS[6]!

/** How long a test waits for a QR code: a first pairing loads sign-client (slower on a busy machine). */
const QR_TIMEOUT_MS = 15_000

const wallets: WalletConnectWallet.Wallet[] = []
async function startWallet(options: Partial<WalletConnectWallet.Options> = {}) {
  const wallet = await WalletConnectWallet.create({ privateKey: USER.privateKey, ...options })
  wallets.push(wallet)
  return wallet
}
const consoleLines: string[] = []
test.beforeEach(({ page }) => {
  consoleLines.length = 0
  page.on('console', (message) => consoleLines.push(`[${message.type()}] ${message.text()}`))
})
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook wants from this pattern
test.afterEach(async ({}, testInfo) => {
  for (const wallet of wallets.splice(0)) await wallet.stop()
  // The page's and the modal's console, kept with a failure.
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('console', { body: consoleLines.join('\n'), contentType: 'text/plain' })
})

/** Opens the modal on Connect and picks the WalletConnect row. */
async function openWalletConnect(page: Page): Promise<FrameLocator> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  const frame = Pages.modal(page)
  await frame.getByRole('button', { name: 'WalletConnect' }).click()
  return frame
}

/** The pairing URI the WalletConnect view shows (its QR code carries it as data-uri too). */
async function shownUri(frame: FrameLocator): Promise<string> {
  const figure = frame.locator('figure[data-uri]')
  // The first pairing of a page loads sign-client and opens the relay socket.
  await expect(figure).toBeVisible({ timeout: QR_TIMEOUT_MS })
  return (await figure.getAttribute('data-uri')) as string
}

/** axe-core's findings inside the modal frame (none expected). */
async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('iframe.frontdoor-frame').analyze()
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)
}

/** Reads a QR code from what is on screen, as a phone's camera would. */
async function scan(qr: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await qr.screenshot())
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data
}

async function expectConnected(page: Page, wallet: WalletConnectWallet.Wallet) {
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('account')).toHaveText(wallet.address)
}

async function signs(page: Page, wallet: WalletConnectWallet.Wallet, text: string) {
  const message = toHex(text)
  const signed = await Pages.providerRequest(page, 'personal_sign', [message, wallet.address])
  expect(signed).toHaveProperty('result')
  const signature = (signed as { result: Hex }).result
  expect(await verifyMessage({ address: wallet.address, message: { raw: message }, signature })).toBe(true)
}

test.describe('WalletConnect', () => {
  test('pair from the QR code -> personal_sign -> eth_sendTransaction -> 31338 -> reload reconnects -> disconnect', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const wallet = await startWallet()
    await page.goto(DEMO_URL)
    const frame = await openWalletConnect(page)
    const qr = frame.getByRole('img', { name: 'QR code to connect with WalletConnect' })
    await expect(qr).toBeVisible({ timeout: QR_TIMEOUT_MS })
    await expect(frame.getByRole('heading', { name: 'WalletConnect' })).toBeVisible()
    const uri = await shownUri(frame)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    // The code on screen scans to the URI; 'Copy link' puts the same URI on the clipboard.
    expect(await scan(qr)).toBe(uri)
    await frame.getByRole('button', { name: 'Copy link' }).click()
    await expect(frame.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uri)
    await page.screenshot({ path: join(ARTIFACTS, 'connecting-walletconnect.png') })
    expect(await accessibilityViolations(page)).toEqual([])

    await wallet.approve(await wallet.pair(uri))
    await Pages.expectClosed(page)
    await expectConnected(page, wallet)
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [wallet.address] })
    await signs(page, wallet, 'Sign in to the Frontdoor demo')

    const sent = await Pages.providerRequest(page, 'eth_sendTransaction', [
      { from: wallet.address, to: RECEIVER.address, value: toHex(parseEther('0.01')) },
    ])
    expect(sent).toHaveProperty('result')
    const chain = createPublicClient({ transport: http(DEVNET_31337_URL) })
    const receipt = await chain.waitForTransactionReceipt({ hash: (sent as { result: Hex }).result })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(RECEIVER.address.toLowerCase())

    expect(await Pages.providerRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({
      result: null,
    })
    expect(wallet.chainId()).toBe(31338)
    await expect(page.getByTestId('network')).toHaveText('Devnet 31338 (31338)')
    expect(await Pages.providerRequest(page, 'eth_chainId')).toEqual({ result: '0x7a6a' })

    // Reload: the stored session comes back without asking the wallet anything.
    const asked = wallet.requests.length
    await page.reload()
    await expectConnected(page, wallet)
    await expect(page.getByTestId('network')).toHaveText('Devnet 31338 (31338)')
    expect(wallet.requests.length).toBe(asked)
    await signs(page, wallet, 'Still here after a reload')
    expect(wallet.requests.at(-1)?.chainId).toBe('eip155:31338')

    // Disconnect from the Account view ends the session on the wallet too.
    await page.getByRole('button', { name: /^0x/ }).click()
    await Pages.modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    await expect.poll(() => wallet.connected()).toBe(false)
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [] })
    await page.reload()
    await page.waitForFunction(() => document.querySelector('iframe.frontdoor-frame'))
    await page.waitForTimeout(500)
    await expect(page.getByTestId('status')).toHaveText('disconnected')
  })

  test("the wallet rejecting the proposal shows 'Connection rejected'; Retry pairs with a fresh URI", async ({
    page,
  }) => {
    const wallet = await startWallet()
    await page.goto(DEMO_URL)
    await page.getByRole('button', { name: 'Dark mode' }).click()
    const frame = await openWalletConnect(page)
    const first = await shownUri(frame)
    await page.screenshot({ path: join(ARTIFACTS, 'connecting-walletconnect-dark.png') })
    expect(await accessibilityViolations(page)).toEqual([])
    await wallet.reject(await wallet.pair(first))
    await expect(frame.getByRole('alert')).toContainText('Connection rejected')
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    await page.screenshot({ path: join(ARTIFACTS, 'connection-rejected.png') })

    await frame.getByRole('button', { name: 'Retry' }).click()
    const second = await shownUri(frame)
    expect(second).not.toBe(first)
    await wallet.approve(await wallet.pair(second))
    await Pages.expectClosed(page)
    await expectConnected(page, wallet)
  })

  test('the relay restarted mid-session: the session still works, and after a reload', async ({ page }) => {
    const wallet = await startWallet()
    await page.goto(DEMO_URL)
    const frame = await openWalletConnect(page)
    await wallet.approve(await wallet.pair(await shownUri(frame)))
    await expectConnected(page, wallet)
    await signs(page, wallet, 'Before the restart')

    await StackControl.stopPart('relay')
    await StackControl.startPart('relay')
    await signs(page, wallet, 'After the restart')
    await page.reload()
    await expectConnected(page, wallet)
    await signs(page, wallet, 'After the restart and a reload')
  })

  test("the relay unreachable: 'Failed to connect' with the reason and Retry, never an endless spinner", async ({
    page,
  }) => {
    await page.goto(DEMO_URL)
    await StackControl.stopPart('relay')
    try {
      const frame = await openWalletConnect(page)
      const alert = frame.getByRole('alert')
      await expect(alert).toContainText('Failed to connect', { timeout: 5000 })
      await expect(alert).toContainText('The WalletConnect relay could not be reached')
      await page.screenshot({ path: join(ARTIFACTS, 'relay-unreachable.png') })
      expect(await accessibilityViolations(page)).toEqual([])
    } finally {
      await StackControl.startPart('relay')
    }
    const frame = Pages.modal(page)
    await frame.getByRole('button', { name: 'Retry' }).click()
    const wallet = await startWallet()
    await wallet.approve(await wallet.pair(await shownUri(frame)))
    await expectConnected(page, wallet)
  })

  test('ConnectingWalletConnectBasic (the one-line script page opens it): the plain QR code, which pairs', async ({
    page,
  }) => {
    const wallet = await startWallet()
    await page.goto(`${DEMO_URL}/script-tag.html`)
    await page.waitForFunction(() => 'frontdoor' in window)
    await page.evaluate(() =>
      (window as unknown as { frontdoor: { open: (o: { view: string }) => Promise<void> } }).frontdoor.open({
        view: 'ConnectingWalletConnectBasic',
      }),
    )
    const frame = Pages.modal(page)
    const qr = frame.getByRole('img', { name: 'QR code to connect with WalletConnect' })
    await expect(qr).toBeVisible({ timeout: QR_TIMEOUT_MS })
    const uri = await shownUri(frame)
    expect(await scan(qr)).toBe(uri)
    await page.screenshot({ path: join(ARTIFACTS, 'connecting-walletconnect-basic.png') })
    await wallet.approve(await wallet.pair(uri))
    await expect(page.locator('#status')).toContainText('(connected)')
  })
})

test.describe('AllWallets', () => {
  test('40 per page and more on scroll, keyboard grid, search, a wallet with its deep links, recent first', async ({
    page,
  }) => {
    await page.goto(DEMO_URL)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    const frame = Pages.modal(page)
    await frame.getByRole('button', { name: 'All Wallets' }).click()
    await expect(frame.getByRole('heading', { name: 'All Wallets' })).toBeVisible()
    const grid = frame.getByRole('list', { name: 'All wallets' })
    await expect(grid.getByRole('button')).toHaveCount(40)
    await page.screenshot({ path: join(ARTIFACTS, 'all-wallets.png') })
    expect(await accessibilityViolations(page)).toEqual([])

    // The end of the list scrolled into view loads the next page (the demo's chains keep 43 of 64).
    await grid.getByRole('button').last().scrollIntoViewIfNeeded()
    await expect(grid.getByRole('button')).toHaveCount(43)

    // Keyboard: one tile in the Tab order; arrows move between tiles.
    const tiles = grid.getByRole('button')
    await tiles.first().focus()
    await page.keyboard.press('ArrowRight')
    await expect(tiles.nth(1)).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(tiles.nth(5)).toBeFocused()
    await page.keyboard.press('End')
    await expect(tiles.last()).toBeFocused()

    const search = frame.getByRole('searchbox', { name: 'Search wallet' })
    await search.fill('aurora')
    const results = frame.getByRole('list', { name: 'Search results' })
    await expect(results.getByRole('button')).toHaveCount(1)
    await expect(frame.getByRole('status').filter({ hasText: '1 wallet found' })).toBeAttached()
    await page.screenshot({ path: join(ARTIFACTS, 'all-wallets-search.png') })
    await search.fill('no such wallet')
    await expect(frame.getByText('No wallet found')).toBeVisible()
    await page.screenshot({ path: join(ARTIFACTS, 'all-wallets-empty.png') })
    await search.fill('aurora')
    await results.getByRole('button', { name: 'Aurora Vault' }).click()

    await expect(frame.getByRole('heading', { name: 'Aurora Vault' })).toBeVisible()
    const qr = frame.getByRole('img', { name: 'QR code to connect Aurora Vault' })
    await expect(qr).toBeVisible({ timeout: QR_TIMEOUT_MS })
    const uri = await shownUri(frame)
    const mobile = frame.getByRole('link', { name: 'Open mobile app' })
    await expect(mobile).toHaveAttribute('href', `auroravault://wc?uri=${encodeURIComponent(uri)}`)
    await expect(frame.getByRole('link', { name: 'Open desktop app' })).toHaveAttribute(
      'href',
      `auroravault-desktop://wc?uri=${encodeURIComponent(uri)}`,
    )
    expect(await scan(qr)).toBe(uri)
    await page.screenshot({ path: join(ARTIFACTS, 'connecting-walletconnect-wallet.png') })
    expect(await accessibilityViolations(page)).toEqual([])

    const wallet = await startWallet()
    await wallet.approve(await wallet.pair(uri))
    await expectConnected(page, wallet)

    // Disconnected again, the Connect view offers Aurora Vault first, as a recent wallet.
    await page.getByRole('button', { name: /^0x/ }).click()
    await frame.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    const rows = frame.getByRole('list', { name: 'Wallets' }).getByRole('button')
    await expect(rows.first()).toHaveAccessibleName('Aurora Vault')
    await expect(rows.first()).toContainText('Recent')
    await page.screenshot({ path: join(ARTIFACTS, 'connect-recent.png') })
  })
})
