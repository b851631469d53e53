import * as SocialPopup from '@frontdoor/protocol/social-popup'
import { type APIResponse, expect, type Page, request, test } from '@playwright/test'
import * as Pages from '../modal/pages.js'

// Login CSRF on social login: an attacker signs in with their own account on their own machine, keeps
// the callback URL the provider sent their popup to, and makes the victim's browser load it while the
// victim's popup is open (by the popup's name from the page, or by navigating the popup). The victim's
// modal must not end up logged into the attacker's wallet (the victim would then fund it).

const { DEMO_URL, API_URL, MODAL_URL } = Pages.addresses
const CALLBACK = '/v1/auth/social/callback?'

/** Clicks a social button in the Connect view and returns the popup it opened. */
async function openPopup(page: Page, provider: string) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  const popup = page.waitForEvent('popup')
  await Pages.modal(page).getByRole('button', { name: provider, exact: true }).click()
  return popup
}

/**
 * The attacker, on a machine of their own (a cookie-keeping HTTP client): begins a Google login as the
 * modal would, signs in as `username` and keeps the callback URL the provider sends them back to (code
 * and state of their own login), without loading it.
 */
async function attackerCallback(username: string): Promise<string> {
  const client = await request.newContext({ maxRedirects: 0 })
  try {
    const { attempt, binding } = SocialPopup.attempt()
    const query = new URLSearchParams({
      projectId: 'demo',
      origin: new URL(MODAL_URL).origin,
      attempt,
      binding: await SocialPopup.bindingHash(binding),
    })
    let url = `${API_URL}/v1/auth/social/google/start?${query}`
    const follow = async (response: APIResponse) => {
      expect(response.status(), `${response.url()} redirects`).toBeGreaterThanOrEqual(300)
      return new URL(response.headers().location as string, response.url()).href
    }
    // start -> the provider's authorize -> its sign-in page
    while (!url.includes('/interaction/')) url = await follow(await client.get(url))
    const page = await client.get(url)
    const login = [...(await page.text()).matchAll(/action="([^"]+)"/g)]
      .map((match) => new URL(match[1] ?? '', url).href)
      .find((action) => action.endsWith('/login'))
    expect(login, 'the sign-in form').toBeTruthy()
    url = await follow(await client.post(login as string, { form: { username } }))
    while (!new URL(url).pathname.endsWith('/v1/auth/social/callback'))
      url = await follow(await client.get(url))
    return url
  } finally {
    await client.dispose()
  }
}

/** The victim's address after the attack, or undefined while not connected. */
async function victimAccount(page: Page): Promise<string | undefined> {
  if ((await page.getByTestId('status').textContent()) !== 'connected') return undefined
  const accounts = (await Pages.providerRequest(page, 'eth_accounts')) as { result?: string[] }
  return accounts.result?.[0]
}

test.describe('social login is bound to the browser and frame that started it', () => {
  test("the page opening the attacker's callback URL under the popup's old fixed name logs the victim into nothing", async ({
    page,
  }) => {
    const attacker = `mallory${Date.now().toString(36)}`
    const callbackUrl = await attackerCallback(attacker)
    expect(new URL(callbackUrl).origin).toBe(new URL(API_URL).origin)

    await page.goto(DEMO_URL)
    const popup = await openPopup(page, 'Google')
    await expect(popup.getByLabel('Username')).toBeVisible()
    await expect(Pages.modal(page).getByText('Continue in the Google window')).toBeVisible()
    // A script on the page (or any page in the same browsing context group) targets the popup by the
    // name it used to have: it gets a window of its own, not the victim's popup.
    const opened = page.waitForEvent('popup')
    // Waited for from before the window opens: the callback may answer before the popup event arrives.
    const answered = page
      .context()
      .waitForEvent('response', {
        predicate: (r) => r.url().includes(CALLBACK),
        timeout: 10_000,
      })
      .catch(() => undefined)
    await page.evaluate((url) => {
      window.open(url, 'frontdoor-social')
    }, callbackUrl)
    const other = await opened
    expect(other).not.toBe(popup)
    // The callback refuses a login this browser did not start (no code in the page) and closes.
    expect((await answered)?.status()).toBe(400)
    // The victim's popup is untouched and the victim is not logged in.
    await expect(popup.getByLabel('Username')).toBeVisible()
    await page.waitForTimeout(1500)
    expect(await victimAccount(page)).toBeUndefined()
    await expect(Pages.modal(page).getByText('Continue in the Google window')).toBeVisible()
  })

  test("the victim's popup loading the attacker's callback URL: refused, and the victim's modal is not logged in", async ({
    page,
  }) => {
    const attacker = `mallory${Date.now().toString(36)}`
    const callbackUrl = await attackerCallback(attacker)

    await page.goto(DEMO_URL)
    const popup = await openPopup(page, 'Google')
    await expect(popup.getByLabel('Username')).toBeVisible()
    // However it is made to (a link in the provider's page, a redirect), the victim's own popup loads
    // the attacker's callback: the callback needs the cookie of the browser that started that login.
    const closed = popup.waitForEvent('close', { timeout: 5_000 }).catch(() => undefined)
    await popup.goto(callbackUrl).catch(() => undefined)
    await closed
    await page.waitForTimeout(1500)
    expect(await victimAccount(page)).toBeUndefined()
    await expect(page.getByTestId('status')).not.toHaveText('connected')

    // The victim still signs in as themself afterwards.
    const frame = Pages.modal(page)
    await expect(frame.getByRole('button', { name: 'Try again' })).toBeVisible()
    const again = page.waitForEvent('popup')
    await frame.getByRole('button', { name: 'Try again' }).click()
    const own = await again
    await own.getByLabel('Username').fill(`victim${Date.now().toString(36)}`)
    const ownClosed = own.waitForEvent('close')
    await own.getByRole('button', { name: 'Sign in' }).click()
    await ownClosed
    await expect(page.getByTestId('status')).toHaveText('connected')
    expect(await victimAccount(page)).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })
})
