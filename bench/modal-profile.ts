// What runs between the page's `open()` and the modal's paint, on a warm re-open: a CPU profile of the
// renderer (the page and the modal frame share one main thread on localhost) over many re-opens, summed
// per function (self time), and the trace's main-thread tasks of one re-open (script, style, layout, paint).
// Run: npm run bench:modal-profile -w @frontdoor/bench   (starts the stack unless the demo already answers)
// Prints; writes nothing. The figures of record are modal-open.ts's (bench/BENCH.md).

import { gzipSync } from 'node:zlib'
import * as Addresses from '@frontdoor/protocol/addresses'
import { chromium, type Frame } from '@playwright/test'
import { httpOk } from '../scripts/stack/parts.js'
import * as Stack from '../scripts/stack/stack.js'

const OPENS = Number(process.env.BENCH_OPENS ?? 40)

/** The time of the first frame that shows the card, as modal-open.ts's `__paintAfter` takes it. */
const PAINTED = `new Promise((resolve) => {
  const tick = () => {
    if (document.querySelector('.fd-card')?.hasAttribute('hidden') !== false) return requestAnimationFrame(tick)
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve(performance.timeOrigin + performance.now())
    channel.port2.postMessage(null)
  }
  requestAnimationFrame(tick)
})`

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
type TraceEvent = {
  name: string
  cat: string
  ph: string
  dur?: number
  ts: number
  tid: number
  pid: number
}

const addresses = Addresses.from(process.env)
const stack = (await httpOk(addresses.DEMO_URL)) ? undefined : await Stack.start({ only: ['demo'] })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})

/** Opens and closes the modal `times` times; the open -> painted time of each, as modal-open.ts takes it. */
async function reopen(page: import('@playwright/test').Page, frame: Frame, times: number) {
  const out: number[] = []
  for (let i = 0; i < times; i++) {
    // A string: tsx would wrap a function's inner named functions in a helper the page lacks.
    const painted = frame.evaluate(PAINTED) as Promise<number>
    const started = await page.evaluate(() => {
      const t0 = performance.timeOrigin + performance.now()
      void (window as unknown as { frontdoor: { open: () => Promise<void> } }).frontdoor.open()
      return t0
    })
    out.push((await painted) - started)
    await page.evaluate(() =>
      (window as unknown as { frontdoor: { close: () => Promise<void> } }).frontdoor.close(),
    )
    await frame.waitForFunction(() => document.querySelector('.fd-card')?.hasAttribute('hidden'))
  }
  return out
}

try {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
  // Every script any frame loads before the first open, gzipped as modal-open.ts counts them.
  const scripts: Promise<[string, number]>[] = []
  let counting = true
  context.on('response', (response) => {
    if (counting && response.request().resourceType() === 'script')
      scripts.push(response.body().then((body) => [response.url(), gzipSync(body).length]))
  })
  const page = await context.newPage()
  await page.goto(`${addresses.DEMO_URL}/script-tag.html`)
  await page.waitForFunction(() => performance.getEntriesByName('frontdoor:ready').length > 0)
  const frame = page.frames().find((f) => f.url().startsWith(addresses.MODAL_URL)) as Frame
  await frame.waitForSelector('.fd-card .fd-connect', { state: 'attached' })
  await page.waitForLoadState('networkidle')
  counting = false
  const sizes = await Promise.all(scripts)
  console.log(`JS before the first open: ${(sizes.reduce((sum, [, n]) => sum + n, 0) / 1024).toFixed(1)} KiB`)
  for (const [url, n] of sizes) console.log(`  ${(n / 1024).toFixed(1)} KiB  ${url}`)
  await reopen(page, frame, 3)

  // The page and the modal frame are different sites (localhost, 127.0.0.1): two renderer processes,
  // each profiled through its own session.
  const cdp = await context.newCDPSession(page)
  const frameCdp = await context.newCDPSession(frame)
  for (const session of [cdp, frameCdp]) {
    await session.send('Profiler.enable')
    await session.send('Profiler.setSamplingInterval', { interval: 50 })
    await session.send('Profiler.start')
  }
  const times = await reopen(page, frame, OPENS)
  times.sort((a, b) => a - b)
  console.log(
    `\n${OPENS} warm re-opens: p50 ${times[Math.floor(OPENS / 2)]!.toFixed(1)} ms, p95 ${times[Math.floor(OPENS * 0.95)]!.toFixed(1)} ms`,
  )
  for (const [name, session] of [
    ['the page (sdk.js)', cdp],
    ['the modal frame', frameCdp],
  ] as const) {
    const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile }
    // Self time per function, over the whole profile (the idle time between re-opens is '(idle)').
    const self = new Map<number, number>()
    for (const [i, id] of profile.samples.entries())
      self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
    const byName = new Map<string, number>()
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame
      const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber + 1}`
      byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0))
    }
    const busy = [...byName].filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
    const total = busy.reduce((sum, [, us]) => sum + us, 0)
    console.log(
      `\n${name}: script self time per re-open ${(total / OPENS / 1000).toFixed(2)} ms; top functions:`,
    )
    for (const [key, us] of busy.sort((a, b) => b[1] - a[1]).slice(0, 20))
      console.log(`  ${(us / OPENS / 1000).toFixed(3)} ms  ${key}`)
  }

  // One re-open's main-thread work by kind, from the trace.
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'blink', 'v8.execute'] },
  })
  await reopen(page, frame, 10)
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.end')
  await done
  const kinds = new Map<string, number>()
  for (const event of events)
    if (event.ph === 'X' && event.dur && event.cat.includes('devtools.timeline'))
      kinds.set(
        `${event.name} (process ${event.pid})`,
        (kinds.get(`${event.name} (process ${event.pid})`) ?? 0) + event.dur,
      )
  console.log('\ntrace, per re-open (inclusive, nested events overlap):')
  for (const [name, us] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${(us / 10 / 1000).toFixed(3)} ms  ${name}`)
  await context.close()
} finally {
  await browser.close()
  await stack?.stop()
}
