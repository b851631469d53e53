import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import * as AppKitPageServer from '../appkit/PageServer.js'
import * as Pages from '../modal/pages.js'
import * as StackControl from '../stack-control.js'
import * as Injected from '../wallets/injected.js'
import * as Buy from './buy.js'

/**
 * Buy is there exactly when the project's onramp feature is on (spec section 2: feature screens load
 * only then): a project with it turned off shows no Buy button, and the page cannot open the view.
 */

const REPO = fileURLToPath(new URL('../..', import.meta.url))
const PROJECT = `e2e-buy-off-${Date.now().toString(36)}`

const HTML = `<!doctype html><html lang="en"><head><title>Buy off</title></head><body>
  <script src="${Pages.addresses.MODAL_URL}/sdk.js" data-project-id="${PROJECT}" data-chain-ids="31337"></script>
</body></html>`

type TestWindow = Window & { frontdoor: { open: (options?: { view?: string }) => Promise<void> } }

const cli = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/frontdoor.ts', 'projects', ...args], {
    cwd: REPO,
    env: process.env,
    encoding: 'utf8',
  })

let site: { url: string; close: () => Promise<void> }
test.beforeAll(async () => {
  test.setTimeout(180_000)
  // The CLI writes to the API's own store: one process at a time may open an embedded (PGlite) one.
  await StackControl.stopPart('api')
  try {
    cli('create', PROJECT, '--origins', AppKitPageServer.PAGE_URL)
    cli('set-feature', PROJECT, 'onramp', 'off')
  } finally {
    await StackControl.startPart('api')
  }
  site = await Pages.serveForeignPage(Number(new URL(AppKitPageServer.PAGE_URL).port), HTML)
})
test.afterAll(async () => {
  await site?.close()
})

const open = (page: Page, view?: string) =>
  page.evaluate(
    (name) =>
      (window as unknown as TestWindow).frontdoor.open(name ? { view: name } : undefined).then(
        () => 'opened',
        (error: Error) => error.message,
      ),
    view,
  )

test('a project with the on-ramp off: no Buy button, and open({ view: "Buy" }) is refused', async ({
  page,
}) => {
  const wallet = await Injected.install(page, { privateKey: generatePrivateKey(), name: 'Buy Off Wallet' })
  await page.goto(site.url)
  await page.waitForFunction(() => (window as unknown as TestWindow).frontdoor !== undefined)
  await open(page)
  await Pages.expectConnectShown(page)
  await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
  await Pages.expectClosed(page)

  expect(await open(page)).toBe('opened')
  const frame = Pages.modal(page)
  await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
  // Swap is on for this project (the default), Buy is not there at all.
  await expect(frame.getByRole('button', { name: 'Swap', exact: true })).toBeVisible()
  await expect(frame.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0)
  await Buy.shot(page, 'feature-off-account')
  await page.keyboard.press('Escape')
  await Pages.expectClosed(page)

  expect(await open(page, 'Buy')).toBe('Cannot open Buy: the onramp feature is off')
  await Pages.expectClosed(page)
})
