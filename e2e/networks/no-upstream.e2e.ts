import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type FrameLocator, type Page, test } from '@playwright/test'
import * as AppKitPageServer from '../appkit/PageServer.js'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'

const { MODAL_URL, API_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'networks')
mkdirSync(ARTIFACTS, { recursive: true })

/**
 * Networks the API's registry lists (spec section 1: the embedded wallet's ~24 EVM chains) but this
 * server has no node of: nothing here reaches the internet, so Ethereum and Celo have no upstream. The
 * page names them by id beside the devnet; the embedded wallet switches to Ethereum from the page, and
 * every view says it is not available on this server rather than show empty data, fail or spin.
 */
const HTML = `<!doctype html><html lang="en"><head><title>Mainnets</title></head><body>
  <script src="${MODAL_URL}/sdk.js" data-project-id="demo" data-chain-ids="31337,1,42220"
    data-enable-reconnect="false"></script>
</body></html>`
const NOT_HERE = 'Ethereum is not available on this server'

let site: { url: string; close: () => Promise<void> }
test.beforeAll(async () => {
  site = await Pages.serveForeignPage(Number(new URL(AppKitPageServer.PAGE_URL).port), HTML)
})
test.afterAll(async () => {
  await site.close()
})

const open = (page: Page) =>
  page.evaluate(
    () => void (window as unknown as { frontdoor: { open: () => Promise<void> } }).frontdoor.open(),
  )

async function loggedIn(page: Page, name: string) {
  await page.goto(site.url)
  await page.waitForFunction(() => 'frontdoor' in window)
  return Embedded.loginOnPage(page, name)
}

/** Opens the Account view; returns the modal. */
async function account(page: Page): Promise<FrameLocator> {
  await open(page)
  const frame = Pages.modal(page)
  await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
  return frame
}

test('switched to Ethereum from the page, with no node of it here: the API and every view say it is not available on this server', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const address = await loggedIn(page, 'no-upstream')
  // On the devnet, the Account view reads as usual.
  let frame = await account(page)
  await expect(frame.getByRole('button', { name: 'Network: Frontdoor Devnet 31337' })).toBeVisible()
  await expect(frame.getByRole('tab', { name: 'Tokens' })).toBeVisible()
  await expect(frame.getByText(NOT_HERE)).toBeHidden()
  await frame.getByRole('button', { name: 'Close' }).click()
  await Pages.expectClosed(page)

  // The page switches to Ethereum: the wallet follows (it signs anywhere), reads get the API's clear error.
  expect(await Pages.providerRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x1' }])).toEqual({
    result: null,
  })
  expect(await Pages.providerRequest(page, 'eth_chainId')).toEqual({ result: '0x1' })
  expect(await Pages.providerRequest(page, 'eth_getBalance', [address, 'latest'])).toEqual({
    code: -32602,
    message: 'Not available on this server: no upstream for eip155:1',
  })
  const api = await fetch(
    `${API_URL}/v1/account/${address}/balance?projectId=demo&currency=usd&chainId=eip155:1`,
  )
  expect([api.status, ((await api.json()) as { error: { code: string } }).error.code]).toEqual([
    400,
    'no_upstream',
  ])

  // Account: the network by the registry's name, no total, no tabs of empty data: the reason instead.
  frame = await account(page)
  await expect(frame.getByRole('button', { name: 'Network: Ethereum' })).toBeVisible()
  const notice = frame.getByRole('status').filter({ hasText: NOT_HERE })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('balances, activity, send and swap need one')
  await expect(frame.getByText('$—')).toBeVisible()
  await expect(frame.getByRole('tab', { name: 'Tokens' })).toHaveCount(0)
  await expect(frame.getByText('No tokens yet.')).toHaveCount(0)
  await expect(frame.getByRole('status', { name: /Loading/ })).toHaveCount(0)
  await page.screenshot({ path: join(ARTIFACTS, 'no-upstream-account.png') })

  // Send and Swap say the same, and offer another network.
  for (const view of ['Send', 'Swap']) {
    await frame.getByRole('button', { name: view, exact: true }).click()
    await expect(frame.getByRole('heading', { name: view })).toBeVisible()
    await expect(frame.getByRole('status').filter({ hasText: NOT_HERE })).toBeVisible()
    await expect(frame.getByRole('button', { name: 'Switch network' })).toBeVisible()
    await expect(frame.getByLabel('Amount', { exact: true })).toHaveCount(0)
    await page.screenshot({ path: join(ARTIFACTS, `no-upstream-${view.toLowerCase()}.png`) })
    await frame.getByRole('button', { name: 'Back' }).click()
    await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
  }

  // SwitchNetwork: the networks without a node here say so; the devnet does not. Back to the devnet.
  await frame.getByRole('button', { name: 'Network: Ethereum' }).click()
  const networks = frame.getByRole('list', { name: 'Networks' })
  const row = (name: RegExp) => networks.getByRole('button', { name })
  await expect(row(/^Ethereum/)).toContainText('Not available on this server')
  await expect(row(/^Celo/)).toContainText('Not available on this server')
  await expect(row(/Devnet 31337/)).not.toContainText('Not available on this server')
  await expect(row(/^Ethereum/)).toHaveAttribute('aria-current', 'true')
  await page.screenshot({ path: join(ARTIFACTS, 'no-upstream-switch-network.png') })
  await row(/Devnet 31337/).click()
  await expect(frame.getByRole('button', { name: 'Network: Frontdoor Devnet 31337' })).toBeVisible()
  await expect(frame.getByRole('tab', { name: 'Tokens' })).toBeVisible()
  await expect(frame.getByText(NOT_HERE)).toBeHidden()
  expect(await Pages.providerRequest(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
})

/** The user's caipAccounts as the API (the vault) answers them to the auth frame, seen on the wire. */
function vaultAccounts(page: Page) {
  const users: { caipAccounts?: { address: string }[] }[] = []
  page.on('response', async (response) => {
    if (!response.url().startsWith(`${API_URL}/v1/auth/`)) return
    try {
      const body = (await response.json()) as { user?: (typeof users)[number] }
      if (body.user?.caipAccounts) users.push(body.user)
    } catch {}
  })
  return async (namespace: string) => {
    await expect.poll(() => users.length).toBeGreaterThan(0)
    const account = users.at(-1)!.caipAccounts!.find((a) => a.address.startsWith(`${namespace}:`))
    expect(account, namespace).toBeDefined()
    return account!.address.split(':')[2]!
  }
}

test("the chain families show the embedded wallet's Bitcoin, Polkadot and Cosmos addresses; Bitcoin's Account view receives on it", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const derived = vaultAccounts(page)
  await loggedIn(page, 'families')
  const frame = await account(page)
  await frame.getByRole('button', { name: 'Network: Frontdoor Devnet 31337' }).click()
  await frame.getByRole('button', { name: 'Chain families' }).click()
  const families = frame.getByRole('list', { name: 'Chain families' })
  const family = (name: string) => families.getByRole('button', { name: new RegExp(`^${name}`) })
  const bitcoin = await derived('bip122')
  const polkadot = await derived('polkadot')
  const cosmos = await derived('cosmos')
  // Every family the wallet holds an address in is available, with that address; none is 'Not available yet'.
  await expect(families.getByRole('button')).toHaveCount(5)
  await expect(families).not.toContainText('Not available yet')
  await expect(family('Ethereum and EVM networks')).toHaveAttribute('aria-current', 'true')
  for (const [name, address] of [
    ['Bitcoin', bitcoin],
    ['Polkadot', polkadot],
    ['Cosmos', cosmos],
  ] as const) {
    await expect(family(name)).toHaveAttribute('aria-disabled', 'false')
    await expect(family(name).locator('.fd-row-sub')).toHaveAttribute('title', address)
  }
  await page.screenshot({ path: join(ARTIFACTS, 'chain-families.png') })

  // Bitcoin: the Account view is the wallet's Bitcoin address, to receive on, and copies it whole.
  await family('Bitcoin').click()
  await expect(frame.getByRole('button', { name: 'Network: Bitcoin' })).toBeVisible()
  await expect(frame.getByTestId('namespace-address')).toHaveAttribute('title', bitcoin)
  await expect(frame.getByRole('img', { name: `QR code of ${bitcoin}` })).toBeVisible()
  await expect(frame.getByText(bitcoin, { exact: true })).toBeVisible()
  await expect(
    frame.getByText('Balances, activity and send on Bitcoin are not available on this server'),
  ).toBeVisible()
  await frame.getByRole('button', { name: 'Copy address', exact: true }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(bitcoin)
  await page.screenshot({ path: join(ARTIFACTS, 'bitcoin-account.png') })

  // Polkadot, from the network button; then back to the EVM family.
  await frame.getByRole('button', { name: 'Network: Bitcoin' }).click()
  await expect(family('Bitcoin')).toHaveAttribute('aria-current', 'true')
  await family('Polkadot').click()
  await expect(frame.getByTestId('namespace-address')).toHaveAttribute('title', polkadot)
  await frame.getByRole('button', { name: 'Copy Polkadot address' }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(polkadot)
  await frame.getByRole('button', { name: 'Network: Polkadot' }).click()
  await family('Ethereum and EVM networks').click()
  await expect(frame.getByRole('button', { name: 'Network: Frontdoor Devnet 31337' })).toBeVisible()
  await expect(frame.getByRole('tab', { name: 'Tokens' })).toBeVisible()
})
