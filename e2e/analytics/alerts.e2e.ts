import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { expect, type Page, test } from '@playwright/test'
import * as AppKitPageServer from '../appkit/PageServer.js'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as StackControl from '../stack-control.js'
import * as Injected from '../wallets/injected.js'

/**
 * The alerts of spec section 8, each caused for real against the running stack and seen in the modal:
 * 'Network Not Found' (the page asks for a chain it did not list), 'Rate Limited' (the project's
 * allowed-origins read over its rate limit: a real 429), 'Server Error' (the API answering that read
 * with a real 500: its rate-limit store, Redis, unreachable), 'Session Expired' (the relay refusing
 * WalletConnect's token as not yet valid: the browser's clock ahead), 'Multi-Wallet Not Enabled' (a
 * project with multi_wallet off), 'Invalid App Configuration' for an unknown project id, and the
 * unverified domain (the embedded wallet's server does not find the page on the project's allowlist).
 * Screenshots in e2e/artifacts/alerts.
 */

const { MODAL_URL, API_URL, AUTH_URL, DEMO_URL } = Pages.addresses
const REPO = fileURLToPath(new URL('../..', import.meta.url))
const SHOTS = fileURLToPath(new URL('../artifacts/alerts/', import.meta.url))
const USER = DEV_ACCOUNTS[8]!
const RUN = Date.now().toString(36)
const PROJECT = {
  limited: `e2e-rl-${RUN}`,
  broken: `e2e-5xx-${RUN}`,
  single: `e2e-mw-${RUN}`,
  dropped: `e2e-uv-${RUN}`,
}

/** The API's budget for `/projects/v1/origins` per client address and project (apps/api Config.ts). */
const ORIGINS_LIMIT = 60

const cli = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/frontdoor.ts', 'projects', ...args], {
    cwd: REPO,
    env: process.env,
    encoding: 'utf8',
  }).trim()

/** The page of a project: one sdk.js line, served on an origin the projects allow (`?project=`). */
let site: Server
test.beforeAll(async () => {
  test.setTimeout(180_000)
  mkdirSync(SHOTS, { recursive: true })
  // The CLI writes to the API's own store: one process at a time may open an embedded (PGlite) one.
  await StackControl.stopPart('api')
  try {
    for (const id of Object.values(PROJECT)) cli('create', id, '--origins', AppKitPageServer.PAGE_URL)
    cli('set-feature', PROJECT.single, 'multi_wallet', 'off')
  } finally {
    await StackControl.startPart('api')
  }
  site = createServer((request, response) => {
    const project = new URL(request.url ?? '/', AppKitPageServer.PAGE_URL).searchParams.get('project') ?? ''
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><head><title>Alerts</title></head><body>
<script src="${MODAL_URL}/sdk.js" data-project-id="${project}" data-chain-ids="31337"></script></body></html>`)
  })
  await new Promise<void>((resolve) =>
    site.listen(Number(new URL(AppKitPageServer.PAGE_URL).port), '127.0.0.1', resolve),
  )
})
test.afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve))
})

const origins = (projectId: string) =>
  fetch(`${API_URL}/projects/v1/origins?${new URLSearchParams({ projectId, st: 'e2e', sv: '0' })}`)

async function openSite(page: Page, projectId: string) {
  await page.goto(`${AppKitPageServer.PAGE_URL}/?project=${projectId}`)
  await page.waitForFunction(() => (window as unknown as { frontdoor?: unknown }).frontdoor !== undefined)
  await page.evaluate(() => void (window as unknown as { frontdoor: { open: () => void } }).frontdoor.open())
  await expect(Pages.dialog(page)).toHaveAttribute('open', '')
}

/** The modal's toast region showing `text`. */
const toast = (page: Page, text: string) => Pages.modal(page).getByRole('status').filter({ hasText: text })

test.describe('alerts of spec section 8', () => {
  test("'Network Not Found': the page asks for a chain it did not list; 4902, and the modal opens on the toast", async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(DEMO_URL)
    await expect(page.getByTestId('network')).toHaveText(/31337/)
    await expect(Pages.dialog(page)).not.toHaveAttribute('open', '')
    // A listed chain: no alert.
    expect(await Pages.providerRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({
      result: null,
    })
    await expect(Pages.dialog(page)).not.toHaveAttribute('open', '')
    // Chain 99999: neither the page's networks nor the registry have it.
    expect(
      await Pages.providerRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x1869f' }]),
    ).toMatchObject({ code: 4902 })
    await expect(Pages.dialog(page)).toHaveAttribute('open', '')
    await expect(toast(page, 'Network Not Found')).toBeVisible()
    await page.screenshot({ path: `${SHOTS}network-not-found.png` })
    expect(errors).toContain(
      'frontdoor: Network not found - make sure it is listed in the networks passed to createFrontdoor()',
    )
    // The page stays on the chain it had.
    expect(await Pages.providerRequest(page, 'eth_chainId')).toEqual({ result: '0x7a6a' })
  })

  test("'Rate Limited': the project's allowed-origins read over its rate limit (a real 429)", async ({
    page,
  }) => {
    // Before: the read answers, and the project's page would be allowed.
    const first = await origins(PROJECT.limited)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ allowedOrigins: [AppKitPageServer.PAGE_URL] })
    // The rest of the budget, from this machine's address (the frame server's too).
    for (let i = 1; i < ORIGINS_LIMIT; i++) expect((await origins(PROJECT.limited)).status).toBe(200)
    const over = await origins(PROJECT.limited)
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/)
    // The modal's server reads the origins for this page now: 429 -> 'Rate Limited'.
    await openSite(page, PROJECT.limited)
    const alert = Pages.modal(page).getByRole('alert')
    await expect(alert).toContainText('Rate Limited')
    await expect(alert).toContainText('Rate limit exceeded for the project configuration')
    await expect(Pages.modal(page).getByRole('button', { name: 'WalletConnect' })).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS}rate-limited.png` })
  })

  test("an unknown project id: 'Invalid App Configuration' naming the project id, not the allowlist", async ({
    page,
  }) => {
    const unknown = `e2e-unknown-${RUN}`
    // Before: the API does not know the project (its spec message).
    const refused = await origins(unknown)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ error: { message: 'Unauthorized: invalid key' } })
    await openSite(page, unknown)
    const alert = Pages.modal(page).getByRole('alert')
    await expect(alert).toContainText('Invalid App Configuration')
    await expect(alert).toContainText('Invalid project id - check the project configuration')
    await expect(alert).not.toContainText('allowlist')
    await expect(Pages.modal(page).getByRole('button', { name: 'WalletConnect' })).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS}invalid-project-id.png` })
  })

  test("'Server Error': the API answers the allowed-origins read with a 5xx (it waits for its Redis)", async ({
    page,
  }) => {
    // Before: the read answers (asked from here: the modal's server has not read this project yet).
    expect((await origins(PROJECT.broken)).status).toBe(200)
    // The API again, with a Redis nobody listens on: it stays up but not ready, and every route but
    // its health answers 503 'starting' until Redis answers.
    await StackControl.stopPart('api')
    await StackControl.startPartLive('api', { REDIS_URL: 'redis://127.0.0.1:1' })
    try {
      const failed = await origins(PROJECT.broken)
      expect(failed.status).toBe(503)
      expect(await failed.json()).toMatchObject({ error: { code: 'starting' } })
      await openSite(page, PROJECT.broken)
      const alert = Pages.modal(page).getByRole('alert')
      // With every API read answering 503 (each retried by the modal), this takes longer than 5 s.
      await expect(alert).toContainText('Server Error', { timeout: 20_000 })
      await expect(alert).toContainText('Failed to get the project configuration')
      await page.screenshot({ path: `${SHOTS}server-error.png` })
    } finally {
      await StackControl.stopPart('api')
      await StackControl.startPart('api')
    }
    expect((await origins(PROJECT.broken)).status).toBe(200)
  })

  test("'Multi-Wallet Not Enabled': Manage wallets of a project with multi_wallet off shows the info", async ({
    page,
  }) => {
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    await openSite(page, PROJECT.single)
    const frame = Pages.modal(page)
    await frame.getByRole('button', { name: wallet.name }).click()
    await Pages.expectClosed(page)
    await page.evaluate(
      () => void (window as unknown as { frontdoor: { open: () => void } }).frontdoor.open(),
    )
    await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect(frame.getByText('Multi-Wallet Not Enabled')).toHaveCount(0)
    // The Account view's wallet button: the one visible (Connect's may linger hidden while Account loads).
    const walletButton = frame.locator('button.fd-wallet:visible')
    await expect(walletButton).toHaveCount(1)
    await walletButton.click()
    const info = frame.getByRole('status').filter({ hasText: 'Multi-Wallet Not Enabled' })
    await expect(info).toBeVisible()
    await expect(info).toContainText('turn on the multi_wallet feature')
    await page.screenshot({ path: `${SHOTS}multi-wallet-not-enabled.png` })
  })

  test('unverified domain: the project drops the page after the modal loaded; the embedded wallet cannot verify it', async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    // The modal loads while the page is allowed (the auth frame loads only when the modal first opens).
    await page.goto(`${AppKitPageServer.PAGE_URL}/?project=${PROJECT.dropped}`)
    await page.waitForFunction(() => (window as unknown as { frontdoor?: unknown }).frontdoor !== undefined)
    expect(page.frames().some((f) => f.url().startsWith(AUTH_URL))).toBe(false)
    // The project's allowlist drops the page (the CLI writes the API's store while it is stopped).
    await StackControl.stopPart('api')
    try {
      cli('set-origins', PROJECT.dropped, 'https://elsewhere.example')
    } finally {
      await StackControl.startPart('api')
    }
    expect(await (await origins(PROJECT.dropped)).json()).toEqual({
      allowedOrigins: ['https://elsewhere.example'],
    })
    await page.evaluate(
      () => void (window as unknown as { frontdoor: { open: () => void } }).frontdoor.open(),
    )
    await expect(Pages.dialog(page)).toHaveAttribute('open', '')
    const frame = Pages.modal(page)
    // The email field's focus loads the auth frame, whose server does not find the page on the list.
    await frame.getByRole('textbox', { name: 'Email' }).focus()
    await expect(toast(page, 'Invalid App Configuration')).toBeVisible({ timeout: 15_000 })
    await page.screenshot({ path: `${SHOTS}unverified-domain.png` })
    expect(errors).toContain(
      'frontdoor: The embedded wallet could not verify this domain - make sure it is on the allowlist',
    )
    // Said at once, not after the 20 s load time-out, and nothing of the wallet started.
    expect(errors.some((e) => e.includes('iframe_load_failed'))).toBe(false)
  })

  test("'Session Expired': the device's clock an hour ahead, the relay refuses WalletConnect's token as not yet valid", async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    // The browser's clock (every frame of the page) an hour ahead: sign-client signs its relay token with
    // that `iat`, which the relay refuses with the spec's token-not-yet-valid message.
    await page.clock.install({ time: Date.now() + 60 * 60_000 })
    await page.goto(DEMO_URL)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    // Before: no alert.
    await expect(toast(page, 'Session Expired')).toHaveCount(0)
    await Pages.modal(page).getByRole('button', { name: 'WalletConnect' }).click()
    await expect(toast(page, 'Session Expired')).toBeVisible({ timeout: 20_000 })
    await page.screenshot({ path: `${SHOTS}session-expired.png` })
    expect(errors).toContain(
      'frontdoor: The session is not valid yet - check the clock of this device and connect again',
    )
    // No pairing comes of it, and nothing connected.
    await expect(Pages.modal(page).locator('figure[data-uri]')).toHaveCount(0)
    await expect(page.getByTestId('status')).toHaveText('disconnected')
  })

  test("a reload with an embedded session the API revoked: disconnected, the modal closed, no 'Session Expired'", async ({
    page,
  }) => {
    test.setTimeout(120_000)
    // The session outlives a reload in the auth frame's partitioned cookie (Playwright's context denies
    // the cross-site frame its localStorage).
    await page.goto(DEMO_URL)
    const verified = page.waitForResponse((r) => r.url().endsWith('/v1/auth/email/verify') && r.ok())
    await Embedded.loginByEmail(page, Embedded.freshEmail('expired'))
    const { token } = (await (await verified).json()) as { token: string }
    // Before: a reload restores the session.
    await page.reload()
    await expect(page.getByTestId('status')).toHaveText('connected', { timeout: 20_000 })
    await expect(Pages.dialog(page)).not.toHaveAttribute('open', '')
    // The API revokes the session (its sign-out, as another tab of the auth frame would ask).
    const signout = await fetch(`${API_URL}/v1/auth/signout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: AUTH_URL },
    })
    expect(signout.status).toBe(200)
    // The restore asks the auth frame, whose session the API refuses (401): the page is disconnected.
    const refused = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/v1/auth/user' && r.status() === 401,
    )
    await page.reload()
    await refused
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    // Longer than the modal would take to open on an alert (it did, for the 'Session Expired' before).
    await page.waitForTimeout(1500)
    await expect(Pages.dialog(page)).not.toHaveAttribute('open', '')
    await expect(toast(page, 'Session Expired')).toHaveCount(0)
  })
})
