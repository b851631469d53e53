import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { uniswapV2RouterAbi } from '@frontdoor/devnet/abis'
import { DEPLOYER, DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import { expect, type Page, test } from '@playwright/test'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  isErc6492Signature,
  parseEther,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as AppKitPageServer from '../appkit/PageServer.js'
import * as ViemPage from '../calls/viem-page.js'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'

// The embedded wallet's smart account (issue 15), the EVM default: an email wallet on a one-line sdk.js
// page, its counterfactual address, its first send deploying it, its signatures verified by viem
// before and after deployment, and the switch to the EOA and back. viem runs in the page as a dapp's
// would (e2e/calls' dapp.ts, bundled with esbuild and added to the page): it signs through the page's
// provider and verifies with a public client of the devnet's node, from the page.

const { MODAL_URL, AUTH_URL, DEVNET_31337_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'smart-account')
mkdirSync(ARTIFACTS, { recursive: true })

// An account of its own, so balances here do not move under other tests.
const FUNDER = DEV_ACCOUNTS[8]!
const RECIPIENT = '0x00000000000000000000000000000000005a5a5a'
const MESSAGE = 'Hello from a smart account'
const NOT_SUPPORTED = 'This application might not support Smart Accounts'

const devnet = {
  id: 31337,
  name: 'devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [DEVNET_31337_URL] } },
} as const
const chain = createPublicClient({ chain: devnet, transport: http(DEVNET_31337_URL) })

/** The page: sdk.js, every state it publishes, and the provider's accountsChanged events. */
const HTML = `<!doctype html><html lang="en"><head><title>Smart account</title></head><body>
  <script src="${MODAL_URL}/sdk.js" data-project-id="demo" data-chain-ids="31337"></script>
  <script>
    window.states = []
    window.accountsChanged = []
    window.frontdoor.subscribe((state) => window.states.push(state))
    window.addEventListener('eip6963:announceProvider', (event) => {
      // Once: every later eip6963:requestProvider (each request below) announces the provider again.
      if (event.detail.info.rdns !== 'dev.frontdoor' || window.listening) return
      window.listening = true
      event.detail.provider.on('accountsChanged', (accounts) => window.accountsChanged.push(accounts))
    })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  </script>
</body></html>`

type State = {
  status: string
  address?: string
  preferredAccountType?: string
  smartAccountDeployed?: boolean
}
type TestWindow = Window & {
  accountsChanged: string[][]
  frontdoor: { open: (options?: { view?: string }) => Promise<void>; getState: () => State }
}

let site: { url: string; close: () => Promise<void> }
let dapp = ''
test.beforeAll(async () => {
  site = await Pages.serveForeignPage(Number(new URL(AppKitPageServer.PAGE_URL).port), HTML)
  dapp = await ViemPage.bundle()
})
test.afterAll(async () => {
  await site.close()
})

const state = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).frontdoor.getState())
const accountsChanged = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).accountsChanged)
const code = async (address: Hex) => (await chain.getCode({ address })) ?? '0x'

/** Logs in with a new email on the page; returns the connected address. */
async function login(page: Page) {
  const email = Embedded.freshEmail('smart')
  await page.addInitScript({ content: dapp })
  await page.goto(site.url)
  await page.waitForFunction(() => (window as unknown as TestWindow).frontdoor !== undefined)
  const sentAfter = Date.now() - 1000
  const modal = Pages.modal(page)
  const input = modal.getByRole('textbox', { name: 'Email' })
  await expect(async () => {
    if (!(await Pages.dialog(page).isVisible()))
      await page.evaluate(() => void (window as unknown as TestWindow).frontdoor.open())
    if (await input.isVisible()) {
      await input.fill(email)
      await input.press('Enter')
    }
    await expect(modal.getByText('Enter the 6-digit code sent to')).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 30_000 })
  await modal.getByRole('textbox', { name: 'Code' }).fill(await Embedded.otpFor(email, sentAfter))
  await Pages.expectClosed(page)
  await expect.poll(async () => (await state(page)).status, { timeout: 20_000 }).toBe('connected')
  const accounts = (await Pages.providerRequest(page, 'eth_accounts')) as { result: Hex[] }
  return accounts.result[0]!
}

/** Asks for `method` through the page's provider and approves it in the auth frame. */
async function approve(page: Page, method: string, params: unknown, screenshot: string) {
  const answer = Embedded.startRequest(page, method, params)
  const auth = Embedded.authFrame(page)
  const button = auth.getByRole('button', { name: 'Approve' })
  await expect(button).toBeEnabled({ timeout: 20_000 })
  await page.screenshot({ path: join(ARTIFACTS, screenshot) })
  await button.click()
  const settled = await answer
  expect(settled, JSON.stringify(settled)).toHaveProperty('result')
  await Pages.expectClosed(page)
  return (settled as { result: Hex }).result
}

/**
 * Holds the auth frame's lazy Changes chunk (the simulated changes) until the approval screen's first
 * visibility report, then lets it load, as a busy machine does. That report counts the changes' place,
 * held empty for the chunk, as covered (IntersectionObserver v2 never calls an empty box visible); typed
 * data that is no permit has nothing to simulate, and the chunk takes the place off the screen. Before
 * 0894682 Approve stayed disabled for good when that happened within the observer's 100 ms delay of its
 * last report (Chromium then reports the place no more), as in a CI run; now the gate drops it.
 */
async function slowChangesChunk(page: Page) {
  const chunk = `${AUTH_URL}/assets/Changes-*.js`
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(chunk, async (route) => {
    await released
    await route.continue()
  })
  return async () => {
    const auth = page.frames().find((frame) => frame.url().startsWith(AUTH_URL))
    if (!auth) throw new Error('no auth frame')
    // The first report: the held place counts as covered, so the status asks for a read to the end.
    await auth.waitForFunction(
      () =>
        document.querySelector('.af-status')?.textContent ===
        'Scroll to the end of the request to approve it.',
      undefined,
      { polling: 'raf', timeout: 20_000 },
    )
    expect(await auth.locator('.af-summary-content > section:empty').count()).toBe(1)
    // The route stays: later requests for the chunk pass at once.
    release()
  }
}

/**
 * Signs in the page with viem (`signMessage` or `signTypedData` on a wallet client over the page's
 * provider), approved in the auth frame; returns the signature the page got. `shown` runs once the
 * approval screen is up.
 */
async function signInPage(
  page: Page,
  key: string,
  action: 'signMessage' | 'signTypedData',
  args: Record<string, unknown>,
  screenshot: string,
  shown?: () => Promise<void>,
) {
  await ViemPage.start(page, key, action, args)
  const auth = Embedded.authFrame(page)
  const approveButton = auth.getByRole('button', { name: 'Approve' })
  await expect(approveButton).toBeVisible({ timeout: 20_000 })
  await shown?.()
  // Typed data may be simulated (a permit): its answer changes the screen, which Approve waits to be
  // seen again; the visitor reads it through once the answer is in.
  await expect(auth.locator('.af-changes[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 })
  await page.waitForTimeout(1_000)
  if (await approveButton.isDisabled()) await Embedded.readToEnd(page, auth)
  await expect(approveButton).toBeEnabled({ timeout: 20_000 })
  await page.screenshot({ path: join(ARTIFACTS, screenshot) })
  expect(await ViemPage.outcome(page, key)).toEqual({ state: 'pending' })
  await approveButton.click()
  await expect
    .poll(async () => (await ViemPage.outcome(page, key)).state, { timeout: 30_000 })
    .not.toBe('pending')
  const signed = await ViemPage.outcome(page, key)
  expect(signed, JSON.stringify(signed)).toMatchObject({ state: 'resolved' })
  await Pages.expectClosed(page)
  return (signed as { value: Hex }).value
}

/** viem's verifyMessage / verifyTypedData in the page, on a public client of the devnet's node. */
async function verifiedInPage(
  page: Page,
  key: string,
  action: 'verifyMessage' | 'verifyTypedData',
  args: Record<string, unknown>,
) {
  const verified = await ViemPage.run(page, key, action, { ...args, rpcUrl: DEVNET_31337_URL })
  expect(verified, JSON.stringify(verified)).toMatchObject({ state: 'resolved' })
  return (verified as { value: boolean }).value
}

/** A dapp's typed data (a mail, in the dapp's own domain on the devnet). */
const mail = (contents: string) => ({
  domain: {
    name: 'Smart account e2e',
    version: '1',
    chainId: 31337,
    verifyingContract: '0x00000000000000000000000000000000000c0ffe',
  },
  types: {
    Mail: [
      { name: 'contents', type: 'string' },
      { name: 'count', type: 'uint256' },
    ],
  },
  primaryType: 'Mail',
  message: { contents, count: 3 },
})

async function fund(address: Hex) {
  const wallet = createWalletClient({
    chain: devnet,
    account: privateKeyToAccount(FUNDER.privateKey as Hex),
    transport: http(DEVNET_31337_URL),
  })
  await chain.waitForTransactionReceipt({
    hash: await wallet.sendTransaction({ to: address, value: parseEther('1') }),
  })
}

/** Opens the Account view and flips the account type switch; returns the switch. */
async function flipAccountType(page: Page, to: 'true' | 'false') {
  await page.evaluate(() => void (window as unknown as TestWindow).frontdoor.open({ view: 'Account' }))
  const modal = Pages.modal(page)
  const toggle = modal.getByRole('switch', { name: 'Smart account' })
  await expect(toggle).toBeVisible({ timeout: 15_000 })
  await expect(toggle).toHaveAttribute('aria-checked', to === 'true' ? 'false' : 'true')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', to)
  return modal
}

/**
 * What the modal keeps under `key`, parsed: in its frame's localStorage, or, where the browser denies
 * the cross-site frame its storage (Playwright's contexts), in the page's, under the host SDK's prefix.
 */
async function modalStored(page: Page, key: string): Promise<unknown> {
  const frame = page.frames().find((f) => f.url().startsWith(MODAL_URL))!
  const own = await frame.evaluate((k) => {
    try {
      return localStorage.getItem(k)
    } catch {
      return null
    }
  }, key)
  const kept = await page.evaluate((k) => {
    for (let i = 0; i < localStorage.length; i++) {
      const name = localStorage.key(i)
      if (name?.endsWith(k)) return localStorage.getItem(name)
    }
    return null
  }, key)
  return JSON.parse(own ?? kept ?? 'null')
}

/** The current connection's stored accounts. */
async function storedAccounts(page: Page) {
  const connections = (await modalStored(page, 'frontdoor:connections')) as {
    status: string
    accounts?: unknown
  }[]
  return connections.find((c) => c.status === 'active')?.accounts
}

test.describe('embedded wallet: the smart account', () => {
  test("the stored connection: the smart account typed smartAccount (eoa after the switch), the user's namespaces", async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const smart = await login(page)
    // Spec section 3: Connection accounts[]{address, type}, and the connected namespaces: those the
    // embedded user has accounts in (eip155, solana, and the bip122, polkadot and cosmos ones).
    await expect.poll(() => storedAccounts(page)).toEqual([{ address: smart, type: 'smartAccount' }])
    await expect
      .poll(() => modalStored(page, 'frontdoor:connected-namespaces'))
      .toEqual(['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'])
    await flipAccountType(page, 'false')
    await expect.poll(async () => (await state(page)).address, { timeout: 15_000 }).not.toBe(smart)
    const eoa = (await state(page)).address
    await expect.poll(() => storedAccounts(page)).toEqual([{ address: eoa, type: 'eoa' }])
  })

  test('counterfactual address, first send deploys it, viem verifies its signatures before and after, the switch to the EOA and back', async ({
    page,
  }) => {
    test.setTimeout(240_000)
    const smart = await login(page)

    // The smart account is the address by default, with no code on the chain yet.
    // The account details (type, deployment) arrive after the address.
    await expect
      .poll(() => state(page), { timeout: 15_000 })
      .toMatchObject({ address: smart, preferredAccountType: 'smartAccount', smartAccountDeployed: false })
    expect(await code(smart)).toBe('0x')
    await page.evaluate(() => void (window as unknown as TestWindow).frontdoor.open({ view: 'Account' }))
    await expect(Pages.modal(page).getByRole('note')).toHaveText(NOT_SUPPORTED)
    await page.screenshot({ path: join(ARTIFACTS, 'counterfactual-account.png') })
    await page.keyboard.press('Escape')
    await Pages.expectClosed(page)

    // A signature before deployment: ERC-6492, accepted by viem's verifyMessage in the page; a
    // tampered message is not.
    const before = await signInPage(
      page,
      'sign-before',
      'signMessage',
      { account: smart, message: MESSAGE },
      'sign-before-deployment.png',
    )
    expect(isErc6492Signature(before)).toBe(true)
    const message = (text: string, signature: Hex) => ({ account: smart, message: text, signature })
    expect(await verifiedInPage(page, 'verify-before', 'verifyMessage', message(MESSAGE, before))).toBe(true)
    expect(
      await verifiedInPage(page, 'tampered-before', 'verifyMessage', message('something else', before)),
    ).toBe(false)
    // Typed data too (eth_signTypedData_v4), verified by viem's verifyTypedData in the page. Its screen
    // gets the simulated changes' chunk late, as a busy machine does: Approve still enables.
    const typedBefore = await signInPage(
      page,
      'typed-before',
      'signTypedData',
      { account: smart, typedData: mail('before deployment') },
      'typed-data-before-deployment.png',
      await slowChangesChunk(page),
    )
    expect(isErc6492Signature(typedBefore)).toBe(true)
    const typed = (contents: string, signature: Hex) => ({
      account: smart,
      typedData: mail(contents),
      signature,
    })
    expect(
      await verifiedInPage(
        page,
        'verify-typed-before',
        'verifyTypedData',
        typed('before deployment', typedBefore),
      ),
    ).toBe(true)
    expect(
      await verifiedInPage(page, 'tampered-typed-before', 'verifyTypedData', typed('tampered', typedBefore)),
    ).toBe(false)

    // The first send deploys it: one user operation; the answer is a transaction the chain knows.
    await fund(smart)
    const hash = await approve(
      page,
      'eth_sendTransaction',
      [{ from: smart, to: RECIPIENT, value: toHex(parseEther('0.01')) }],
      'first-send.png',
    )
    const receipt = (await Pages.providerRequest(page, 'eth_getTransactionReceipt', [hash])) as {
      result: { status: string }
    }
    expect(receipt.result.status).toBe('0x1')
    expect(await chain.getBalance({ address: RECIPIENT })).toBeGreaterThanOrEqual(parseEther('0.01'))
    expect((await code(smart)).length).toBeGreaterThan(2)
    await expect.poll(async () => (await state(page)).smartAccountDeployed, { timeout: 15_000 }).toBe(true)

    // After deployment: ERC-1271 (no ERC-6492 wrapping), accepted by viem's verifyMessage and
    // verifyTypedData in the page; tampered, refused.
    const after = await signInPage(
      page,
      'sign-after',
      'signMessage',
      { account: smart, message: MESSAGE },
      'sign-after-deployment.png',
    )
    expect(isErc6492Signature(after)).toBe(false)
    expect(await verifiedInPage(page, 'verify-after', 'verifyMessage', message(MESSAGE, after))).toBe(true)
    expect(await verifiedInPage(page, 'tampered-after', 'verifyMessage', message(`${MESSAGE}!`, after))).toBe(
      false,
    )
    const typedAfter = await signInPage(
      page,
      'typed-after',
      'signTypedData',
      { account: smart, typedData: mail('after deployment') },
      'typed-data-after-deployment.png',
    )
    expect(isErc6492Signature(typedAfter)).toBe(false)
    expect(
      await verifiedInPage(
        page,
        'verify-typed-after',
        'verifyTypedData',
        typed('after deployment', typedAfter),
      ),
    ).toBe(true)
    expect(
      await verifiedInPage(page, 'tampered-typed-after', 'verifyTypedData', typed('tampered', typedAfter)),
    ).toBe(false)

    // The switch to the EOA: another address, announced by accountsChanged; and back.
    const seen = (await accountsChanged(page)).length
    const modal = await flipAccountType(page, 'false')
    await expect(modal.getByRole('note')).toHaveCount(0)
    await page.screenshot({ path: join(ARTIFACTS, 'switched-to-eoa.png') })
    await expect.poll(async () => (await state(page)).address, { timeout: 15_000 }).not.toBe(smart)
    const eoa = (await state(page)).address as Hex
    expect(eoa).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [eoa] })
    expect((await accountsChanged(page)).slice(seen)).toEqual([[eoa]])
    expect(await code(eoa)).toBe('0x')
    await expect.poll(async () => (await state(page)).preferredAccountType, { timeout: 15_000 }).toBe('eoa')

    await flipAccountType(page, 'true')
    await expect(modal.getByRole('note')).toHaveText(NOT_SUPPORTED)
    await expect.poll(async () => (await state(page)).address, { timeout: 15_000 }).toBe(smart)
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [smart] })
    expect((await accountsChanged(page)).slice(seen)).toEqual([[eoa], [smart]])
    await expect
      .poll(() => state(page), { timeout: 15_000 })
      .toMatchObject({ preferredAccountType: 'smartAccount', smartAccountDeployed: true })
    await page.screenshot({ path: join(ARTIFACTS, 'switched-back.png') })
  })

  test('wallet_sendCalls: approve + swap as ONE user operation, the whole batch on the approval screen; wallet_getCallsStatus reports it', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const { tokens, uniswap } = DEPLOYMENTS[31337]
    const smart = await login(page)
    await fund(smart)
    const deployer = createWalletClient({
      chain: devnet,
      account: privateKeyToAccount(DEPLOYER.privateKey as Hex),
      transport: http(DEVNET_31337_URL),
    })
    const amount = 100n * 10n ** 6n
    await chain.waitForTransactionReceipt({
      hash: await deployer.writeContract({
        address: tokens.FUSD.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [smart, amount],
      }),
    })
    const balanceOf = (token: Hex) =>
      chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [smart] })
    expect(await balanceOf(tokens.FUSD.address)).toBe(amount)
    expect(await balanceOf(tokens.DOOR.address)).toBe(0n)
    const capabilities = await Pages.providerRequest(page, 'wallet_getCapabilities', [smart, ['0x7a69']])
    expect(capabilities).toEqual({ result: { '0x7a69': { atomic: { status: 'supported' } } } })

    const calls = [
      {
        to: tokens.FUSD.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [uniswap.router, amount] }),
      },
      {
        to: uniswap.router,
        data: encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForTokens',
          args: [amount, 1n, [tokens.FUSD.address, tokens.DOOR.address], smart, 2n ** 40n],
        }),
      },
    ]
    const sending = Embedded.startRequest(page, 'wallet_sendCalls', [
      { version: '2.0.0', chainId: '0x7a69', from: smart, atomicRequired: true, calls },
    ])
    const auth = Embedded.authFrame(page)
    await expect(auth.getByRole('heading', { name: 'Send calls' })).toBeVisible({ timeout: 20_000 })
    await expect(auth.getByText('All or none, in one transaction')).toBeVisible()
    await expect(auth.getByText('approve(spender, amount)')).toBeVisible()
    const approveButton = auth.getByRole('button', { name: 'Approve' })
    // The batch's data may be longer than the screen: the visitor reads it through once the simulated
    // changes are in (their answer resizes the summary, which the gate wants seen anew), then approves.
    await expect(auth.getByRole('region', { name: 'Simulated changes' })).toHaveAttribute(
      'aria-busy',
      'false',
      {
        timeout: 30_000,
      },
    )
    await Embedded.readToEnd(page, auth)
    await page.screenshot({ path: join(ARTIFACTS, 'batch-approval.png') })
    expect(await balanceOf(tokens.DOOR.address)).toBe(0n)
    await approveButton.click()
    const sent = (await sending) as { result: { id: string } }
    expect(sent, JSON.stringify(sent)).toHaveProperty('result.id')
    await Pages.expectClosed(page)

    const status = (await Pages.providerRequest(page, 'wallet_getCallsStatus', [sent.result.id])) as {
      result: { status: number; atomic: boolean; receipts: { transactionHash: Hex; status: string }[] }
    }
    expect(status.result).toMatchObject({ status: 200, atomic: true, chainId: '0x7a69', id: sent.result.id })
    // One user operation: one transaction carried both calls.
    expect(status.result.receipts).toHaveLength(1)
    const receipt = await chain.getTransactionReceipt({ hash: status.result.receipts[0]!.transactionHash })
    expect(receipt.status).toBe('success')
    // wallet_showCallsStatus: the modal shows the batch, one transaction for both calls.
    expect(await Pages.providerRequest(page, 'wallet_showCallsStatus', [sent.result.id])).toEqual({
      result: null,
    })
    const modal = Pages.modal(page)
    await expect(modal.getByRole('heading', { name: 'Batch Status' })).toBeVisible({ timeout: 15_000 })
    await expect(modal.getByText('All calls in one transaction')).toBeVisible()
    const rows = modal.getByRole('list', { name: 'Transactions' }).getByRole('listitem')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(receipt.transactionHash)
    await page.screenshot({ path: join(ARTIFACTS, 'batch-status.png') })
    await page.keyboard.press('Escape')
    await Pages.expectClosed(page)
    expect(await balanceOf(tokens.FUSD.address)).toBe(0n)
    expect(await balanceOf(tokens.DOOR.address)).toBeGreaterThan(0n)
    expect(
      await chain.readContract({
        address: tokens.FUSD.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [smart, uniswap.router],
      }),
    ).toBe(0n)
  })
})
