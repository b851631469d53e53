// Frontdoor beside Reown AppKit, in one run, in the same Chromium: navigation -> ready, the first
// open() -> Connect view painted, warm re-opens (p50, p95), and the JavaScript every frame loads before
// the first open (the bodies gzipped here with the same settings for both, so servers do not differ).
// Frontdoor is the one-line `sdk.js` demo page on the real stack; AppKit is the real client (vanilla,
// wagmi adapter: e2e/appkit/page) with its hard-coded hosts answered by our API, as in its e2e test.
// Each run is a cold browser context; the contenders alternate. Results go to bench/BENCH.md.
// Run: npm run bench:modal -w @frontdoor/bench   (starts the stack unless the demo already answers;
// a running stack must allow the AppKit page's origin: DEMO_ALLOWED_ORIGINS=http://localhost:5191)

import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import * as Addresses from '@frontdoor/protocol/addresses'
import { type Browser, type BrowserContext, chromium, type Frame, type Page } from '@playwright/test'
import * as AppKitHosts from '../e2e/appkit/Hosts.js'
import * as AppKitPage from '../e2e/appkit/Page.js'
import * as AppKitServer from '../e2e/appkit/PageServer.js'
import { httpOk } from '../scripts/stack/parts.js'
import * as Stack from '../scripts/stack/stack.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const OPENS = Number(process.env.BENCH_OPENS ?? 10)
const OUT = join(dirname(fileURLToPath(import.meta.url)), 'BENCH.md')
const SECTION_TITLE = '# Modal bench: Frontdoor beside AppKit'

/** What one cold run of a contender measured. */
type Figures = { readyMs: number; firstMs: number; warmMs: number[]; jsBytes: number }

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

// Page helpers as plain scripts (tsx would wrap named functions of `evaluate` in a helper the page
// lacks). `__paintAfter(check)` resolves with the wall-clock time of the first frame whose
// requestAnimationFrame sees `check()` true, taken in the task after that frame (it is painted by then).
const HELPERS = `
  window.__deepFind = (selector, root = document) => {
    const found = root.querySelector(selector)
    if (found) return found
    for (const element of root.querySelectorAll('*'))
      if (element.shadowRoot) {
        const inner = window.__deepFind(selector, element.shadowRoot)
        if (inner) return inner
      }
    return null
  }
  window.__paintAfter = (check) =>
    new Promise((resolve) => {
      const tick = () => {
        if (!check()) return requestAnimationFrame(tick)
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve(performance.timeOrigin + performance.now())
        channel.port2.postMessage(null)
      }
      requestAnimationFrame(tick)
    })
`

/** The gzipped size of every script any frame of the context received, until `stop()`. */
function countScripts(context: BrowserContext) {
  const sizes: Promise<number>[] = []
  let counting = true
  context.on('response', (response) => {
    if (!counting || response.request().resourceType() !== 'script') return
    sizes.push(
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    )
  })
  return async () => {
    counting = false
    return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0)
  }
}

/**
 * Opens `url` and waits for its ready mark `mark`, asking the page over CDP every 10 ms. Not Playwright's
 * waitForFunction: its first evaluation injects Playwright's own scripts (about 35 ms of the page's
 * main thread here), which then ran during the very handshake being measured.
 */
async function untilReady(page: Page, url: string, mark: string) {
  const cdp = await page.context().newCDPSession(page)
  await page.goto(url, { waitUntil: 'commit' })
  const deadline = Date.now() + 60_000
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `performance.getEntriesByName(${JSON.stringify(mark)}).length`,
      returnByValue: true,
    })
    if (result.value) break
    if (Date.now() > deadline) throw new Error(`bench: no ${mark} within 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  await cdp.detach()
}

async function frontdoor(browser: Browser, addresses: Addresses.Addresses): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
  await context.addInitScript(HELPERS)
  const scripts = countScripts(context)
  const page = await context.newPage()
  try {
    await untilReady(page, `${addresses.DEMO_URL}/script-tag.html`, 'frontdoor:ready')
    const readyMs = await page.evaluate(() => performance.getEntriesByName('frontdoor:ready')[0]!.startTime)
    const frame = page.frames().find((f) => f.url().startsWith(addresses.MODAL_URL)) as Frame
    await frame.waitForSelector('.fd-card .fd-connect', { state: 'attached' })
    await page.waitForLoadState('networkidle')
    const jsBytes = await scripts()
    const times: number[] = []
    for (let i = 0; i <= OPENS; i++) {
      const painted = frame.evaluate(() =>
        (window as unknown as { __paintAfter: (c: () => boolean) => Promise<number> }).__paintAfter(
          () => document.querySelector('.fd-card')?.hasAttribute('hidden') === false,
        ),
      )
      const started = await page.evaluate(() => {
        const t0 = performance.timeOrigin + performance.now()
        void (window as unknown as { frontdoor: { open: () => Promise<void> } }).frontdoor.open()
        return t0
      })
      times.push((await painted) - started)
      await page.evaluate(() =>
        (window as unknown as { frontdoor: { close: () => Promise<void> } }).frontdoor.close(),
      )
      await frame.waitForFunction(() => document.querySelector('.fd-card')?.hasAttribute('hidden'))
    }
    const [first, ...warmMs] = times
    return { readyMs, firstMs: first!, warmMs, jsBytes }
  } finally {
    await context.close()
  }
}

async function appkit(browser: Browser, pageUrl: string, apiUrl: string): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
  await context.addInitScript(HELPERS)
  const scripts = countScripts(context)
  const page = await context.newPage()
  try {
    await AppKitHosts.route(page, { pageUrl, apiUrl })
    await untilReady(page, pageUrl, 'appkit:ready')
    const readyMs = await page.evaluate(() => performance.getEntriesByName('appkit:ready')[0]!.startTime)
    await page.waitForLoadState('networkidle')
    const jsBytes = await scripts()
    // Painted: the Connect view shows the wallet rows (AppKit renders the view when it opens).
    const connectShown = `() => { const view = window.__deepFind('w3m-connect-view'); return !!view && !!window.__deepFind('[data-testid^="wallet-selector-"]', view.shadowRoot) }`
    const times: number[] = []
    for (let i = 0; i <= OPENS; i++) {
      const painted = page.evaluate(`window.__paintAfter(${connectShown})`) as Promise<number>
      const started = await page.evaluate(() => {
        const t0 = performance.timeOrigin + performance.now()
        void (window as unknown as { appkit: { open: () => Promise<void> } }).appkit.open()
        return t0
      })
      times.push((await painted) - started)
      await page.evaluate(() =>
        (window as unknown as { appkit: { close: () => Promise<void> } }).appkit.close(),
      )
      await page.waitForFunction(`!window.__deepFind('w3m-connect-view')`)
    }
    const [first, ...warmMs] = times
    return { readyMs, firstMs: first!, warmMs, jsBytes }
  } finally {
    await context.close()
  }
}

/** The figures of every run of a contender, summarised as the table shows them. */
function summary(runs: Figures[]) {
  const warm = runs.flatMap((r) => r.warmMs)
  const median = (pick: (r: Figures) => number) => quantile(runs.map(pick), 0.5)
  return {
    readyMs: median((r) => r.readyMs),
    firstMs: median((r) => r.firstMs),
    warmP50Ms: quantile(warm, 0.5),
    warmP95Ms: quantile(warm, 0.95),
    jsKiB: median((r) => r.jsBytes) / 1024,
  }
}

process.env.DEMO_ALLOWED_ORIGINS ??= AppKitServer.PAGE_URL
const addresses = Addresses.from(process.env)
const stack = (await httpOk(addresses.DEMO_URL)) ? undefined : await Stack.start({ only: ['demo'] })
const server = await AppKitServer.serve(await AppKitPage.bundle())
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})

try {
  const ours: Figures[] = []
  const theirs: Figures[] = []
  for (let run = 0; run < RUNS; run++) {
    // Alternate who goes first, so neither always meets a warmer machine.
    const order = run % 2 === 0 ? ['frontdoor', 'appkit'] : ['appkit', 'frontdoor']
    for (const who of order) {
      if (who === 'frontdoor') ours.push(await frontdoor(browser, addresses))
      else theirs.push(await appkit(browser, server.url, addresses.API_URL))
    }
    process.stdout.write(`run ${run + 1}/${RUNS} done\n`)
  }
  const f = summary(ours)
  const a = summary(theirs)
  const ms = (value: number) => `${value.toFixed(1)} ms`
  const ratio = (theirsValue: number, oursValue: number) => `${(theirsValue / oursValue).toFixed(1)}x`
  const rows = [
    [
      'navigation -> ready, median',
      ms(f.readyMs),
      ms(a.readyMs),
      ratio(a.readyMs, f.readyMs),
      '<= 250 ms (>= 3.5x)',
    ],
    [
      'first open -> Connect painted, median',
      ms(f.firstMs),
      ms(a.firstMs),
      ratio(a.firstMs, f.firstMs),
      '<= 25 ms (>= 3.5x)',
    ],
    [
      'warm re-open -> painted, p50 / p95',
      `${ms(f.warmP50Ms)} / ${ms(f.warmP95Ms)}`,
      `${ms(a.warmP50Ms)} / ${ms(a.warmP95Ms)}`,
      ratio(a.warmP95Ms, f.warmP95Ms),
      'p95 <= 16.7 ms',
    ],
    [
      'JS before the first open, all frames (gzip)',
      `${f.jsKiB.toFixed(1)} KiB`,
      `${a.jsKiB.toFixed(1)} KiB`,
      ratio(a.jsKiB, f.jsKiB),
      '<= 100 KiB',
    ],
  ]
  // Padded as biome formats Markdown tables (npm test checks BENCH.md's format).
  const header = ['Figure', 'Frontdoor', 'AppKit 1.8', 'AppKit / Frontdoor', 'Goal']
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((cells) => cells[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`
  const table = [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
  console.log(table)
  const machine = `${cpus().length} cores, Chromium ${browser.version()}, ${RUNS} cold runs each, ${RUNS * OPENS} warm re-opens each`
  // Only this bench's section of BENCH.md is replaced (the other benches write theirs).
  const section = [
    SECTION_TITLE,
    '',
    `Written by \`npm run bench:modal -w @frontdoor/bench\` on ${new Date().toISOString().slice(0, 10)} (${machine}).`,
    'Both run in the same browser in the same run, alternating; ratios matter more than absolute times',
    'on a shared machine. See bench/modal-open.ts for how each figure is taken.',
    '',
    table,
    '',
  ].join('\n')
  const before = existsSync(OUT) ? readFileSync(OUT, 'utf8') : ''
  const start = before.indexOf(SECTION_TITLE)
  const end = start < 0 ? -1 : before.indexOf('\n# ', start + SECTION_TITLE.length)
  writeFileSync(
    OUT,
    start < 0
      ? `${section}\n${before}`
      : `${before.slice(0, start)}${section}${end < 0 ? '' : before.slice(end)}`,
  )
} finally {
  await browser.close()
  await server.close()
  await stack?.stop()
}
