import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Locator, type Page, test } from '@playwright/test'
import * as Pages from '../modal/pages.js'
import * as Hosts from './Hosts.js'
import * as AppKitPage from './Page.js'
import * as PageServer from './PageServer.js'

// The real AppKit client (@reown/appkit 1.8, vanilla, wagmi adapter) on a page of its own, with its
// hard-coded hosts answered by our API: it must render our config, our wallets with their images and
// All Wallets, and every request it makes must get a 2xx.

const { API_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'appkit')
mkdirSync(ARTIFACTS, { recursive: true })

/** The devnets the page lists, as AppKit sends them in `chains`. */
const CHAINS = 'eip155:31337,eip155:31338'

type Wallet = { id: string; name: string; chains: string[] }

/** Our directory, read straight from the API: every wallet on the page's chains. */
async function directory(): Promise<Wallet[]> {
  const response = await fetch(`${API_URL}/getWallets?projectId=demo&page=1&entries=100&chains=${CHAINS}`)
  const body = (await response.json()) as { data: Wallet[]; count: number }
  expect(body.count).toBeLessThanOrEqual(100)
  return body.data
}

/** The social providers of the demo project's config, in its order (`email` first). */
async function configuredLogins(): Promise<string[]> {
  const response = await fetch(`${API_URL}/appkit/v1/config?projectId=demo`)
  const { features } = (await response.json()) as { features: { id: string; config: unknown }[] }
  return features.find((f) => f.id === 'social_login')?.config as string[]
}

/** Whether an `<img>` (inside AppKit's shadow roots) has loaded a picture. */
async function loadedImage(img: Locator): Promise<{ src: string; width: number }> {
  return img.evaluate((element: HTMLImageElement) => ({
    src: element.currentSrc || element.src,
    width: element.complete ? element.naturalWidth : 0,
  }))
}

let server: { url: string; close: () => Promise<void> }
test.beforeAll(async () => {
  test.setTimeout(180_000)
  server = await PageServer.serve(await AppKitPage.bundle())
})
test.afterAll(async () => {
  await server?.close()
})

const consoleLines: string[] = []
test.beforeEach(({ page }) => {
  consoleLines.length = 0
  page.on('console', (message) => consoleLines.push(`[${message.type()}] ${message.text()}`))
})
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook wants from this pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('console', { body: consoleLines.join('\n'), contentType: 'text/plain' })
})

/** Opens the page, routes AppKit's hosts to our API and opens AppKit's modal on Connect. */
async function openAppKit(page: Page) {
  const traffic = await Hosts.route(page, { pageUrl: server.url, apiUrl: API_URL })
  await page.goto(server.url)
  await page.locator('#open').click()
  const modal = page.locator('w3m-modal')
  await expect(modal.locator('w3m-connect-view')).toBeVisible()
  return { modal, ...traffic }
}

/** Every request AppKit made to its hosts got a 2xx our API granted to the page's origin; nothing else failed. */
function expectAllAnswered(traffic: Awaited<ReturnType<typeof openAppKit>>) {
  const api = traffic.records.filter((r) =>
    (Hosts.API_HOSTS as readonly string[]).includes(new URL(r.url).hostname),
  )
  expect(api.length).toBeGreaterThan(10)
  const bad = api.filter(
    (r) =>
      r.failure || r.status === undefined || r.status < 200 || r.status > 299 || r.allowOrigin !== server.url,
  )
  expect(bad, 'requests to AppKit hosts that our API did not answer with a 2xx the page may read').toEqual([])
  // The page's assets and our API's images. Not the Coinbase Wallet SDK's HEAD of the page (its COOP
  // probe, which Chromium reports as aborted here although the page's server answers HEAD with a 200).
  const ours = traffic.records.filter((r) => {
    const origin = new URL(r.url).origin
    return (origin === server.url || origin === API_URL) && r.method !== 'HEAD'
  })
  const failed = ours.filter((r) => r.failure || r.status === undefined || r.status < 200 || r.status > 299)
  expect(failed, "requests to the page's origin or our API that failed").toEqual([])
  expect([...traffic.unknownHosts], 'hosts neither routed to our API nor listed as not needed').toEqual([])
}

test('Connect renders our config and our wallets with loaded images', async ({ page }) => {
  const [wallets, logins] = await Promise.all([directory(), configuredLogins()])
  const traffic = await openAppKit(page)
  const { modal } = traffic
  // Email box and social buttons, in the order of our config.
  await expect(modal.getByTestId('wui-email-input').locator('input')).toBeVisible()
  const socials = modal.locator('[data-testid^="social-selector-"]:not([data-testid="social-selector-more"])')
  await expect(socials.first()).toBeVisible()
  const shown = (await socials.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')))).map(
    (id) => id?.replace('social-selector-', ''),
  )
  expect(shown.length).toBeGreaterThanOrEqual(4)
  expect(shown).toEqual(logins.filter((login) => login !== 'email').slice(0, shown.length))

  // The recommended wallets are ours, each once, and their images loaded.
  const rows = modal.locator('w3m-connector-list [data-testid^="wallet-selector-"]')
  await expect(rows.first()).toBeVisible()
  await expect(modal.locator(`[data-testid="wallet-selector-${wallets[0]!.id}"]`)).toBeVisible()
  const ids = (await rows.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')))).map((id) =>
    id?.replace('wallet-selector-', ''),
  )
  const ourIds = ids.filter((id) => wallets.some((w) => w.id === id))
  // AppKit caps recommended wallets by what else it shows (email and socials take two of four places).
  expect(ourIds.length).toBeGreaterThan(0)
  expect(new Set(ids).size).toBe(ids.length)
  for (const id of ourIds) {
    const img = modal.locator(`[data-testid="wallet-selector-${id}"] wui-wallet-image img`)
    await expect.poll(async () => (await loadedImage(img)).width, `image of wallet ${id}`).toBeGreaterThan(0)
  }
  await page.screenshot({ path: join(ARTIFACTS, 'connect.png') })
  expectAllAnswered(traffic)
})

test('All Wallets lists our directory once each, with loaded images', async ({ page }) => {
  const wallets = await directory()
  const traffic = await openAppKit(page)
  const { modal } = traffic
  await modal.getByTestId('all-wallets').click()
  const items = modal.locator('w3m-all-wallets-list [data-testid^="wallet-search-item-"]')
  await expect(items.first()).toBeVisible()
  // Scroll to the end so AppKit loads every page of the directory.
  await expect
    .poll(
      async () => {
        await items.last().scrollIntoViewIfNeeded()
        return items.count()
      },
      { timeout: 20_000 },
    )
    .toBe(wallets.length)
  const ids = (await items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')))).map(
    (id) => id?.replace('wallet-search-item-', '') ?? '',
  )
  expect(new Set(ids).size, 'a wallet listed twice').toBe(ids.length)
  expect([...ids].sort()).toEqual(wallets.map((w) => w.id).sort())
  const names = await items.locator('wui-text').allInnerTexts()
  expect(new Set(names).size).toBe(names.length)

  // Each wallet shown on screen has its image loaded (items load theirs once visible).
  await items.first().scrollIntoViewIfNeeded()
  for (const item of (await items.all()).slice(0, 8)) {
    const img = item.locator('wui-wallet-image img')
    await expect.poll(async () => (await loadedImage(img)).width).toBeGreaterThan(0)
  }
  await page.screenshot({ path: join(ARTIFACTS, 'all-wallets.png') })
  expectAllAnswered(traffic)
})
