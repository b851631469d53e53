import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import bs58 from 'bs58'
import * as Release from '../../apps/host-sdk/scripts/release.js'
import * as PageServer from '../appkit/PageServer.js'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as EmailWallet from '../wallet-standard/email-wallet.js'
import * as Dapp from '../wallet-standard/page.js'

// Solana for a one-line script-tag page (issue 16): sdk.js with data-solana loads solana.js from beside
// itself, which registers Frontdoor as a Wallet Standard wallet; the page's dApp (its own
// @wallet-standard/app, no Frontdoor code) finds it, connects with the embedded email wallet and gets a
// message signed (verified with tweetnacl). The page is served by a real server on the e2e pages'
// origin (appkit/PageServer.ts: the global setup has the `demo` project allow it; a page fulfilled by a
// route would not be in the loopback address space, and Chromium would refuse its loads from the
// stack), sdk.js and solana.js by the stack's modal frame server.

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'solana-script-tag')
mkdirSync(ARTIFACTS, { recursive: true })

const { MODAL_URL } = Pages.addresses
/** sdk.js as published for this version (the README's tag) and solana.js beside it. */
const SDK_URL = `${MODAL_URL}${Release.path()}`
const SOLANA_URL = `${MODAL_URL}${Release.solanaPath()}`

type DappWindow = {
  frontdoor?: unknown
  dapp: {
    names: () => string[]
    registered: () => string[]
    chains: (name: string) => string[]
  }
}

/** dapp.ts bundled for the browser. */
const dappScript = () => Dapp.bundle(join(dirname(fileURLToPath(import.meta.url)), 'dapp.ts'))

/** The Subresource Integrity hash of the file the modal frame server serves at `url`. */
async function servedIntegrity(url: string): Promise<string> {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  return Release.integrity(new Uint8Array(await response.arrayBuffer()))
}

const pageDirs: string[] = []
const pageServers: { close: () => Promise<void> }[] = []
test.afterEach(async () => {
  await Promise.all(pageServers.splice(0).map((server) => server.close()))
  for (const dir of pageDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/**
 * Opens the one-line page: sdk.js's tag with `attributes` (data-solana or not), at the versioned path
 * with its integrity (as the README's tag) unless `src` names another; the dApp added before it.
 */
async function openPage(page: Page, attributes: string, src = SDK_URL) {
  const pinned =
    src === SDK_URL ? ` integrity="${await servedIntegrity(SDK_URL)}" crossorigin="anonymous"` : ''
  const dir = mkdtempSync(join(tmpdir(), 'frontdoor-solana-page-'))
  pageDirs.push(dir)
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Solana one line</title>
<link rel="icon" href="data:,"></head><body><h1>One line, Solana</h1>
<script src="${src}"${pinned} data-project-id="demo" data-chain-ids="31337,31338" ${attributes}></script>
</body></html>`,
  )
  // One page server at a time (its origin's port is fixed).
  await Promise.all(pageServers.splice(0).map((server) => server.close()))
  const server = await PageServer.serve(dir)
  pageServers.push(server)
  await page.addInitScript({ content: await dappScript() })
  // Not until `load`: the page's load waits for solana.js, which the first test holds.
  await page.goto(server.url, { waitUntil: 'domcontentloaded' })
  await page.waitForFunction(() => (window as unknown as DappWindow).frontdoor !== undefined)
}

const names = (page: Page) => page.evaluate(() => (window as unknown as DappWindow).dapp.names())

/** Waits until the dApp finds Frontdoor's wallet. */
async function expectFrontdoorFound(page: Page) {
  await page.waitForFunction(() => (window as unknown as DappWindow).dapp.names().includes('Frontdoor'))
}

/** Approves the request on the auth frame's screen, read to its end as a visitor does. */
async function approve(page: Page) {
  const auth = Embedded.authFrame(page)
  await expect(auth.getByRole('status')).not.toHaveText('Checking that this screen is fully visible…')
  await Embedded.readToEnd(page, auth)
  await auth.getByRole('button', { name: 'Approve' }).click()
}

test.describe('Solana for a script-tag page (sdk.js data-solana, solana.js)', () => {
  test('sdk.js loads solana.js pinned by its hash; the wallet is absent until it runs, then the dApp connects with an email wallet and a signed message verifies', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const solanaIntegrity = await servedIntegrity(SOLANA_URL)
    // solana.js is held at the network until the wallet's absence is checked.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(SOLANA_URL, async (route) => {
      await held
      await route.continue()
    })
    const requested = page.waitForRequest(SOLANA_URL)
    await openPage(page, 'data-solana="solana:localnet"')
    await requested

    // Before solana.js runs: sdk.js is on the page (window.frontdoor), its loader's tag is there and
    // pinned by solana.js's hash, and the dApp finds no Frontdoor wallet.
    const tag = await page.evaluate(() => {
      const element = document.querySelector<HTMLScriptElement>('script[src$="/solana.js"]')
      return (
        element && {
          src: element.src,
          integrity: element.integrity,
          crossOrigin: element.crossOrigin,
          solana: element.dataset.solana,
        }
      )
    })
    expect(tag).toEqual({
      src: SOLANA_URL,
      integrity: solanaIntegrity,
      crossOrigin: 'anonymous',
      solana: 'solana:localnet',
    })
    expect(await names(page)).not.toContain('Frontdoor')
    expect(await page.evaluate(() => (window as unknown as DappWindow).dapp.registered())).toEqual([])

    release()
    await expectFrontdoorFound(page)
    // Found by the Wallet Standard's register event, on the chains data-solana names.
    expect(await page.evaluate(() => (window as unknown as DappWindow).dapp.registered())).toEqual([
      'Frontdoor',
    ])
    expect(await page.evaluate(() => (window as unknown as DappWindow).dapp.chains('Frontdoor'))).toEqual([
      'solana:localnet',
    ])

    // connect(): an email login in the modal gives the vault's Solana account.
    const connected = await EmailWallet.connectByEmail(page, Embedded.freshEmail('solana-script-tag'))
    expect(connected).toHaveProperty('result')
    const [account] = (connected as { result: EmailWallet.Account[] }).result
    expect(account?.chains).toEqual(['solana:localnet'])
    const key = bs58.decode(account!.address)
    expect(Buffer.from(account!.publicKey, 'base64')).toEqual(Buffer.from(key))

    // signMessage: shown on the auth frame's approval screen; approved, it verifies with the account's key.
    const text = `Sign in to the one-line Solana page at ${Date.now()}`
    await EmailWallet.signMessage(page, {
      text,
      key,
      screenshot: join(ARTIFACTS, 'sign-message.png'),
      approve,
    })
  })

  test('without data-solana sdk.js never asks for solana.js and there is no Frontdoor wallet; the unversioned sdk.js loads /solana.js beside it', async ({
    page,
  }) => {
    const asked: string[] = []
    const record = (p: Page) =>
      p.on('request', (request) => {
        if (request.url().endsWith('/solana.js')) asked.push(request.url())
      })
    record(page)
    await openPage(page, '')
    await page.waitForLoadState('networkidle')
    expect(await names(page)).not.toContain('Frontdoor')
    expect(asked).toEqual([])

    // /sdk.js (not pinned): solana.js from beside it, without a hash; every default chain.
    const unpinned = await page.context().newPage()
    record(unpinned)
    await openPage(unpinned, 'data-solana', `${MODAL_URL}/sdk.js`)
    await expectFrontdoorFound(unpinned)
    expect(asked).toEqual([`${MODAL_URL}/solana.js`])
    expect(
      await unpinned.evaluate(
        () => document.querySelector<HTMLScriptElement>('script[src$="/solana.js"]')?.integrity,
      ),
    ).toBe('')
    expect(await unpinned.evaluate(() => (window as unknown as DappWindow).dapp.chains('Frontdoor'))).toEqual(
      expect.arrayContaining(['solana:mainnet', 'solana:devnet', 'solana:localnet']),
    )
  })

  test('a solana.js that is not the one sdk.js was built with is refused by its hash: no wallet', async ({
    page,
  }) => {
    // A changed file on the way (a compromised cache or CDN): a fault the stack cannot make, so the
    // real file is fetched and one byte added.
    await page.route(SOLANA_URL, async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, body: `${await response.text()};` })
    })
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const requested = page.waitForRequest(SOLANA_URL)
    await openPage(page, 'data-solana')
    await requested
    await expect.poll(() => errors.join('\n')).toMatch(/integrity/i)
    await page.waitForLoadState('networkidle')
    expect(await names(page)).not.toContain('Frontdoor')
  })
})
