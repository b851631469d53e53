import { expect, type Page, test } from '@playwright/test'
import * as Pages from '../modal/pages.js'
import * as Embedded from './embedded.js'

const { DEMO_URL, MAILBOX_URL } = Pages.addresses

// Device approval of the email login, through the real stack and the dev mailbox: an existing account
// logging in from a browser it has not approved gets a link by email before the code; the browser it
// approved goes straight to the code.

/** The login email's cooldown (spec section 9) and a margin. */
const COOLDOWN_MS = 31_000

type Mail = { to: string; subject: string; text: string; receivedAt: string }

/** The approval link of the newest device approval email to `to`. */
async function approvalLink(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await fetch(`${MAILBOX_URL}/messages?${new URLSearchParams({ to })}`)
    const mails = (await response.json()) as Mail[]
    const mail = mails.find((m) => m.subject.startsWith('Approve a new device'))
    const link = mail && /https?:\/\/\S+\/v1\/device\/approve\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0]
    if (link) return link
    if (Date.now() > deadline) throw new Error(`no approval link for ${to} in the dev mailbox`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Submits `email` in the Connect view and waits for the view the login answers with. */
const startLogin = (page: Page, email: string) =>
  Embedded.submitEmail(page, email, (frame) =>
    frame.getByText('Approve this device').or(frame.getByText('Enter the 6-digit code sent to')),
  )

test('a new browser approves the device by the emailed link before the code; the same browser then skips it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const email = Embedded.freshEmail('device')
  // The account, made in a first browser (its first code approves that browser).
  await page.goto(DEMO_URL)
  const address = await Embedded.loginByEmail(page, email)
  const firstCodeAt = Date.now()

  // A fresh browser context: another device.
  const context = await browser.newContext()
  try {
    const other = await context.newPage()
    await other.goto(DEMO_URL)
    const frame = Pages.modal(other)
    await startLogin(other, email)
    await expect(frame.getByText('Approve this device')).toBeVisible()
    await expect(frame.getByText(`Open the link we sent to ${email}`)).toBeVisible()
    await expect(frame.getByRole('textbox', { name: 'Code' })).toHaveCount(0)

    // The link from the dev mailbox: its page asks, Approve approves.
    const link = await approvalLink(email)
    const mailbox = await context.newPage()
    await mailbox.goto(link)
    await expect(mailbox.getByRole('heading', { name: 'Approve this device' })).toBeVisible()
    // Still waiting: opening the link approved nothing.
    await other.waitForTimeout(1500)
    await expect(frame.getByText('Approve this device')).toBeVisible()
    const approvedAt = Date.now() - 1000
    await mailbox.getByRole('button', { name: 'Approve' }).click()
    await expect(mailbox.getByRole('heading', { name: 'Device approved' })).toBeVisible()
    // The link works once.
    await mailbox.goto(link)
    await expect(mailbox.getByRole('heading', { name: 'This link no longer works' })).toBeVisible()

    // The code step follows (after the 30 s cooldown of the first browser's code, at most).
    await expect(frame.getByText('Enter the 6-digit code sent to')).toBeVisible({
      timeout: COOLDOWN_MS + 15_000,
    })
    const code = await Embedded.otpFor(email, approvedAt, 45_000)
    await frame.getByRole('textbox', { name: 'Code' }).fill(code)
    await Pages.expectClosed(other)
    await expect(other.getByTestId('status')).toHaveText('connected')
    expect(await Pages.providerRequest(other, 'eth_accounts')).toEqual({ result: [address] })
    const secondCodeAt = Date.now()

    // Sign out, and log in again from this browser once the cooldown is over: straight to the code.
    await other.getByRole('button', { name: /^0x/ }).click()
    await frame.getByRole('button', { name: 'Disconnect' }).click()
    await expect(other.getByTestId('status')).toHaveText('disconnected')
    if (await Pages.dialog(other).isVisible()) await other.keyboard.press('Escape')
    await Pages.expectClosed(other)
    const mailsBefore = (await (
      await fetch(`${MAILBOX_URL}/messages?${new URLSearchParams({ to: email })}`)
    ).json()) as Mail[]
    await other.waitForTimeout(Math.max(0, secondCodeAt + COOLDOWN_MS - Date.now()))
    const againAt = Date.now() - 1000
    await startLogin(other, email)
    await expect(frame.getByText('Enter the 6-digit code sent to')).toBeVisible()
    await expect(frame.getByText('Approve this device')).toHaveCount(0)
    await frame.getByRole('textbox', { name: 'Code' }).fill(await Embedded.otpFor(email, againAt))
    await Pages.expectClosed(other)
    await expect(other.getByTestId('status')).toHaveText('connected')
    // No second approval email was sent.
    const mails = (await (
      await fetch(`${MAILBOX_URL}/messages?${new URLSearchParams({ to: email })}`)
    ).json()) as Mail[]
    expect(mails.filter((m) => m.subject.startsWith('Approve a new device'))).toHaveLength(
      mailsBefore.filter((m) => m.subject.startsWith('Approve a new device')).length,
    )
    expect(firstCodeAt).toBeLessThan(secondCodeAt)
  } finally {
    await context.close()
  }
})
