import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import * as Format from '@frontdoor/schemas/presentation/format'
import { expect, test } from '@playwright/test'
import type { Address } from 'viem'
import * as Pages from '../modal/pages.js'
import * as StackControl from '../stack-control.js'
import * as Injected from '../wallets/injected.js'
import * as Account from './account.js'

// Accounts of their own: dev account 2 owns Frontdoor Keys #4 and the spam Free Airdrop Claim #3;
// account 5 receives.
const USER = DEV_ACCOUNTS[2]!
const RECEIVER = DEV_ACCOUNTS[5]!

const MONTHS = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' })

test.describe('account views with an injected wallet', () => {
  test('Account: balances equal the chain; NFTs without spam; send 0.1 ETH and 5 FUSD; Activity grouped with signs', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    await page.goto(Pages.addresses.DEMO_URL)
    await Account.connect(page, wallet)
    await Pages.expectClosed(page)
    const frame = await Account.openAccount(page)

    // Who: the truncated address (4 + 6 characters), a network button, the actions and the tabs.
    await expect(frame.getByText(Format.truncateAddress(wallet.address), { exact: true })).toBeVisible()
    await expect(frame.getByRole('button', { name: 'Network: Devnet 31337' })).toBeVisible()
    for (const name of ['Send', 'Receive', 'Swap', 'Buy', 'Copy address', 'Disconnect'])
      await expect(frame.getByRole('button', { name, exact: true })).toBeVisible()
    await expect(frame.getByRole('tab')).toHaveText(['Tokens', 'NFTs', 'Activity'])

    // Tokens: the amounts the chain holds, 3 decimals; PTS (0 decimals) is not listed.
    const before = await Account.onChain(31337, wallet.address)
    await expect(Account.tokenRow(frame, 'ETH')).toContainText(`${before.ETH} ETH`)
    await expect(Account.tokenRow(frame, 'FUSD')).toContainText(`${before.FUSD} FUSD`)
    await expect(Account.tokenRow(frame, 'DOOR')).toContainText(`${before.DOOR} DOOR`)
    await expect(Account.tokenRow(frame, 'PTS')).toHaveCount(0)
    // The total is the sum of the USD values the API gives.
    const api = await Account.apiBalances(31337, wallet.address)
    const total = api.reduce((sum, b) => sum + (b.value ?? 0), 0)
    await expect(
      frame.getByText(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(total)),
    ).toBeVisible()
    await Account.shot(page, 'account-tokens')

    // NFTs: the owned Frontdoor Key, not the spam collection.
    await frame.getByRole('tab', { name: 'NFTs' }).click()
    const nfts = frame.getByRole('list', { name: 'NFTs' })
    await expect(nfts.getByRole('listitem')).toHaveCount(1)
    await expect(nfts).toContainText('Frontdoor Keys')
    await expect(nfts).toContainText('#4')
    await expect(nfts).not.toContainText('Free Airdrop Claim')
    await Account.shot(page, 'account-nfts')

    // Send 0.1 of the native coin.
    await send(frame, { token: 'Ether', amount: '0.1', to: RECEIVER.address })
    await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect(frame.getByRole('status').filter({ hasText: 'Transaction sent' })).toBeVisible()
    // And 5 of the stablecoin.
    await send(frame, { token: 'Frontdoor USD', amount: '5', to: RECEIVER.address })
    await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()

    // The balances follow the chain: 5 FUSD and 0.1 ETH (and the fees) less.
    const after = await Account.onChain(31337, wallet.address)
    expect(after.raw.fusd).toBe(before.raw.fusd - 5_000_000n)
    expect(after.raw.eth < before.raw.eth - 10n ** 17n).toBe(true)
    await frame.getByRole('tab', { name: 'Tokens' }).click()
    await expect(Account.tokenRow(frame, 'FUSD')).toContainText(`${after.FUSD} FUSD`, { timeout: 15_000 })
    await expect(Account.tokenRow(frame, 'ETH')).toContainText(`${after.ETH} ETH`)

    // Activity: this year, this month, newest first; a send carries no sign (spec section 9).
    await frame.getByRole('tab', { name: 'Activity' }).click()
    const now = new Date()
    const month = frame.getByRole('region', { name: `${MONTHS.format(now)} ${now.getUTCFullYear()}` })
    const rows = month.getByRole('listitem')
    await expect(rows.nth(0)).toContainText('Send', { timeout: 15_000 })
    await expect(rows.nth(0)).toContainText('5 FUSD')
    await expect(rows.nth(1)).toContainText('0.1 ETH')
    await expect(rows.nth(0)).not.toContainText('-5 FUSD')
    await expect(frame.getByRole('heading', { name: String(now.getUTCFullYear()), level: 2 })).toBeVisible()
    await Account.shot(page, 'account-activity')

    // The receiver's Activity: both arrive with '+'.
    const context = await browser.newContext()
    const other = await context.newPage()
    const receiver = await Injected.install(other, {
      privateKey: RECEIVER.privateKey,
      name: 'Receiver Wallet',
    })
    await other.goto(Pages.addresses.DEMO_URL)
    await Account.connect(other, receiver)
    await Pages.expectClosed(other)
    const otherFrame = await Account.openAccount(other)
    await otherFrame.getByRole('tab', { name: 'Activity' }).click()
    const received = otherFrame.getByRole('listitem').filter({ hasText: 'Receive' })
    await expect(received.filter({ hasText: '+5 FUSD' })).toHaveCount(1)
    await expect(received.filter({ hasText: '+0.1 ETH' })).toHaveCount(1)
    await Account.shot(other, 'account-activity-receiver')
    await context.close()
  })

  test('SwitchNetwork: to 31338 and back; Receive; ProfileWallets', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: Pages.addresses.MODAL_URL,
    })
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    await page.goto(Pages.addresses.DEMO_URL)
    await Account.connect(page, wallet)
    await Pages.expectClosed(page)
    const frame = await Account.openAccount(page)

    await frame.getByRole('button', { name: 'Network: Devnet 31337' }).click()
    await expect(frame.getByRole('heading', { name: 'Choose Network' })).toBeVisible()
    const networks = frame.getByRole('list', { name: 'Networks' })
    await expect(networks.getByRole('button', { name: /Devnet 31337/ })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await Account.shot(page, 'switch-network')
    await networks.getByRole('button', { name: /Devnet 31338/ }).click()
    await expect(frame.getByRole('button', { name: 'Network: Devnet 31338' })).toBeVisible()
    expect(wallet.chainId()).toBe(31338)
    await expect(page.getByTestId('network')).toHaveText('Devnet 31338 (31338)')
    const on31338 = await Account.onChain(31338, wallet.address as Address)
    await expect(Account.tokenRow(frame, 'FUSD')).toContainText(`${on31338.FUSD} FUSD`)
    await Account.shot(page, 'account-31338')
    await frame.getByRole('button', { name: 'Network: Devnet 31338' }).click()
    await frame
      .getByRole('list', { name: 'Networks' })
      .getByRole('button', { name: /Devnet 31337/ })
      .click()
    await expect(frame.getByRole('button', { name: 'Network: Devnet 31337' })).toBeVisible()
    expect(wallet.chainId()).toBe(31337)

    // Receive: the address as QR and text, copy, the networks it works on.
    await frame.getByRole('button', { name: 'Receive', exact: true }).click()
    await expect(frame.getByRole('img', { name: `QR code of ${wallet.address}` })).toBeVisible()
    await expect(frame.getByText(wallet.address, { exact: true })).toBeVisible()
    await expect(frame.getByRole('list', { name: 'Networks' }).getByRole('listitem')).toHaveText([
      /Devnet 31337/,
      /Devnet 31338/,
    ])
    await frame.getByRole('button', { name: 'Copy address' }).click()
    await expect(frame.getByRole('status').filter({ hasText: 'Address copied' })).toBeVisible()
    await Account.shot(page, 'receive')
    await frame.getByRole('button', { name: 'Back' }).click()

    // Send: an address with a name shows the receiver's name (identity of dev account 0).
    await frame.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(frame.getByRole('heading', { name: 'Send' })).toBeVisible()
    await frame.getByLabel('To', { exact: true }).fill(DEV_ACCOUNTS[0]!.address)
    await expect(frame.getByTestId('receiver')).toContainText('devnet.frontdoor.id')
    await Account.shot(page, 'send-receiver-name')
    await frame.getByLabel('To', { exact: true }).fill('')
    await frame.getByRole('button', { name: 'Back' }).click()

    // ProfileWallets: the demo project has multi-wallet on: the current wallet, and a way to add one.
    await frame.getByRole('button', { name: /Manage wallets/ }).click()
    await expect(frame.getByRole('heading', { name: 'Wallets' })).toBeVisible()
    const current = frame.getByRole('list', { name: 'Wallets' }).getByRole('listitem').first()
    await expect(current).toContainText(wallet.name)
    await expect(current).toContainText('Current')
    await expect(current).toContainText(Format.truncateAddress(wallet.address))
    await expect(frame.getByRole('button', { name: 'Add wallet' })).toBeVisible()
    await Account.shot(page, 'profile-wallets')
  })

  test('UnsupportedChain: a wallet on a chain the page does not list; switching brings Account', async ({
    page,
  }) => {
    const wallet = await Injected.install(page, {
      privateKey: USER.privateKey,
      chainId: 1,
      knownChains: [1, 31337, 31338],
    })
    await page.goto(Pages.addresses.DEMO_URL)
    await Account.connect(page, wallet)
    const frame = Pages.modal(page)
    await expect(frame.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
    await expect(frame.getByText('Network not supported')).toBeVisible()
    await expect(frame.getByText(/Your wallet is on chain 1/)).toBeVisible()
    await Account.shot(page, 'unsupported-chain')
    await frame
      .getByRole('list', { name: 'Supported networks' })
      .getByRole('button', { name: /Devnet 31337/ })
      .click()
    await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
    expect(wallet.chainId()).toBe(31337)

    // The wallet's user moves to an unlisted chain in the extension: UnsupportedChain again.
    await frame.getByRole('button', { name: 'Close' }).click()
    await Pages.expectClosed(page)
    await wallet.switchTo(10)
    await expect(Pages.dialog(page)).toHaveAttribute('open', '')
    await expect(frame.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
  })
})

test('API down: Token Balance Unavailable with its 30 s retry lock; Failed to fetch transactions empties Activity', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const wallet = await Injected.install(page, { privateKey: USER.privateKey })
  await page.goto(Pages.addresses.DEMO_URL)
  await Account.connect(page, wallet)
  await Pages.expectClosed(page)
  const frame = await Account.openAccount(page)
  // Activity on 31338 once, while the API answers: it lists the seeded transfers.
  await frame.getByRole('button', { name: 'Network: Devnet 31337' }).click()
  await frame
    .getByRole('list', { name: 'Networks' })
    .getByRole('button', { name: /Devnet 31338/ })
    .click()
  await frame.getByRole('tab', { name: 'Activity' }).click()
  await expect(frame.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
  await frame.getByRole('button', { name: 'Network: Devnet 31338' }).click()
  await frame
    .getByRole('list', { name: 'Networks' })
    .getByRole('button', { name: /Devnet 31337/ })
    .click()
  await expect(frame.getByRole('button', { name: 'Network: Devnet 31337' })).toBeVisible()

  // Every toast the modal shows, in order (a later one replaces an earlier one within 150 ms).
  const modalFrame = page.frames().find((f) => f.url().startsWith(Pages.addresses.MODAL_URL))!
  await modalFrame.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { __toasts: string[] }).__toasts = seen
    new MutationObserver(() => {
      const text = document.querySelector('.fd-toast')?.textContent
      if (text && seen.at(-1) !== text) seen.push(text)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  const balanceRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/balance?')) balanceRequests.push(request.url())
  })

  // A real fault: the API stops. The cached 31338 data is stale after 15 s (history) and 30 s (balances).
  await StackControl.stopPart('api')
  try {
    await page.waitForTimeout(31_000)
    await frame.getByRole('button', { name: 'Network: Devnet 31337' }).click()
    await frame
      .getByRole('list', { name: 'Networks' })
      .getByRole('button', { name: /Devnet 31338/ })
      .click()
    // 3 retries, 1 s doubled: the toasts come about 7 s later.
    await expect
      .poll(() => modalFrame.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts), {
        timeout: 20_000,
      })
      .toEqual(expect.arrayContaining(['Token Balance Unavailable', 'Failed to fetch transactions']))
    await expect(frame.getByText('No activity yet.')).toBeVisible()
    await Account.shot(page, 'api-down')
    const after = balanceRequests.filter((url) => url.includes('eip155%3A31338')).length
    expect(after).toBe(4)

    // Within the 30 s lock, showing the Account view again sends no balance request.
    await frame.getByRole('button', { name: 'Close' }).click()
    await Account.openAccount(page)
    await page.waitForTimeout(3_000)
    expect(balanceRequests.filter((url) => url.includes('eip155%3A31338'))).toHaveLength(after)
  } finally {
    await StackControl.startPart('api')
  }
})

/** Goes through the Send flow from the Account view: token, amount, receiver, preview (with the fee), Send. */
async function send(
  frame: ReturnType<typeof Pages.modal>,
  options: { token: string; amount: string; to: string },
) {
  await frame.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(frame.getByRole('heading', { name: 'Send' })).toBeVisible()
  // The spec's error before anything is entered.
  await frame.getByRole('button', { name: 'Preview send' }).click()
  await expect(frame.getByRole('alert')).toHaveText('An amount and receiver address are required')
  await frame.getByLabel('Amount', { exact: true }).fill(options.amount)
  await frame.getByLabel('To', { exact: true }).fill(options.to)
  await frame.getByRole('button', { name: 'Preview send' }).click()
  await expect(frame.getByRole('alert')).toHaveText('A token is required')
  await frame.getByRole('button', { name: /choose token/ }).click()
  await frame
    .getByRole('list', { name: 'Select token' })
    .getByRole('button', { name: new RegExp(`^${options.token}`) })
    .click()
  await expect(frame.getByLabel('Amount', { exact: true })).toHaveValue(options.amount)
  await expect(frame.getByTestId('receiver')).toContainText(Format.truncateAddress(options.to))
  await frame.getByRole('button', { name: 'Preview send' }).click()
  await expect(frame.getByText('Network fee')).toBeVisible()
  await expect(frame.getByText(/ETH \(\$/)).toBeVisible()
  await frame.getByRole('button', { name: 'Send', exact: true }).click()
}
