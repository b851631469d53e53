import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { expect, type FrameLocator, type Page, test } from '@playwright/test'
import { createPublicClient, type Hex, http, toHex } from 'viem'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'

/**
 * Multi-wallet on the one-line sdk.js page, with real wallets: the project's WalletConnect test wallet
 * on the relay, the email wallet through the dev mailbox, and an injected EIP-6963 wallet. Adding a
 * wallet keeps the others; "Switch" in Manage wallets makes one current without a new approval or
 * code; the page's provider follows (accountsChanged) and signs with the current one; a reload keeps
 * every wallet listed with its address.
 */

const { DEMO_URL, MAILBOX_URL } = Pages.addresses
const PAGE = `${DEMO_URL}/script-tag.html`
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'multiwallet')
mkdirSync(ARTIFACTS, { recursive: true })

// Accounts of their own, so nothing here moves under other tests.
const WC_USER = DEV_ACCOUNTS[9]!
const INJECTED_USER = DEV_ACCOUNTS[4]!
const SECOND_WC_USER = DEV_ACCOUNTS[3]!

/** How long a test waits for a QR code: a first pairing loads sign-client (slower on a busy machine). */
const QR_TIMEOUT_MS = 15_000
const WC_NAME = 'Frontdoor Test Wallet'

const wallets: WalletConnectWallet.Wallet[] = []
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook wants from this pattern
test.afterEach(async ({}) => {
  for (const wallet of wallets.splice(0)) await wallet.stop()
})

/** Records the provider events the page sees (as a dapp listening on window.frontdoor.provider would). */
async function recordEvents(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as {
      __events: [string, unknown][]
      frontdoor: { provider: { on: (event: string, listener: (value: unknown) => void) => void } }
    }
    w.__events = []
    for (const name of ['accountsChanged', 'chainChanged'])
      w.frontdoor.provider.on(name, (value) => w.__events.push([name, value]))
  })
}
const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: [string, unknown][] }).__events)

const accounts = async (page: Page) =>
  ((await Pages.providerRequest(page, 'eth_accounts')) as { result: string[] }).result

/** The page's frontdoor.open(): Connect while disconnected, Account while connected. */
async function open(page: Page) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(Pages.dialog(page)).toHaveAttribute('open', '')
}

/** Opens Manage wallets (Account view -> the wallet button). */
async function manageWallets(page: Page): Promise<FrameLocator> {
  await open(page)
  const frame = Pages.modal(page)
  await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
  // Right after a reload the Account view may still be loading its chunk: React keeps the view before
  // it (Connect, with wallet buttons of the same class) in the document, hidden, until it shows. The
  // Account view's wallet button is the one visible button of that class.
  const wallet = frame.locator('button.fd-wallet:visible')
  await expect(wallet).toHaveCount(1)
  await wallet.click()
  await expect(frame.getByRole('list', { name: 'Wallets' })).toBeVisible()
  return frame
}

/** The row of Manage wallets that shows `address` (truncated, as the view shows it). */
function row(frame: FrameLocator, address: string) {
  return frame
    .getByRole('list', { name: 'Wallets' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`${address.slice(0, 4)}…${address.slice(-6)}`, 'i') })
}

/** Switches to the kept wallet at `address` from Manage wallets; the modal goes to Account. */
async function switchTo(page: Page, address: string) {
  const frame = await manageWallets(page)
  await row(frame, address).getByRole('button', { name: 'Switch' }).click()
  await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
  await expect.poll(() => accounts(page)).toEqual([address])
  await page.keyboard.press('Escape')
  await Pages.expectClosed(page)
}

/** Pairs the WalletConnect test wallet from the Connect view the modal shows. */
async function pairWalletConnect(page: Page, wallet: WalletConnectWallet.Wallet) {
  const frame = Pages.modal(page)
  await frame.getByRole('button', { name: 'WalletConnect' }).click()
  const figure = frame.locator('figure[data-uri]')
  await expect(figure).toBeVisible({ timeout: QR_TIMEOUT_MS })
  const uri = (await figure.getAttribute('data-uri')) as string
  await wallet.approve(await wallet.pair(uri))
  await Pages.expectClosed(page)
}

/**
 * A public client on the devnet: an email wallet signs as its smart account (ERC-6492 before it is deployed,
 * ERC-1271 after), which only a client that can call the chain verifies; an EOA's signature too.
 */
const { verifyMessage } = createPublicClient({ transport: http(Pages.addresses.DEVNET_31337_URL) })

/** personal_sign through the page's provider; the signature is checked against `address`. */
async function signs(page: Page, address: `0x${string}`, text: string, approve?: () => Promise<void>) {
  const message = toHex(text)
  const signing = Pages.providerRequest(page, 'personal_sign', [message, address])
  await approve?.()
  const signed = await signing
  expect(signed).toHaveProperty('result')
  const signature = (signed as { result: Hex }).result
  expect(await verifyMessage({ address, message: { raw: message }, signature })).toBe(true)
}

/** How many mails the dev mailbox holds for `to`. */
async function mails(to: string): Promise<number> {
  const response = await fetch(`${MAILBOX_URL}/messages?${new URLSearchParams({ to })}`)
  return ((await response.json()) as unknown[]).length
}

test.describe('multi-wallet', () => {
  test('sdk.js page: WalletConnect, add an email wallet, switch back and sign, switch to email without a code and sign, reload keeps both', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    // Playwright's context denies the cross-site auth frame its localStorage: the email session is its
    // partitioned cookie, which the reload keeps.
    const wc = await WalletConnectWallet.create({ privateKey: WC_USER.privateKey })
    wallets.push(wc)
    await page.goto(PAGE)
    await recordEvents(page)

    // 1. A WalletConnect wallet.
    await open(page)
    await Pages.expectConnectShown(page)
    await pairWalletConnect(page, wc)
    expect(await accounts(page)).toEqual([wc.address])

    // 2. "Add wallet": an email wallet through the dev mailbox. The WalletConnect session stays alive.
    let frame = await manageWallets(page)
    await frame.getByRole('button', { name: 'Add wallet' }).click()
    const email = Embedded.freshEmail('multi')
    const sentAfter = Date.now() - 1000
    const input = frame.getByRole('textbox', { name: 'Email' })
    await input.fill(email)
    await input.press('Enter')
    await frame.getByRole('textbox', { name: 'Code' }).fill(await Embedded.otpFor(email, sentAfter))
    await Pages.expectClosed(page)
    await expect.poll(() => accounts(page)).not.toEqual([wc.address])
    const [emailAddress] = (await accounts(page)) as [`0x${string}`]
    expect(emailAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(wc.connected()).toBe(true)

    // Manage wallets lists both, each with its address; the email wallet is current.
    frame = await manageWallets(page)
    await expect(row(frame, emailAddress)).toContainText('Current')
    await expect(row(frame, wc.address)).toContainText(WC_NAME)
    await page.screenshot({ path: join(ARTIFACTS, 'manage-wallets-two.png') })
    await page.keyboard.press('Escape')
    await Pages.expectClosed(page)

    // 3. Switch back to WalletConnect: no new pairing or approval; the page hears accountsChanged.
    const askedBefore = wc.requests.length
    await switchTo(page, wc.address)
    expect(await events(page)).toContainEqual(['accountsChanged', [wc.address]])
    await signs(page, wc.address, 'Signed by the WalletConnect wallet after a switch')
    expect(wc.requests.slice(askedBefore).map((r) => r.method)).toEqual(['personal_sign'])

    // 4. Switch to the email wallet: no new code, and it signs (approved in the auth frame).
    const mailsBefore = await mails(email)
    await switchTo(page, emailAddress)
    expect(await events(page)).toContainEqual(['accountsChanged', [emailAddress]])
    await signs(page, emailAddress, 'Signed by the email wallet after a switch', async () => {
      const auth = Embedded.authFrame(page)
      await expect(auth.getByRole('button', { name: 'Approve' })).toBeEnabled()
      await page.screenshot({ path: join(ARTIFACTS, 'email-approve-after-switch.png') })
      await auth.getByRole('button', { name: 'Approve' }).click()
    })
    expect(await mails(email)).toBe(mailsBefore)

    // 5. Reload: the email wallet is current again, and both are still listed with their addresses.
    await page.reload()
    await expect.poll(() => accounts(page), { timeout: 15_000 }).toEqual([emailAddress])
    frame = await manageWallets(page)
    await expect(row(frame, emailAddress)).toContainText('Current')
    await expect(row(frame, wc.address)).toContainText(WC_NAME)
    await page.screenshot({ path: join(ARTIFACTS, 'manage-wallets-after-reload.png') })
    await page.keyboard.press('Escape')
    // And the WalletConnect wallet still answers after the reload, without a new pairing.
    await switchTo(page, wc.address)
    await signs(page, wc.address, 'Signed after the reload')
    expect(await mails(email)).toBe(mailsBefore)
  })

  test('injected <-> WalletConnect: switch both ways, each signs, no new approval; delete ends only one', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const injected = await Injected.install(page, { privateKey: INJECTED_USER.privateKey })
    const wc = await WalletConnectWallet.create({ privateKey: WC_USER.privateKey })
    wallets.push(wc)
    await page.goto(PAGE)
    await recordEvents(page)

    await open(page)
    await Pages.expectConnectShown(page)
    await Pages.modal(page).getByRole('button', { name: injected.name }).click()
    await Pages.expectClosed(page)
    expect(await accounts(page)).toEqual([injected.address])

    const frame = await manageWallets(page)
    await frame.getByRole('button', { name: 'Add wallet' }).click()
    await pairWalletConnect(page, wc)
    expect(await accounts(page)).toEqual([wc.address])
    // The injected wallet kept its permission.
    expect(injected.authorized()).toBe(true)

    // The WalletConnect wallet moves to 31338; the injected one stays on 31337.
    expect(await Pages.providerRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({
      result: null,
    })
    expect([wc.chainId(), injected.chainId()]).toEqual([31338, 31337])

    // Each switch: the page hears accountsChanged and chainChanged, and the wallet now current signs.
    let seen = (await events(page)).length
    const heard = async () => (await events(page)).slice(seen)
    await switchTo(page, injected.address)
    expect(await heard()).toEqual(
      expect.arrayContaining([
        ['accountsChanged', [injected.address]],
        ['chainChanged', '0x7a69'],
      ]),
    )
    expect(await Pages.providerRequest(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
    await signs(page, injected.address, 'Injected after a switch')
    seen = (await events(page)).length
    await switchTo(page, wc.address)
    expect(await heard()).toEqual(
      expect.arrayContaining([
        ['accountsChanged', [wc.address]],
        ['chainChanged', '0x7a6a'],
      ]),
    )
    await signs(page, wc.address, 'WalletConnect after a switch')
    expect(wc.requests.at(-1)?.chainId).toBe('eip155:31338')
    await switchTo(page, injected.address)
    await signs(page, injected.address, 'Injected again')
    // No new approval: the injected wallet was asked for its accounts once, the WalletConnect one paired once.
    expect(injected.requests.filter((r) => r.method === 'eth_requestAccounts')).toHaveLength(1)
    expect(wc.requests.map((r) => r.method)).toEqual(['wallet_switchEthereumChain', 'personal_sign'])

    // Delete the WalletConnect wallet: its session ends, the injected one stays current.
    const manage = await manageWallets(page)
    await expect(row(manage, wc.address)).toContainText(WC_NAME)
    await expect(row(manage, injected.address)).toContainText('Current')
    await page.screenshot({ path: join(ARTIFACTS, 'manage-wallets-injected-walletconnect.png') })
    await row(manage, wc.address).getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => wc.connected()).toBe(false)
    await expect(row(manage, wc.address)).toHaveCount(0)
    expect(await accounts(page)).toEqual([injected.address])
    expect(injected.authorized()).toBe(true)
  })

  test('two WalletConnect wallets side by side: both kept, switch and sign with each, a reload keeps both, delete ends one session', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const first = await WalletConnectWallet.create({ privateKey: WC_USER.privateKey, name: 'First Wallet' })
    const second = await WalletConnectWallet.create({
      privateKey: SECOND_WC_USER.privateKey,
      name: 'Second Wallet',
    })
    wallets.push(first, second)
    await page.goto(PAGE)
    await open(page)
    await Pages.expectConnectShown(page)
    await pairWalletConnect(page, first)
    const manage = await manageWallets(page)
    await manage.getByRole('button', { name: 'Add wallet' }).click()
    await pairWalletConnect(page, second)
    expect(await accounts(page)).toEqual([second.address])
    // Pairing the second did not end the first session.
    expect(first.connected()).toBe(true)

    await switchTo(page, first.address)
    await signs(page, first.address, 'First WalletConnect wallet')
    await switchTo(page, second.address)
    await signs(page, second.address, 'Second WalletConnect wallet')
    expect([first.requests.map((r) => r.method), second.requests.map((r) => r.method)]).toEqual([
      ['personal_sign'],
      ['personal_sign'],
    ])

    // A reload: both sessions are still listed, and the first answers without a new pairing.
    await page.reload()
    await expect.poll(() => accounts(page), { timeout: 15_000 }).toEqual([second.address])
    const listed = await manageWallets(page)
    await expect(row(listed, first.address)).toContainText('First Wallet')
    await expect(row(listed, second.address)).toContainText('Current')
    await page.screenshot({ path: join(ARTIFACTS, 'manage-wallets-two-walletconnect.png') })
    await page.keyboard.press('Escape')
    await switchTo(page, first.address)
    await signs(page, first.address, 'First after the reload')

    // Delete the second: only its session ends.
    const again = await manageWallets(page)
    await row(again, second.address).getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => second.connected()).toBe(false)
    expect(first.connected()).toBe(true)
    await expect(row(again, second.address)).toHaveCount(0)
    expect(await accounts(page)).toEqual([first.address])
  })
})
