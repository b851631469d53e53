import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import * as Pages from '../modal/pages.js'

const { DEMO_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'embedded')
mkdirSync(ARTIFACTS, { recursive: true })

/** Clicks a social button in the Connect view and returns the popup it opened. */
async function openPopup(page: Page, provider: string) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  const popup = page.waitForEvent('popup')
  await Pages.modal(page).getByRole('button', { name: provider, exact: true }).click()
  return popup
}

/** Signs in on the dev OIDC provider's test-user page in the popup; returns the embedded address. */
async function signIn(page: Page, provider: string, username: string, screenshot?: string) {
  const popup = await openPopup(page, provider)
  await expect(popup.getByLabel('Username')).toBeVisible()
  const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }))
  expect(size).toEqual({ width: 600, height: 800 })
  await expect(Pages.modal(page).getByText(`Continue in the ${provider} window`)).toBeVisible()
  if (screenshot) {
    await popup.screenshot({ path: join(ARTIFACTS, `${screenshot}-popup.png`) })
    await page.screenshot({ path: join(ARTIFACTS, `${screenshot}-waiting.png`) })
  }
  await popup.getByLabel('Username').fill(username)
  const closed = popup.waitForEvent('close')
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await closed
  await Pages.expectClosed(page)
  await expect(page.getByTestId('status')).toHaveText('connected')
  const accounts = (await Pages.providerRequest(page, 'eth_accounts')) as { result: string[] }
  return accounts.result[0]!
}

async function disconnect(page: Page) {
  await page.getByRole('button', { name: /^0x/ }).click()
  await Pages.modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await Pages.modal(page).getByRole('button', { name: 'Close' }).click()
  await Pages.expectClosed(page)
}

test.describe('embedded wallet by social login', () => {
  test('Google through the 600 x 800 popup and the dev OIDC provider; the same user gets the same address again', async ({
    page,
  }) => {
    const username = `grace${Date.now().toString(36)}`
    await page.goto(DEMO_URL)
    const first = await signIn(page, 'Google', username, 'social-google')
    expect(first).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await disconnect(page)
    const second = await signIn(page, 'Google', username)
    expect(second).toBe(first)
  })

  test("closing the popup: 'Popup closed', and Try again opens a new one", async ({ page }) => {
    await page.goto(DEMO_URL)
    const popup = await openPopup(page, 'GitHub')
    await popup.close()
    const frame = Pages.modal(page)
    await expect(frame.getByRole('alert')).toHaveText('Popup closed')
    await page.screenshot({ path: join(ARTIFACTS, 'social-popup-closed.png') })
    const again = page.waitForEvent('popup')
    await frame.getByRole('button', { name: 'Try again' }).click()
    const popup2 = await again
    await expect(popup2.getByLabel('Username')).toBeVisible()
    await popup2.getByRole('button', { name: 'Cancel' }).click()
    await expect(frame.getByRole('alert')).toHaveText(/^(Failed to connect|Popup closed)$/)
  })
})
