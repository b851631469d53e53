import { mkdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import * as Release from '../../apps/host-sdk/scripts/release.js'
import * as PageServer from '../appkit/PageServer.js'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'

// The README's one line where people put it: in <head> (as is, with defer, with async) and in <body>.
// The page is served as a browser meets a real one, in parts: the head, then after a pause the body, so
// a tag in <head> runs before <body> exists. Each placement must give window.frontdoor, no error, the
// dialog in <body>, and a modal that connects a wallet. The page's server is real and on the e2e
// pages' origin (appkit/PageServer.ts: the `demo` project allows it); sdk.js comes from the stack.

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'script-tag')
mkdirSync(ARTIFACTS, { recursive: true })

const { MODAL_URL } = Pages.addresses

/** How long the page's server waits between the head and the body. */
const BODY_DELAY_MS = 1_000

/** The README's tag, as people copy it (its modal origin the stack's). */
function readmeTag(): string {
  const readme = readFileSync(Release.READMES[0] as string, 'utf8')
  const tag = readme.match(/<script src="[^"]*\/sdk\/[^"/]+\/sdk\.js"[^>]*><\/script>/)?.[0]
  if (!tag) throw new Error('the README has no sdk.js tag')
  const src = Release.readmeTags(readme)[0]!.src
  return tag.replace(new URL(src).origin, MODAL_URL)
}

/** Records what the page saw: window.frontdoor right after the tag, frontdoor:ready, errors. */
const WATCH = `<script>
  window.seen = { ready: 0, errors: [] }
  addEventListener('frontdoor:ready', () => window.seen.ready++)
  addEventListener('error', (event) => window.seen.errors.push(String(event.message)))
</script>`
const AFTER_TAG = '<script>window.seen.afterTag = typeof window.frontdoor</script>'

const PLACEMENTS = {
  head: { head: (tag: string) => `${tag}${AFTER_TAG}`, body: '', afterTag: 'object' },
  'head, defer': {
    head: (tag: string) => tag.replace('<script ', '<script defer '),
    body: '',
    afterTag: undefined,
  },
  'head, async': {
    head: (tag: string) => tag.replace('<script ', '<script async '),
    body: '',
    afterTag: undefined,
  },
  body: { head: () => '', body: 'tag', afterTag: 'object' },
} as const

let server: Server | undefined
let html = { head: '', body: '' }
test.beforeAll(async () => {
  const url = new URL(PageServer.PAGE_URL)
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    // The head first; the body a moment later, as a slow network or a long page brings it.
    response.write(html.head)
    setTimeout(() => response.end(html.body), BODY_DELAY_MS)
  })
  await new Promise<void>((resolve) => server!.listen(Number(url.port), '127.0.0.1', resolve))
})
test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
})

test.describe("the README's script tag where people put it", () => {
  for (const [name, placement] of Object.entries(PLACEMENTS)) {
    test(`${name}: window.frontdoor, no error, the dialog in <body>, a wallet connects`, async ({ page }) => {
      const tag = readmeTag()
      html = {
        head: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>One line</title>
<link rel="icon" href="data:,">${WATCH}${placement.head(tag)}</head>`,
        body: `<body><h1>One line, ${name}</h1>${placement.body ? `${tag}${AFTER_TAG}` : ''}</body></html>`,
      }
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      const wallet = await Injected.install(page, { privateKey: generatePrivateKey() })
      await page.goto(PageServer.PAGE_URL)

      await page.waitForFunction(() => (window as unknown as { frontdoor?: unknown }).frontdoor !== undefined)
      const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, unknown> }).seen)
      expect(seen).toEqual({
        ready: 1,
        errors: [],
        ...(placement.afterTag ? { afterTag: placement.afterTag } : {}),
      })
      expect(errors).toEqual([])
      await expect(page.locator('body > dialog.frontdoor-dialog')).toHaveCount(1)

      // The modal is the page's: its provider answers, it opens and connects the page's wallet.
      expect(await Pages.providerRequest(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
      await page.evaluate(
        () => void (window as unknown as { frontdoor: { open: () => void } }).frontdoor.open(),
      )
      await Pages.expectConnectShown(page)
      await page.screenshot({ path: join(ARTIFACTS, `${name.replace(/\W+/g, '-')}.png`) })
      await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
      await Pages.expectClosed(page)
      expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [wallet.address] })
      expect(errors).toEqual([])
    })
  }
})
