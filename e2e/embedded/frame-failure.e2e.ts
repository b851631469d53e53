import { fileURLToPath } from 'node:url'
import { expect, type Page, type Request, test } from '@playwright/test'
import * as Pages from '../modal/pages.js'
import * as Embedded from './embedded.js'

/**
 * The embedded wallet's frame failing (spec section 8): the visitor sees the alert, and the project
 * gets the error report (`POST /e`, `kind: 'frame'`, named by the spec's event). Neither fault can be
 * caused for real against a healthy stack, so the test holds a request with Playwright's routing and
 * never answers it: the frame's document (it never loads: `iframe_load_failed` after 20 s), or the
 * auth frame's request for the login code (the login never answers: `iframe_request_timeout` after
 * 120 s, reached with Playwright's clock).
 */

const { DEMO_URL, AUTH_URL, API_URL } = Pages.addresses
const AUTH_ORIGIN = new URL(AUTH_URL).origin
const SHOTS = fileURLToPath(new URL('../artifacts/embedded/', import.meta.url))

/** The error reports any frame of `page` sends (`POST /e` with an error's props). */
function errorReports(page: Page) {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/e') seen.push(request)
  })
  return () =>
    seen
      .map((r) => JSON.parse(r.postData() ?? '{}') as { props?: { type?: string; properties?: unknown } })
      .filter((r) => r.props?.type === 'error')
      .map((r) => r.props?.properties)
}

/** The modal's toast region showing `text`. */
const toast = (page: Page, text: string) => Pages.modal(page).getByRole('status').filter({ hasText: text })

test("an auth frame that never loads: after 20 s 'Network Error - Could not load embedded wallet', reported", async ({
  page,
}) => {
  test.setTimeout(90_000)
  const reports = errorReports(page)
  // Held, never answered: the frame's document (`AUTH_URL/?projectId=…`), nothing else of its origin.
  let held = 0
  await page.route(
    (url) => url.origin === AUTH_ORIGIN && url.pathname === '/',
    () => {
      held++
    },
  )
  await page.goto(DEMO_URL)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  // The focused email field loads the frame.
  await expect.poll(() => held).toBe(1)
  const startedAt = Date.now()
  // Before: loading, nothing said yet.
  await page.waitForTimeout(5_000)
  await expect(toast(page, 'Could not load embedded wallet')).toHaveCount(0)
  await expect(toast(page, 'Network Error - Could not load embedded wallet')).toBeVisible({ timeout: 25_000 })
  expect(Date.now() - startedAt).toBeGreaterThan(15_000)
  await page.screenshot({ path: `${SHOTS}frame-load-failed.png` })
  // The modal stays usable: WalletConnect is still offered.
  await expect(Pages.modal(page).getByRole('button', { name: 'WalletConnect' })).toBeVisible()
  // The report leaves within the client's flush interval (5 s).
  await expect
    .poll(reports, { timeout: 15_000 })
    .toContainEqual({ source: 'modal', kind: 'frame', name: 'FrameError', message: 'iframe_load_failed' })
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

test("a login the auth frame never answers: after 120 s 'Embedded Wallet Request Timed Out', reported", async ({
  page,
}) => {
  test.setTimeout(120_000)
  // Time runs as usual until the test moves it on (every frame of the page shares this clock).
  await page.clock.install()
  const reports = errorReports(page)
  // Held, never answered: the auth frame's request for the login code.
  let held = 0
  await page.route(`${API_URL}/v1/auth/email/otp`, () => {
    held++
  })
  await page.goto(DEMO_URL)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  const frame = Pages.modal(page)
  const input = frame.getByRole('textbox', { name: 'Email' })
  await input.click()
  await input.fill(Embedded.freshEmail('timeout'))
  await input.press('Enter')
  await expect.poll(() => held).toBe(1)
  // Before: the login is pending, nothing said yet.
  await page.clock.fastForward('01:50')
  await page.waitForTimeout(1000)
  await expect(toast(page, 'Embedded Wallet Request Timed Out')).toHaveCount(0)
  await page.clock.fastForward('00:11')
  await expect(toast(page, 'Embedded Wallet Request Timed Out')).toBeVisible({ timeout: 10_000 })
  await page.screenshot({ path: `${SHOTS}frame-request-timeout.png` })
  await page.clock.fastForward('00:06')
  await expect
    .poll(reports, { timeout: 15_000 })
    .toContainEqual({ source: 'modal', kind: 'frame', name: 'FrameError', message: 'iframe_request_timeout' })
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})
