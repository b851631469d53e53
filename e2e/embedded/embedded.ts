import { expect, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test'
import * as Session from '../../apps/auth-frame/src/session/Session.js'
import * as Pages from '../modal/pages.js'

/** Helpers of the embedded-wallet end-to-end tests: the dev mailbox, the auth frame, the login. */

const { MAILBOX_URL, AUTH_URL } = Pages.addresses

/** A fresh address for this run, so cooldowns and lockouts of earlier runs do not apply. */
export function freshEmail(name: string): string {
  return `${name}+${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`
}

type Mail = { to: string; subject: string; text: string; otp?: string; receivedAt: string }

/** Waits for a mail to `to` (newer than `after`, ms) in the dev mailbox and returns its code. */
export async function otpFor(to: string, after = 0, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await fetch(`${MAILBOX_URL}/messages?${new URLSearchParams({ to })}`)
    const mails = (await response.json()) as Mail[]
    const mail = mails.find((m) => Date.parse(m.receivedAt) >= after && m.otp)
    if (mail?.otp) return mail.otp
    if (Date.now() > deadline) throw new Error(`no code for ${to} in the dev mailbox`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The auth frame inside the modal frame. */
export function authFrame(page: Page): FrameLocator {
  return Pages.modal(page).frameLocator('iframe.fd-auth-frame')
}

/**
 * Opens the modal and submits `email` in the Connect view, until the view the login answers with shows:
 * the code step, or `answered` (the device approval step too, for a browser not approved yet).
 */
export async function submitEmail(
  page: Page,
  email: string,
  answered: (frame: FrameLocator) => Locator = (frame) => frame.getByText('Enter the 6-digit code sent to'),
) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  const frame = Pages.modal(page)
  const input = frame.getByRole('textbox', { name: 'Email' })
  // The Connect view may re-render once the project's features arrive: retry until the email is taken.
  await expect(async () => {
    if (await input.isVisible()) {
      // A click, as a visitor gives it, moves the keyboard's focus into the modal's frame: fill's text
      // goes to the frame that has it (a flake typed the address into another frame).
      await input.click()
      await input.fill(email)
      await expect(input).toHaveValue(email)
      await input.press('Enter')
    }
    await expect(answered(frame)).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 20_000 })
}

/** Logs in with a new email address through the dev mailbox; returns the address of its wallet. */
export async function loginByEmail(page: Page, email: string): Promise<`0x${string}`> {
  const sentAfter = Date.now() - 1000
  await submitEmail(page, email)
  const code = await otpFor(email, sentAfter)
  await Pages.modal(page).getByRole('textbox', { name: 'Code' }).fill(code)
  await Pages.expectClosed(page)
  await expect(page.getByTestId('status')).toHaveText('connected')
  const accounts = await Pages.providerRequest(page, 'eth_accounts')
  expect(accounts).toHaveProperty('result')
  return (accounts as { result: `0x${string}`[] }).result[0]!
}

/**
 * On a page of its own (no demo buttons: sdk.js only), opens the modal and logs in with a new email
 * address `name`+…; returns the address of its wallet once the page's provider has it.
 */
export async function loginOnPage(page: Page, name: string): Promise<`0x${string}`> {
  const email = freshEmail(name)
  const sentAfter = Date.now() - 1000
  await page.evaluate(
    () => void (window as unknown as { frontdoor: { open: () => Promise<void> } }).frontdoor.open(),
  )
  await Pages.expectConnectShown(page)
  const input = Pages.modal(page).getByRole('textbox', { name: 'Email' })
  await expect(async () => {
    if (await input.isVisible()) {
      await input.fill(email)
      await input.press('Enter')
    }
    await expect(Pages.modal(page).getByText('Enter the 6-digit code sent to')).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 20_000 })
  await Pages.modal(page)
    .getByRole('textbox', { name: 'Code' })
    .fill(await otpFor(email, sentAfter))
  await Pages.expectClosed(page)
  await expect
    .poll(() => Pages.providerRequest(page, 'eth_accounts'))
    .toMatchObject({ result: [expect.any(String)] })
  return ((await Pages.providerRequest(page, 'eth_accounts')) as { result: `0x${string}`[] }).result[0]!
}

/**
 * Starts an EIP-1193 request through the page's provider without waiting: unsafe requests wait for
 * the user in the auth frame.
 */
export function startRequest(page: Page, method: string, params?: unknown) {
  return Pages.providerRequest(page, method, params)
}

/**
 * The auth frame's stored session (its JSON), and where the frame keeps it: its localStorage where the
 * browser allows it, else its partitioned cookie (Playwright's contexts, as incognito, deny a cross-site
 * frame its localStorage); undefined when it keeps none.
 */
export async function storedSession(
  page: Page,
): Promise<{ store: 'localStorage' | 'cookie'; value: string } | undefined> {
  const auth = page.frames().find((frame) => frame.url().startsWith(AUTH_URL))
  if (!auth) throw new Error('the auth frame is not in the page')
  return auth.evaluate((key) => {
    try {
      const value = localStorage.getItem(key)
      if (value) return { store: 'localStorage' as const, value }
    } catch {}
    const name = `${encodeURIComponent(key)}=`
    const part = document.cookie.split('; ').find((line) => line.startsWith(name))
    return part ? { store: 'cookie' as const, value: decodeURIComponent(part.slice(name.length)) } : undefined
  }, Session.KEY)
}

/** All that a frame's own script can read of its storage: localStorage, sessionStorage and cookies. */
export function readableStorage(frame: Frame): Promise<string> {
  return frame.evaluate(() => {
    let storage = ''
    try {
      storage = JSON.stringify({ ...localStorage, ...sessionStorage })
    } catch {}
    return `${storage} ${document.cookie}`
  })
}

/**
 * Switches the logged-in embedded wallet from its smart account (the EVM default) to its EOA, in the
 * Account view's 'Smart account' switch, for a test of the EOA's own transactions (nonce, gas, fee);
 * returns the EOA's address.
 */
export async function useEoa(page: Page): Promise<`0x${string}`> {
  const before = await page.getByTestId('account').textContent()
  await page.getByRole('button', { name: /^0x/ }).click()
  const modal = Pages.modal(page)
  const toggle = modal.getByRole('switch', { name: 'Smart account' })
  await expect(toggle).toHaveAttribute('aria-checked', 'true', { timeout: 15_000 })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByTestId('account')).not.toHaveText(before ?? '')
  await page.keyboard.press('Escape')
  await Pages.expectClosed(page)
  const accounts = (await Pages.providerRequest(page, 'eth_accounts')) as { result: `0x${string}`[] }
  return accounts.result[0]!
}

/**
 * Scrolls the approval's summary through to its end, half a box at a time, until Approve is enabled.
 * The gate counts a stretch of the summary as seen only once IntersectionObserver v2 has reported it
 * really visible (100 ms and more after it moved), and the simulation's answer resizes the summary (all
 * of it to be seen anew): each stretch is given time to be reported.
 */
export async function readToEnd(page: Page, auth: FrameLocator = authFrame(page)) {
  const approve = auth.getByRole('button', { name: 'Approve' })
  await page.waitForTimeout(1000)
  for (let step = 0; step < 30 && (await approve.isDisabled()); step++) {
    await auth.locator('.af-summary').evaluate((box) => {
      box.scrollTop = Math.min(box.scrollTop + Math.floor(box.clientHeight / 2), box.scrollHeight)
    })
    await page.waitForTimeout(500)
  }
  await expect(approve).toBeEnabled({ timeout: 10_000 })
}
