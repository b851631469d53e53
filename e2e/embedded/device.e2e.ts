import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page, type Response, test } from '@playwright/test'
import * as Pages from '../modal/pages.js'
import * as Embedded from './embedded.js'

const { DEMO_URL, MAILBOX_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'embedded')
mkdirSync(ARTIFACTS, { recursive: true })

// Device approval of the email login, through the real stack and the dev mailbox. Nothing before a
// right code tells whether an address has an account: an existing account's email in a browser it has
// not approved gets the same code step, answer and email as any address; only once its code is right
// is the browser told it needs approval, by the link then emailed, and the login completes when the
// link approves it. A browser it approved logs in with the code alone.

/** The login email's cooldown (spec section 9) and a margin. */
const COOLDOWN_MS = 31_000

type Mail = { to: string; subject: string; text: string; receivedAt: string }

const mailsTo = async (to: string) =>
  (await (await fetch(`${MAILBOX_URL}/messages?${new URLSearchParams({ to })}`)).json()) as Mail[]
const approvals = (mails: Mail[]) => mails.filter((m) => m.subject.startsWith('Approve a new device'))

/** The approval link of the newest device approval email to `to`. */
async function approvalLink(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const [mail] = approvals(await mailsTo(to))
    const link = mail && /https?:\/\/\S+\/v1\/device\/approve\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0]
    if (link) return link
    if (Date.now() > deadline) throw new Error(`no approval link for ${to} in the dev mailbox`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The status and body of the auth frame's next answer from `path` of the API. */
function nextAnswer(page: Page, path: string) {
  return page
    .waitForResponse((response: Response) => new URL(response.url()).pathname === path)
    .then(async (response) => ({ status: response.status(), body: await response.json() }))
}

/** Closes the modal of a page whose email login is on the code step. */
async function closeModal(page: Page) {
  await page.keyboard.press('Escape')
  await Pages.expectClosed(page)
}

test('a new browser of an account gets the code step as any address; its right code asks for the approval by the emailed link, which logs it in; the same browser then skips it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
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

    // An address without an account, then the account's: the same step, the same answer.
    const nobody = Embedded.freshEmail('nobody')
    const nobodyAnswer = nextAnswer(other, '/v1/auth/email/otp')
    await Embedded.submitEmail(other, nobody)
    await closeModal(other)
    await other.waitForTimeout(Math.max(0, firstCodeAt + COOLDOWN_MS - Date.now()))
    const sentAt = Date.now() - 1000
    const accountAnswer = nextAnswer(other, '/v1/auth/email/otp')
    await Embedded.submitEmail(other, email)
    expect(await accountAnswer).toEqual(await nobodyAnswer)
    expect(await accountAnswer).toEqual({ status: 200, body: { sent: true, cooldownS: 30 } })
    await expect(frame.getByText('Approve this device')).toHaveCount(0)
    const code = await Embedded.otpFor(email, sentAt)
    expect(approvals(await mailsTo(email))).toHaveLength(0)

    // A wrong code is only a wrong code.
    const wrongAnswer = nextAnswer(other, '/v1/auth/email/verify')
    await frame.getByRole('textbox', { name: 'Code' }).fill(code === '000000' ? '111111' : '000000')
    expect(await wrongAnswer).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_otp', attemptsLeft: 4 } },
    })
    await expect(frame.getByText('The code is not valid')).toBeVisible()

    // The right code: now the browser is told it needs the account's approval.
    await frame.getByRole('textbox', { name: 'Code' }).fill(code)
    await expect(frame.getByText('Approve this device')).toBeVisible()
    await expect(frame.getByText(`Open the link we sent to ${email}`)).toBeVisible()
    await expect(frame.getByRole('textbox', { name: 'Code' })).toHaveCount(0)
    await expect(other.getByTestId('status')).not.toHaveText('connected')
    await other.screenshot({ path: join(ARTIFACTS, 'device-approve.png') })

    // The link from the dev mailbox: its page asks, Approve approves.
    const link = await approvalLink(email)
    const mailbox = await context.newPage()
    await mailbox.goto(link)
    await expect(mailbox.getByRole('heading', { name: 'Approve this device' })).toBeVisible()
    // Still waiting: opening the link approved nothing.
    await other.waitForTimeout(1500)
    await expect(frame.getByText('Approve this device')).toBeVisible()
    await mailbox.getByRole('button', { name: 'Approve' }).click()
    await expect(mailbox.getByRole('heading', { name: 'Device approved' })).toBeVisible()
    // The waiting browser is logged in, without another code.
    await Pages.expectClosed(other)
    await expect(other.getByTestId('status')).toHaveText('connected')
    expect(await Pages.providerRequest(other, 'eth_accounts')).toEqual({ result: [address] })
    // The link works once.
    await mailbox.goto(link)
    await expect(mailbox.getByRole('heading', { name: 'This link no longer works' })).toBeVisible()
    const loggedInAt = Date.now()

    // Sign out, and log in again from this browser once the cooldown is over: the code alone.
    await other.getByRole('button', { name: /^0x/ }).click()
    await frame.getByRole('button', { name: 'Disconnect' }).click()
    await expect(other.getByTestId('status')).toHaveText('disconnected')
    if (await Pages.dialog(other).isVisible()) await other.keyboard.press('Escape')
    await Pages.expectClosed(other)
    const approvalsBefore = approvals(await mailsTo(email)).length
    await other.waitForTimeout(Math.max(0, loggedInAt + COOLDOWN_MS - Date.now()))
    const againAt = Date.now() - 1000
    await Embedded.submitEmail(other, email)
    await frame.getByRole('textbox', { name: 'Code' }).fill(await Embedded.otpFor(email, againAt))
    await Pages.expectClosed(other)
    await expect(other.getByTestId('status')).toHaveText('connected')
    await expect(frame.getByText('Approve this device')).toHaveCount(0)
    // No second approval email was sent.
    expect(approvals(await mailsTo(email))).toHaveLength(approvalsBefore)
  } finally {
    await context.close()
  }
})
