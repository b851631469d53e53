import { expect, type Page, test } from '@playwright/test'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as Siwx from './siwx.js'

let site: { url: string; close: () => Promise<void> }
test.beforeAll(async () => {
  site = await Siwx.serve()
})
test.afterAll(async () => {
  await site.close()
})

/** Logs in with a fresh email from the page's modal (the code from the dev mailbox). */
async function login(page: Page) {
  const email = Embedded.freshEmail('siwx')
  const sentAfter = Date.now() - 1000
  await Siwx.call(page, 'open')
  await Pages.expectConnectShown(page)
  const frame = Pages.modal(page)
  const input = frame.getByRole('textbox', { name: 'Email' })
  await expect(async () => {
    if (await input.isVisible()) {
      await input.fill(email)
      await input.press('Enter')
    }
    await expect(frame.getByText('Enter the 6-digit code sent to')).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 20_000 })
  await frame.getByRole('textbox', { name: 'Code' }).fill(await Embedded.otpFor(email, sentAfter))
}

test.describe('sign in with the wallet (SIWX), email wallet', () => {
  test('optional: after the code the sign-in view opens; the message is approved in the auth frame like any signature; declined there keeps the view; approved, the page, the API (by account and by id) and viem agree; the site revokes it by POST /v1/sessions/{id}/revoke', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await Siwx.open(page, site.url, 'optional')
    await login(page)
    await Siwx.expectSignIn(page)
    const address = (await Siwx.state(page)).address as string
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await Siwx.shot(page, 'email-sign-in')
    const frame = Pages.modal(page)
    const auth = Embedded.authFrame(page)

    // Sign: ApproveTransaction shows the auth frame with the sign-in message; declined there.
    await frame.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(frame.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
    await expect(
      auth.getByText('wants you to sign in with your Ethereum account:', { exact: false }),
    ).toBeVisible()
    await Siwx.shot(page, 'email-approve')
    await auth.getByRole('button', { name: 'Decline' }).click()
    await Siwx.expectSignIn(page)
    await expect(frame.getByRole('alert')).toHaveText('Signature declined')
    expect(await Siwx.apiSessions('eip155:31337', address)).toEqual([])

    // Approved: back to nothing open; the session is the page's and the API's, and viem verifies it.
    await frame.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(auth.getByRole('button', { name: 'Approve' })).toBeEnabled()
    await auth.getByRole('button', { name: 'Approve' }).click()
    await Pages.expectClosed(page)
    await expect.poll(async () => (await Siwx.state(page)).siwxSession?.data.accountAddress).toBe(address)
    const session = (await Siwx.state(page)).siwxSession!
    const stored = await Siwx.apiSessions('eip155:31337', address)
    expect(stored).toHaveLength(1)
    Siwx.expectReadOf(stored[0]!, session)
    expect((await Siwx.verifiedByViem(session)).valid).toBe(true)
    await Siwx.shot(page, 'email-signed')
    // The spec's GET /v1/sessions/{id} answers the page's session by its id.
    const id = stored[0]!.id
    const byId = await Siwx.apiSession(id)
    expect(byId).toEqual({ status: 200, body: stored[0] })
    Siwx.expectReadOf(byId.body, session)
    expect(byId.body.session).toMatchObject({
      message: session.message,
      data: {
        accountAddress: session.data.accountAddress,
        chainId: 'eip155:31337',
        nonce: session.data.nonce,
      },
    })

    // The site's server revokes it by POST /v1/sessions/{id}/revoke with {pci, signature}, the
    // signature from the page's session (no read gives it): another signature is refused, the
    // session's own revokes it, and it is gone by id and by account.
    const other = await Siwx.apiRevoke(id, `0x${'00'.repeat(65)}`)
    expect(other).toBe(401)
    expect((await Siwx.apiSession(id)).status).toBe(200)
    expect(await Siwx.apiRevoke(id, session.signature)).toBe(200)
    expect((await Siwx.apiSession(id)).status).toBe(404)
    expect(await Siwx.apiSessions('eip155:31337', address)).toEqual([])
  })

  test('required: Escape shakes on the sign-in view; cancel with no session logs out', async ({ page }) => {
    test.setTimeout(120_000)
    await Siwx.open(page, site.url, 'required')
    await login(page)
    await Siwx.expectSignIn(page)
    await page.keyboard.press('Escape')
    await expect(Pages.modal(page).locator('.fd-card')).toHaveAttribute('data-shake', 'true')
    await Siwx.expectSignIn(page)
    await Pages.modal(page).getByRole('button', { name: 'Cancel' }).click()
    await Pages.expectClosed(page)
    await expect.poll(async () => (await Siwx.state(page)).status).toBe('disconnected')
  })
})
