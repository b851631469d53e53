import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { expect, type Page, type Request, test } from '@playwright/test'
import * as AppKitPageServer from '../appkit/PageServer.js'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as StackControl from '../stack-control.js'
import * as Injected from '../wallets/injected.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'

/**
 * Analytics and error reports end to end, against the real API: projects made with the CLI (analytics
 * on, analytics off, a dashboard token), a one-line sdk.js page per project, and the reports read back
 * from the API's store through the dashboard (its JSON and its page), never from a mock.
 */

const { MODAL_URL, API_URL } = Pages.addresses
const REPO = fileURLToPath(new URL('../..', import.meta.url))
const SHOTS = fileURLToPath(new URL('../artifacts/analytics/', import.meta.url))
const USER = DEV_ACCOUNTS[8]!
const WC_USER = DEV_ACCOUNTS[9]!
const RUN = Date.now().toString(36)
const PROJECT = {
  on: `e2e-on-${RUN}`,
  off: `e2e-off-${RUN}`,
  errors: `e2e-err-${RUN}`,
  funnel: `e2e-fun-${RUN}`,
  walletConnect: `e2e-wc-${RUN}`,
  email: `e2e-em-${RUN}`,
}
const tokens: Record<string, string> = {}

const cli = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/frontdoor.ts', 'projects', ...args], {
    cwd: REPO,
    env: process.env,
    encoding: 'utf8',
  }).trim()

/** The page of a project: one sdk.js line, served on the origin the projects allow (`?project=`). */
let site: Server
test.beforeAll(async () => {
  test.setTimeout(180_000)
  mkdirSync(SHOTS, { recursive: true })
  // The CLI writes to the API's own store: one process at a time may open an embedded (PGlite) one.
  await StackControl.stopPart('api')
  try {
    for (const [name, id] of Object.entries(PROJECT)) {
      cli('create', id, '--origins', AppKitPageServer.PAGE_URL, ...(name === 'off' ? ['--no-analytics'] : []))
      tokens[id] = cli('set-dashboard-token', id)
    }
  } finally {
    await StackControl.startPart('api')
  }
  site = createServer((request, response) => {
    const query = new URL(request.url ?? '/', AppKitPageServer.PAGE_URL).searchParams
    const project = query.get('project') ?? ''
    const chains = query.get('chains') === '31337,31338' ? '31337,31338' : '31337'
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><head><title>Analytics</title></head><body>
<script src="${MODAL_URL}/sdk.js" data-project-id="${project}" data-chain-ids="${chains}"></script></body></html>`)
  })
  await new Promise<void>((resolve) =>
    site.listen(Number(new URL(AppKitPageServer.PAGE_URL).port), '127.0.0.1', resolve),
  )
})
test.afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve))
})

type Report = {
  kind: string
  url: string
  domain: string
  sdkType: string
  props: { event: string; properties?: Record<string, unknown> }
}

/** The reports the API stored for `projectId` (its dashboard's JSON, with the CLI's token). */
async function stored(projectId: string): Promise<Report[]> {
  const response = await fetch(`${API_URL}/dashboard/${projectId}/events`, {
    headers: { authorization: `Bearer ${tokens[projectId]}` },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { events: Report[] }).events
}

/** Every `POST /e` any frame of `page` makes. */
function beacons(page: Page) {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/e') seen.push(request)
  })
  return seen
}

async function openSite(page: Page, projectId: string, chains = '31337') {
  await page.goto(`${AppKitPageServer.PAGE_URL}/?${new URLSearchParams({ project: projectId, chains })}`)
  await page.waitForFunction(() => (window as unknown as { frontdoor?: unknown }).frontdoor !== undefined)
  await page.evaluate(() => void (window as unknown as { frontdoor: { open: () => void } }).frontdoor.open())
  await Pages.expectConnectShown(page)
}

/** Leaves the page: the frames' pagehide sends what is queued. */
const leave = (page: Page) => page.goto('about:blank')

/**
 * Waits until the reports of `projectId` hold `events`, then returns them with a reader of one event's
 * props (the first of that name).
 */
async function storedEvents(projectId: string, events: string[]) {
  await expect
    .poll(async () => (await stored(projectId)).map((r) => r.props.event), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(events))
  const reports = await stored(projectId)
  const props = (event: string) => reports.find((r) => r.props.event === event)?.props.properties
  return { reports, props }
}

/** A bit more than the client's flush interval (protocol analytics FLUSH_INTERVAL_MS, 5 s). */
const FLUSH_WAIT_MS = 6_500

test.describe('analytics (POST /e)', () => {
  test('analytics on: an injected connect and a network switch store their events with their props, and no address', async ({
    page,
  }) => {
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    const sent = beacons(page)
    expect(await stored(PROJECT.on)).toEqual([])
    await openSite(page, PROJECT.on, '31337,31338')
    await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
    await Pages.expectClosed(page)
    expect(await Pages.providerRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({
      result: null,
    })
    // The queue leaves on the client's timer while the page stays (and on page hide).
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4)
    await leave(page)
    const { reports, props } = await storedEvents(PROJECT.on, [
      'MODAL_OPEN',
      'SELECT_METHOD',
      'CONNECT_ATTEMPT',
      'CONNECT_SUCCESS',
      'SWITCH_NETWORK',
    ])
    const choice = { method: 'injected', kind: 'injected', wallet: 'dev.frontdoor.testwallet' }
    expect(props('SWITCH_NETWORK')).toEqual({ from: 31337, to: 31338, kind: 'injected' })
    expect(props('SELECT_METHOD')).toEqual(choice)
    expect(props('CONNECT_ATTEMPT')).toEqual(choice)
    expect(props('CONNECT_SUCCESS')).toEqual({ ...choice, chainId: 31337 })
    // The page's origin only, the sdk type of the query; no address anywhere.
    expect(reports[0]).toMatchObject({
      url: `${AppKitPageServer.PAGE_URL}/`,
      domain: 'localhost',
      sdkType: 'frontdoor',
    })
    expect(JSON.stringify(reports).toLowerCase()).not.toContain(wallet.address.toLowerCase().slice(2))
    // Sent as beacons from the modal's frame, with the sdk properties in the query.
    expect(sent.length).toBeGreaterThanOrEqual(4)
    expect(new URL(sent[0]!.url()).searchParams.get('projectId')).toBe(PROJECT.on)
    expect(new URL(sent[0]!.url()).searchParams.get('st')).toBe('frontdoor')
  })

  test('analytics on: a WalletConnect connect stores its events by connector kind, no address or pairing URI', async ({
    page,
  }) => {
    const wallet = await WalletConnectWallet.create({ privateKey: WC_USER.privateKey })
    try {
      expect(await stored(PROJECT.walletConnect)).toEqual([])
      await openSite(page, PROJECT.walletConnect)
      const frame = Pages.modal(page)
      await frame.getByRole('button', { name: 'WalletConnect' }).click()
      const figure = frame.locator('figure[data-uri]')
      await expect(figure).toBeVisible({ timeout: 20_000 })
      const uri = (await figure.getAttribute('data-uri')) as string
      await wallet.approve(await wallet.pair(uri))
      await Pages.expectClosed(page)
      await leave(page)
      const { reports, props } = await storedEvents(PROJECT.walletConnect, [
        'MODAL_OPEN',
        'SELECT_METHOD',
        'CONNECT_ATTEMPT',
        'CONNECT_SUCCESS',
        'MODAL_CLOSE',
      ])
      const choice = { method: 'walletConnect', kind: 'walletConnect' }
      expect(props('SELECT_METHOD')).toEqual(choice)
      expect(props('CONNECT_ATTEMPT')).toEqual(choice)
      expect(props('CONNECT_SUCCESS')).toEqual({ ...choice, chainId: 31337 })
      expect(props('MODAL_CLOSE')).toEqual({ connected: true })
      const text = JSON.stringify(reports).toLowerCase()
      expect(text).not.toContain(wallet.address.toLowerCase().slice(2))
      // Neither the pairing topic nor its key.
      expect(text).not.toContain(/^wc:([0-9a-f]{64})/.exec(uri)![1])
      expect(text).not.toContain(new URL(uri.replace(/^wc:/, 'wc://')).searchParams.get('symKey')!)
    } finally {
      await wallet.stop()
    }
  })

  test('analytics on: an email login stores its events (method email, kind embedded), never the email, code or token', async ({
    page,
  }) => {
    const email = Embedded.freshEmail('analytics')
    expect(await stored(PROJECT.email)).toEqual([])
    await openSite(page, PROJECT.email)
    const frame = Pages.modal(page)
    const sentAfter = Date.now() - 1000
    const input = frame.getByRole('textbox', { name: 'Email' })
    await expect(async () => {
      if (await input.isVisible()) {
        await input.fill(email)
        await input.press('Enter')
      }
      await expect(frame.getByText('Enter the 6-digit code sent to')).toBeVisible({ timeout: 3000 })
    }).toPass({ timeout: 30_000 })
    const code = await Embedded.otpFor(email, sentAfter)
    // The session token the API gives the auth frame: it must not reach a report either.
    const verified = page.waitForResponse((r) => r.url().endsWith('/v1/auth/email/verify') && r.ok())
    await frame.getByRole('textbox', { name: 'Code' }).fill(code)
    await Pages.expectClosed(page)
    const accounts = (await Pages.providerRequest(page, 'eth_accounts')) as { result: string[] }
    const address = accounts.result[0]!
    const { token } = (await (await verified).json()) as { token: string }
    expect(token.length).toBeGreaterThan(10)
    await leave(page)
    const { reports, props } = await storedEvents(PROJECT.email, [
      'MODAL_OPEN',
      'SELECT_METHOD',
      'CONNECT_ATTEMPT',
      'CONNECT_SUCCESS',
    ])
    const choice = { method: 'email', kind: 'embedded' }
    expect(props('SELECT_METHOD')).toEqual(choice)
    expect(props('CONNECT_ATTEMPT')).toEqual(choice)
    expect(props('CONNECT_SUCCESS')).toEqual({ ...choice, chainId: 31337 })
    const text = JSON.stringify(reports)
    expect(text).not.toContain(email)
    expect(text).not.toContain(email.split('@')[0]!)
    expect(text).not.toContain(code)
    expect(text.toLowerCase()).not.toContain(address.toLowerCase().slice(2))
    expect(text).not.toContain(token)
  })

  test('analytics off: the project is asked, and no request to /e is made', async ({ page }) => {
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    const sent = beacons(page)
    const asked = page.waitForRequest((r) => r.url().includes(`/getAnalyticsConfig?projectId=${PROJECT.off}`))
    await openSite(page, PROJECT.off)
    await asked
    await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
    await Pages.expectClosed(page)
    // Longer than the client's flush interval: the first test saw its reports leave within it.
    await page.waitForTimeout(FLUSH_WAIT_MS)
    await leave(page)
    expect(sent.map((r) => r.url())).toEqual([])
    expect(await stored(PROJECT.off)).toEqual([])
  })

  test('six uncaught errors in a minute: five error reports, name and message only', async ({ page }) => {
    const sent = beacons(page)
    await openSite(page, PROJECT.errors)
    const frame = page.frames().find((f) => f.url().startsWith(MODAL_URL))!
    await frame.evaluate(() => {
      for (let i = 1; i <= 6; i++)
        setTimeout(() => {
          throw new RangeError(`e2e error ${i} for someone@example.com`)
        })
    })
    const errorBeacons = () => sent.filter((r) => r.postData()?.includes('"type":"error"'))
    await expect.poll(() => errorBeacons().length, { timeout: 15_000 }).toBe(5)
    // The browser sent five, not six the API had to refuse: a whole flush interval later, still five.
    await page.waitForTimeout(FLUSH_WAIT_MS)
    expect(errorBeacons()).toHaveLength(5)
    await leave(page)
    await expect
      .poll(async () => (await stored(PROJECT.errors)).filter((r) => r.kind === 'error').length)
      .toBe(5)
    const errors = (await stored(PROJECT.errors)).filter((r) => r.kind === 'error')
    expect(errors.map((r) => r.props.properties?.message).sort()).toEqual(
      [1, 2, 3, 4, 5].map((i) => `e2e error ${i} for <email>`),
    )
    expect(errors[0]!.props.properties).toMatchObject({
      source: 'modal',
      kind: 'uncaught',
      name: 'RangeError',
    })
  })

  test('the dashboard shows a connect and a failed connect in its funnel', async ({ browser }) => {
    // A failed connect: the wallet's user rejects.
    const failing = await browser.newPage()
    const declined = await Injected.install(failing, { privateKey: USER.privateKey })
    declined.answerNext('eth_requestAccounts', 'reject')
    await openSite(failing, PROJECT.funnel)
    await Pages.modal(failing).getByRole('button', { name: declined.name }).click()
    await expect.poll(() => declined.requests.some((r) => r.method === 'eth_requestAccounts')).toBe(true)
    await failing.waitForTimeout(500)
    await leave(failing)
    await failing.close()
    // A connect that succeeds.
    const connecting = await browser.newPage()
    const wallet = await Injected.install(connecting, { privateKey: USER.privateKey })
    await openSite(connecting, PROJECT.funnel)
    await Pages.modal(connecting).getByRole('button', { name: wallet.name }).click()
    await Pages.expectClosed(connecting)
    await leave(connecting)
    await connecting.close()
    await expect
      .poll(
        async () => (await stored(PROJECT.funnel)).filter((r) => r.props.event.startsWith('CONNECT_')).length,
      )
      .toBe(4)

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const closed = await page.goto(`${API_URL}/dashboard/${PROJECT.funnel}`)
    expect(closed?.status()).toBe(401)
    await page.getByLabel('Dashboard token').fill(tokens[PROJECT.funnel]!)
    await page.getByRole('button', { name: 'Open' }).click()
    await expect(page.getByRole('heading', { name: 'Connect funnel' })).toBeVisible()
    expect(new URL(page.url()).search).toBe('')
    const funnel = page.locator('section', { has: page.getByRole('heading', { name: 'Connect funnel' }) })
    await expect(funnel.getByRole('img')).toContainText(/Modal opened\s*2\b/)
    await expect(funnel.getByRole('img')).toContainText(/Chose a method\s*2 \(100%\)/)
    await expect(funnel.getByRole('img')).toContainText(/Connected\s*1 \(50%\)/)
    await expect(page.getByTestId('failed')).toHaveText('1')
    const row = funnel.getByRole('row', { name: /injected/ })
    await expect(row).toHaveText(/injected\s*2\s*1\s*1/)
    await page.screenshot({ path: `${SHOTS}dashboard-phone.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({ path: `${SHOTS}dashboard-wide.png`, fullPage: true })
    await page.close()
  })
})
