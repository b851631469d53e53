import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { expect, type Page, test } from '@playwright/test'
import { createPublicClient, createWalletClient, type Hex, http, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as Pages from '../modal/pages.js'
import * as Embedded from './embedded.js'

const { DEMO_URL, DEVNET_31337_URL, AUTH_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'embedded')
mkdirSync(ARTIFACTS, { recursive: true })

// Accounts of their own, so balances here do not move under other tests.
const FUNDER = DEV_ACCOUNTS[5]!
const RECEIVER = DEV_ACCOUNTS[6]!

/** Gives the new embedded wallet some ETH on the devnet, so it can send a transaction. */
async function fund(address: `0x${string}`) {
  const wallet = createWalletClient({
    account: privateKeyToAccount(FUNDER.privateKey as Hex),
    transport: http(DEVNET_31337_URL),
  })
  const chain = createPublicClient({ transport: http(DEVNET_31337_URL) })
  const chainId = await chain.getChainId()
  const hash = await wallet.sendTransaction({
    to: address,
    value: parseEther('1'),
    chain: {
      id: chainId,
      name: 'devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [DEVNET_31337_URL] } },
    },
  })
  await chain.waitForTransactionReceipt({ hash })
}

test.describe('embedded wallet by email', () => {
  // Playwright's contexts deny a cross-site frame its localStorage, as Chromium's incognito does (and its
  // default profile once third-party cookies are blocked): the auth frame, on a host of its own, keeps the
  // session in its partitioned cookie.
  test('wrong code, login -> personal_sign approved, declined -> eth_sendTransaction -> disallowed method -> reload -> sign out', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await flow(page)
  })

  test("where the browser denies the frame its localStorage, the session is the auth frame's partitioned cookie: a reload keeps it, nothing leaks", async ({
    page,
    context,
  }) => {
    await page.goto(DEMO_URL)
    const address = await Embedded.loginByEmail(page, Embedded.freshEmail('eve'))
    const stored = await Embedded.storedSession(page)
    expect(stored?.store).toBe('cookie')
    const { token } = JSON.parse(stored?.value ?? '{}') as { token: string }
    expect(token).toEqual(expect.any(String))
    // No other frame can read it: not the page, not the modal.
    for (const frame of page.frames().filter((f) => !f.url().startsWith(AUTH_URL)))
      expect(await Embedded.readableStorage(frame)).not.toContain(token)
    // Partitioned by the page's site: the auth origin as a top-level page does not have it.
    const top = await context.newPage()
    await top.goto(`${AUTH_URL}/healthz`)
    expect(await top.evaluate(() => document.cookie)).toBe('')
    await top.close()

    await page.reload()
    await expect(page.getByTestId('status')).toHaveText('connected', { timeout: 20_000 })
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [address] })
    await expect(page.getByTestId('account')).toHaveText(address)
  })
})

async function flow(page: Page) {
  {
    const consoleLines: string[] = []
    page.on('console', (message) => consoleLines.push(message.text()))
    await page.goto(DEMO_URL)
    const frame = Pages.modal(page)
    const auth = Embedded.authFrame(page)

    // Email, then a wrong code, then the right one from the dev mailbox.
    const email = Embedded.freshEmail('ada')
    const sentAfter = Date.now() - 1000
    await Embedded.submitEmail(page, email)
    await page.screenshot({ path: join(ARTIFACTS, 'email-otp.png') })
    const code = await Embedded.otpFor(email, sentAfter)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    await frame.getByRole('textbox', { name: 'Code' }).fill(wrong)
    await expect(frame.getByRole('alert')).toHaveText('The code is not valid')
    await expect(frame.getByRole('textbox', { name: 'Code' })).toHaveValue('')
    await page.screenshot({ path: join(ARTIFACTS, 'email-wrong-code.png') })
    // Pasting a code with spaces works as typing it.
    await frame.getByRole('textbox', { name: 'Code' }).fill(`${code.slice(0, 3)} ${code.slice(3)}`)
    await Pages.expectClosed(page)
    await expect(page.getByTestId('status')).toHaveText('connected')
    const accounts = (await Pages.providerRequest(page, 'eth_accounts')) as { result: `0x${string}`[] }
    const address = accounts.result[0]!
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect(page.getByTestId('account')).toHaveText(address)

    // personal_sign: ApproveTransaction shows the auth frame; approved there, verified with viem.
    const message = toHex('Sign in to the Frontdoor demo')
    const signing = Embedded.startRequest(page, 'personal_sign', [message, address])
    await expect(frame.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
    await expect(auth.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await expect(auth.getByText('Sign in to the Frontdoor demo')).toBeVisible()
    await expect(auth.getByRole('button', { name: 'Approve' })).toBeEnabled()
    await page.screenshot({ path: join(ARTIFACTS, 'approve-personal-sign.png') })
    await auth.getByRole('button', { name: 'Approve' }).click()
    const signed = await signing
    expect(signed).toHaveProperty('result')
    const signature = (signed as { result: Hex }).result
    // The smart account's (the default) signature: ERC-6492 until deployed, checked against the devnet.
    const devnet = createPublicClient({ transport: http(DEVNET_31337_URL) })
    expect(await devnet.verifyMessage({ address, message: { raw: message }, signature })).toBe(true)
    await Pages.expectClosed(page)

    // Declined once (from the keyboard): 4001 'Signature declined'.
    const declining = Embedded.startRequest(page, 'personal_sign', [toHex('Transfer everything'), address])
    await expect(auth.getByRole('button', { name: 'Decline' })).toBeVisible()
    await auth.getByRole('button', { name: 'Decline' }).focus()
    await page.keyboard.press('Enter')
    expect(await declining).toEqual({ code: 4001, message: 'Signature declined' })
    await Pages.expectClosed(page)

    // eth_sendTransaction: approved, signed in the vault, mined on the devnet.
    await fund(address)
    const sending = Embedded.startRequest(page, 'eth_sendTransaction', [
      { from: address, to: RECEIVER.address, value: toHex(parseEther('0.01')) },
    ])
    await expect(auth.getByRole('heading', { name: 'Send transaction' })).toBeVisible()
    // The value, and the simulated change it makes.
    await expect(auth.getByRole('definition').filter({ hasText: /^0\.01 ETH$/ })).toBeVisible()
    await expect(auth.getByRole('listitem').filter({ hasText: 'You send' })).toContainText('0.01 ETH', {
      timeout: 15_000,
    })
    const approve = auth.getByRole('button', { name: 'Approve' })
    if (await approve.isDisabled()) await Embedded.readToEnd(page, auth)
    await expect(approve).toBeEnabled()
    await page.screenshot({ path: join(ARTIFACTS, 'approve-send-transaction.png') })
    await auth.getByRole('button', { name: 'Approve' }).click()
    const sent = await sending
    expect(sent).toHaveProperty('result')
    const chain = createPublicClient({ transport: http(DEVNET_31337_URL) })
    const receipt = await chain.waitForTransactionReceipt({ hash: (sent as { result: Hex }).result })
    expect(receipt.status).toBe('success')
    // From the smart account (the default): a user operation carried by the bundler's transaction, which
    // deployed the account.
    expect((await chain.getCode({ address }))?.length ?? 0).toBeGreaterThan(2)
    await Pages.expectClosed(page)

    // A disallowed method: modal opens, console message, toast after 300 ms, pending requests rejected.
    const pending = Embedded.startRequest(page, 'personal_sign', [toHex('pending'), address])
    await expect(auth.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    expect(await Pages.providerRequest(page, 'eth_sign', [address, toHex('raw')])).toEqual({
      code: 4200,
      message: 'Action not allowed',
    })
    expect(await pending).toEqual({ code: 4200, message: 'Action not allowed' })
    await expect(Pages.dialog(page)).toHaveAttribute('open', '')
    await expect(frame.getByText('Action not allowed')).toBeVisible()
    expect(consoleLines).toContain('Requested RPC call is not allowed')
    await page.screenshot({ path: join(ARTIFACTS, 'action-not-allowed.png') })
    await frame.getByRole('button', { name: 'Close' }).click()
    await Pages.expectClosed(page)

    // The session token stays in the auth frame: neither the modal's nor the page's storage holds it.
    const stored = await Embedded.storedSession(page)
    const { token } = JSON.parse(stored?.value ?? '{}') as { token?: string }
    expect(token).toEqual(expect.any(String))
    const modalPage = page.frames().find((f) => f.url().startsWith(Pages.addresses.MODAL_URL))!
    for (const where of [page.mainFrame(), modalPage])
      expect(await Embedded.readableStorage(where)).not.toContain(token)

    // Reload: still logged in, the same account.
    await page.reload()
    await expect(page.getByTestId('status')).toHaveText('connected', { timeout: 20_000 })
    await expect(page.getByTestId('account')).toHaveText(address)

    // Sign out (Disconnect): the frame's session is revoked and forgotten; a reload stays disconnected.
    await page.getByRole('button', { name: /^0x/ }).click()
    await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
    await frame.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    expect(await Embedded.storedSession(page)).toBeUndefined()
    const revoked = await fetch(`${Pages.addresses.API_URL}/v1/auth/user`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(revoked.status).toBe(401)
    await page.reload()
    await page.waitForTimeout(1000)
    await expect(page.getByTestId('status')).toHaveText('disconnected')
  }
}

test.describe('email login cooldown', () => {
  test("a second email within 30 s shows 'Please try again after {n} seconds'", async ({ page }) => {
    await page.goto(DEMO_URL)
    const frame = Pages.modal(page)
    const email = Embedded.freshEmail('bob')
    await Embedded.submitEmail(page, email)
    await expect(frame.getByRole('button', { name: 'Resend code' })).toBeDisabled()
    await frame.getByRole('button', { name: 'Back' }).click()
    await frame.getByRole('textbox', { name: 'Email' }).fill(email)
    await frame.getByRole('textbox', { name: 'Email' }).press('Enter')
    await expect(frame.getByRole('alert')).toHaveText(/^Please try again after (2\d|30) seconds$/)
    await page.screenshot({ path: join(ARTIFACTS, 'email-cooldown.png') })
    // The server refuses too (its own cooldown), with the same message.
    const response = await fetch(`${Pages.addresses.API_URL}/v1/auth/email/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: AUTH_URL },
      body: JSON.stringify({ projectId: 'demo', email }),
    })
    expect(response.status).toBe(429)
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /^Please try again after \d+ seconds$/,
    )
  })
})

test.describe('embedded wallet settings', () => {
  test('update email with the primary then the secondary code; the account type toggle', async ({ page }) => {
    await page.goto(DEMO_URL)
    const email = Embedded.freshEmail('ida')
    await Embedded.loginByEmail(page, email)
    await page.getByRole('button', { name: /^0x/ }).click()
    const frame = Pages.modal(page)
    await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible({ timeout: 15_000 })
    const settings = frame.getByRole('region', { name: 'Embedded wallet' })
    await expect(settings.getByText(email)).toBeVisible()

    // Account type: the preference is stored by the API and reported back.
    const toggle = frame.getByRole('switch', { name: 'Smart account' })
    const before = await toggle.getAttribute('aria-checked')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true')
    await page.screenshot({ path: join(ARTIFACTS, 'account-embedded-settings.png') })

    const newEmail = Embedded.freshEmail('ida-new')
    const sentAfter = Date.now() - 1000
    await frame.getByRole('button', { name: 'Update email' }).click()
    await expect(frame.getByRole('heading', { name: 'Update Email' })).toBeVisible()
    await frame.getByRole('textbox', { name: 'New email' }).fill(newEmail)
    await frame.getByRole('button', { name: 'Continue' }).click()
    await expect(frame.getByText(`Enter the code sent to ${email}`)).toBeVisible()
    await page.screenshot({ path: join(ARTIFACTS, 'update-email-primary.png') })
    await frame
      .getByRole('textbox', { name: 'Code from your current email' })
      .fill(await Embedded.otpFor(email, sentAfter))
    await expect(frame.getByText(`Enter the code sent to ${newEmail}`)).toBeVisible()
    await frame
      .getByRole('textbox', { name: 'Code from your new email' })
      .fill(await Embedded.otpFor(newEmail, sentAfter))
    await expect(frame.getByText(`Your email is now ${newEmail}`)).toBeVisible()
    await frame.getByRole('button', { name: 'Done' }).click()
    await expect(settings.getByText(newEmail)).toBeVisible()
  })
})
