import { expect, test } from '@playwright/test'
import * as Pages from '../modal/pages.js'

const { DEMO_URL, AUTH_URL } = Pages.addresses
const AUTH_ORIGIN = new URL(AUTH_URL).origin

test.describe('the embedded wallet frame loads when first needed', () => {
  test('a page load with email login on fetches nothing of the auth frame; opening on the email field does', async ({
    page,
  }) => {
    const fetched: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).origin === AUTH_ORIGIN) fetched.push(request.url())
    })
    await page.goto(DEMO_URL)
    // Ready: the modal frame is connected and its features (email login on) are known.
    await expect.poll(() => Pages.providerRequest(page, 'eth_chainId')).toHaveProperty('result')
    await page.waitForTimeout(1500)
    expect(fetched).toEqual([])
    await expect(Pages.modal(page).locator('iframe.fd-auth-frame')).toHaveCount(0)

    // Opening shows the Connect view with the email field focused: the hint that a login may follow.
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    await expect(Pages.modal(page).getByRole('textbox', { name: 'Email' })).toBeFocused()
    await expect(Pages.modal(page).locator('iframe.fd-auth-frame')).toHaveCount(1)
    await expect.poll(() => fetched.length).toBeGreaterThan(0)
  })
})
