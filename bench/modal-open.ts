// Time to open the modal, in Chromium, on the real stack (demo page on DEMO_URL, modal on MODAL_URL):
// navigation -> modal ready, the first open() -> Connect view painted, then 50 warm re-opens (p50, p95),
// and the JavaScript each side loads before the first open (bytes on the wire, gzipped by our servers).
// Run: npm run bench:modal -w @frontdoor/bench   (starts the stack unless the demo already answers)

import * as Addresses from '@frontdoor/protocol/addresses'
import { chromium, type Frame } from '@playwright/test'
import { httpOk } from '../scripts/stack/parts.js'
import * as Stack from '../scripts/stack/stack.js'

const OPENS = Number(process.env.BENCH_OPENS ?? 50)
const addresses = Addresses.from(process.env)
const stack = (await httpOk(addresses.DEMO_URL)) ? undefined : await Stack.start({ only: ['demo'] })

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } })
  await page.goto(`${addresses.DEMO_URL}/script-tag.html`)
  // (No named functions inside evaluate: tsx would wrap them in a helper the page does not have.)
  await page.waitForFunction(() => performance.getEntriesByName('frontdoor:ready').length > 0)
  const readyMs = await page.evaluate(() => performance.getEntriesByName('frontdoor:ready')[0]!.startTime)
  const frame = page.frames().find((f) => f.url().startsWith(addresses.MODAL_URL)) as Frame
  // In the modal frame: when the card is shown, wait for the next animation frame and then for the task
  // after it (the frame has been painted by then), and record the wall-clock time.
  await frame.waitForSelector('.fd-card', { state: 'attached' })
  await frame.evaluate(() => {
    const w = window as unknown as { paints: number[] }
    w.paints = []
    const card = document.querySelector('.fd-card')!
    new MutationObserver(() => {
      if (card.hasAttribute('hidden')) return
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => w.paints.push(performance.timeOrigin + performance.now())
        channel.port2.postMessage(null)
      })
    }).observe(card, { attributes: true, attributeFilter: ['hidden'] })
  })
  const times: number[] = []
  for (let i = 0; i <= OPENS; i++) {
    const started = await page.evaluate(() => {
      const t0 = performance.timeOrigin + performance.now()
      void (window as unknown as { frontdoor: { open: () => Promise<void> } }).frontdoor.open()
      return t0
    })
    await frame.waitForFunction((n) => (window as unknown as { paints: number[] }).paints.length > n, i)
    const painted = await frame.evaluate((n) => (window as unknown as { paints: number[] }).paints[n]!, i)
    times.push(painted - started)
    await page.evaluate(() =>
      (window as unknown as { frontdoor: { close: () => Promise<void> } }).frontdoor.close(),
    )
    await frame.waitForFunction(() => document.querySelector('.fd-card')?.hasAttribute('hidden'))
  }
  const [first, ...warm] = times
  const scripts = async (f: Frame) =>
    f.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
        .map((e) => ({ name: e.name, bytes: (e as PerformanceResourceTiming).encodedBodySize })),
    )
  const hostJs = (await scripts(page.mainFrame())).filter((s) => s.name.includes('/sdk.js'))
  const modalJs = await scripts(frame)
  const kb = (list: { bytes: number }[]) => (list.reduce((sum, s) => sum + s.bytes, 0) / 1024).toFixed(1)
  console.log(`navigation -> modal ready:        ${readyMs.toFixed(0)} ms`)
  console.log(`first open() -> Connect painted:  ${first!.toFixed(1)} ms`)
  console.log(
    `warm re-open -> painted (${warm.length}):    p50 ${quantile(warm, 0.5).toFixed(1)} ms, p95 ${quantile(warm, 0.95).toFixed(1)} ms`,
  )
  console.log(
    `JS before the first open: sdk.js ${kb(hostJs)} KB + modal ${kb(modalJs)} KB (encoded, on the wire)`,
  )
} finally {
  await browser.close()
  await stack?.stop()
}
