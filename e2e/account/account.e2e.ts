import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import * as Format from '@frontdoor/schemas/presentation/format'
import { expect, type Page, type Route, test } from '@playwright/test'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as StackControl from '../stack-control.js'
import * as Injected from '../wallets/injected.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'
import * as Account from './account.js'

// Accounts no other e2e test moves: dev account 2 owns Frontdoor Keys #4 and the spam Free Airdrop
// Claim #3; account 1 receives.
const USER = DEV_ACCOUNTS[2]!
const RECEIVER = DEV_ACCOUNTS[1]!

test.describe('account views with an injected wallet', () => {
  test('Account: balances equal the chain; NFTs without spam; send 0.1 ETH and 5 FUSD; Activity grouped with signs on both sides', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    await page.goto(Pages.addresses.DEMO_URL)
    await Account.connect(page, wallet)
    await Pages.expectClosed(page)
    const frame = await Account.openAccount(page)

    await Account.ownerFlow(page, frame, {
      label: 'injected',
      address: wallet.address,
      nfts: ['Frontdoor Keys #4'],
      receiver: RECEIVER.address,
    })

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
    await expect(received.filter({ hasText: '+5 FUSD' }).first()).toBeVisible()
    await expect(received.filter({ hasText: '+0.1 ETH' }).first()).toBeVisible()
    await Account.shot(other, 'injected-receiver-activity')
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

    await Account.switchAndBack(page, frame, wallet, 'injected')

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

test.describe('account views with a WalletConnect wallet', () => {
  test('Account with the profile name; balances equal the chain; NFTs without spam; send 0.1 ETH and 5 FUSD; Activity; 31338 and back', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    // Dev account 0 has the seeded name devnet.frontdoor.id and owns Frontdoor Keys #1 and #2.
    const owner = DEV_ACCOUNTS[0]!
    const wallet = await WalletConnectWallet.create({
      privateKey: owner.privateKey,
      name: 'Account Test Wallet',
    })
    try {
      await page.goto(Pages.addresses.DEMO_URL)
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      await Pages.expectConnectShown(page)
      const connect = Pages.modal(page)
      await connect.getByRole('button', { name: 'WalletConnect' }).click()
      const figure = connect.locator('figure[data-uri]')
      await expect(figure).toBeVisible()
      await wallet.approve(await wallet.pair((await figure.getAttribute('data-uri')) as string))
      await Pages.expectClosed(page)
      const frame = await Account.openAccount(page)
      await Account.ownerFlow(page, frame, {
        label: 'walletconnect',
        address: wallet.address,
        name: 'devnet.frontdoor.id',
        nfts: ['Frontdoor Keys #1', 'Frontdoor Keys #2'],
        receiver: RECEIVER.address,
      })
      expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(2)
      await frame.getByRole('tab', { name: 'Tokens' }).click()
      await Account.switchAndBack(page, frame, wallet, 'walletconnect')
    } finally {
      await wallet.stop()
    }
  })
})

test.describe('account views with an email wallet', () => {
  /** Logs in with a new email, funds its wallet on the devnet, opens Account; returns what the flow needs. */
  async function emailOwner(page: Page) {
    await page.goto(Pages.addresses.DEMO_URL)
    const address = await Embedded.loginByEmail(page, Embedded.freshEmail('account'))
    // The Account view renders (hidden) at login and reads the empty balances then; opening the modal
    // after the funding blocks reads them again at once (balances.e2e.ts), within their 30 s cache.
    await Account.fund(address)
    const frame = await Account.openAccount(page)
    const approve = async () => {
      await expect(frame.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
      const auth = Embedded.authFrame(page)
      await expect(auth.getByRole('button', { name: 'Approve' })).toBeEnabled()
      await Account.shot(page, 'email-approve-send')
      await auth.getByRole('button', { name: 'Approve' }).click()
    }
    return { address, frame, approve }
  }

  test('Account of a new embedded wallet (funded on the devnet): balances, no NFTs, 0.1 ETH approved in the auth frame, Activity, 31338 and back', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    const { address, frame, approve } = await emailOwner(page)
    await Account.ownerFlow(page, frame, {
      label: 'email',
      address,
      nfts: [],
      receiver: RECEIVER.address,
      approve,
      sends: ['ETH'],
    })
    await frame.getByRole('tab', { name: 'Tokens' }).click()
    await Account.switchAndBack(page, frame, { address }, 'email')
  })

  test('5 FUSD from an embedded wallet', async ({ page }) => {
    test.setTimeout(150_000)
    const { address, frame, approve } = await emailOwner(page)
    await Account.ownerFlow(page, frame, {
      label: 'email-fusd',
      address,
      nfts: [],
      receiver: RECEIVER.address,
      approve,
      sends: ['FUSD'],
    })
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

test.describe('balances', () => {
  test('a network the page does not declare testnet shows the USD sum of the API (the devnet flows show 0.00, marked Testnet)', async ({
    page,
  }) => {
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    await page.goto(`${Pages.addresses.DEMO_URL}/script-tag.html`)
    await expect(page.getByRole('status')).toHaveText(/^Frontdoor is ready/)
    await page.evaluate(() => {
      type Instance = { open: (o?: { view: string }) => Promise<void>; destroy: () => void }
      type Sdk = { createFrontdoor: (o: unknown) => Instance }
      const w = window as unknown as { FrontdoorSdk: Sdk; frontdoor: Instance; mainnetLike?: Instance }
      w.frontdoor.destroy()
      // Devnet 31337 as a page would list a mainnet: no `testnet: true`.
      w.mainnetLike = w.FrontdoorSdk.createFrontdoor({
        projectId: 'demo',
        networks: [
          {
            id: 31337,
            caipNetworkId: 'eip155:31337',
            chainNamespace: 'eip155',
            name: 'Devnet 31337',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: [] } },
          },
        ],
        metadata: { name: 'Not a testnet' },
        modalUrl: document
          .querySelector<HTMLScriptElement>('script[data-project-id]')!
          .src.replace('/sdk.js', ''),
      })
      void w.mainnetLike.open()
    })
    await Pages.expectConnectShown(page)
    await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
    await Pages.expectClosed(page)
    await page.evaluate(() =>
      (
        window as unknown as { mainnetLike: { open: (o: { view: string }) => Promise<void> } }
      ).mainnetLike.open({
        view: 'Account',
      }),
    )
    const frame = Pages.modal(page)
    await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
    await Account.expectUsdTotal(frame, wallet.address)
    await expect(frame.getByText(/Testnet/)).toHaveCount(0)
    // One price source: the total is the sum of the rows (each rounded to the cent).
    const rows = await frame.getByRole('list', { name: 'Tokens' }).locator('.fd-row-end').allTextContents()
    expect(rows.length).toBeGreaterThan(1)
    const sum = rows.reduce((total, text) => total + Number(text.replace(/[$,]/g, '')), 0)
    const total = Number((await frame.locator('.fd-account-balance').textContent())?.replace(/[^\d.]/g, ''))
    expect(Math.abs(sum - total)).toBeLessThanOrEqual(0.005 * rows.length)
  })

  test('a reload shows the stored balances at once, while the balance API does not answer', async ({
    page,
    context,
  }) => {
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    await page.goto(Pages.addresses.DEMO_URL)
    await Account.connect(page, wallet)
    await Pages.expectClosed(page)
    let frame = await Account.openAccount(page)
    const eth = Account.tokenRow(frame, 'ETH')
    await expect(eth).toContainText(' ETH')
    const shown = await eth.textContent()

    // From now on the balance API holds every request: only what the modal stored can show.
    const held: Route[] = []
    await context.route(/\/v1\/account\/0x[0-9a-fA-F]{40}\/balance/, (route) => {
      held.push(route)
    })
    await page.reload()
    frame = await Account.openAccount(page)
    await expect(Account.tokenRow(frame, 'ETH')).toHaveText(shown ?? '')
    await Account.expectTestnetTotal(frame)
    await expect(frame.getByRole('status', { name: 'Loading tokens' })).toHaveCount(0)
    await context.unroute(/\/v1\/account\/0x[0-9a-fA-F]{40}\/balance/)
    for (const route of held) await route.abort().catch(() => {})
  })
})
