// Relay throughput and latency: raw WebSocket clients, each authenticated with its own did:key JWT,
// publish to topics that other clients subscribe to. The relay runs as its own child process (one
// node in memory; with Redis, two nodes, publishers on one and subscribers on the other); the clients
// run here. Phases per setup: fixed offered rates (latency publish -> delivery at the clients, p50/p99,
// beside the relay's own part of it: its delivery histogram in /metrics, from the arrival of the
// publish's socket data to the delivery written to the subscriber's socket), then saturation (each
// publisher keeps WINDOW publishes in flight; delivered messages/s).
// Setups: `shared` (one node in memory, relay and clients on both cores as the scheduler likes),
// `pinned` (the same with the relay on core 1 and this process on core 0, `taskset`: the relay
// without the clients on its core), `redis` (two nodes).
// Run: npm run bench:relay -w @frontdoor/bench   (or: node --import tsx bench/relay.ts)
// Knobs: BENCH_SETUPS (shared,pinned,redis), BENCH_RUNS (3: each setup that often, alternating; the
// table gives medians), BENCH_RATES (5000,20000), BENCH_PAIRS (200), BENCH_DURATION_S (5),
// BENCH_WINDOW (8), BENCH_MESSAGE_CHARS (400), BENCH_RELAY_MAIN (another relay entry, to compare
// builds), BENCH_RELAY_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/relay-prof"), BENCH_WRITE=0 (do
// not update BENCH.md), BENCH_JSON (a file to write every run's phases to). Redis: REDIS_URL, else a throwaway redis-server, else the Redis rows are skipped.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import * as Net from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Devnet from '@frontdoor/devnet/devnet'
import { DeliveryLatency, WriteBatch } from '@frontdoor/relay'
import * as RawClient from '@frontdoor/relay/raw-client'
import * as TestRedis from '@frontdoor/relay/test-redis'
import { WebSocket } from 'ws'

const SETUPS = (process.env.BENCH_SETUPS ?? 'shared,pinned,redis').split(',').filter(Boolean)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const RATES = (process.env.BENCH_RATES ?? '5000,20000').split(',').map(Number)
const PAIRS = Number(process.env.BENCH_PAIRS ?? 200)
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5)
const WINDOW = Number(process.env.BENCH_WINDOW ?? 8)
/** Typical size of an encrypted WalletConnect message (base64). */
const MESSAGE_CHARS = Number(process.env.BENCH_MESSAGE_CHARS ?? 400)
const TTL_S = 300
const START_TIMEOUT_MS = 30_000
/** How long a phase waits for the answers of publishes still in flight. */
const DRAIN_TIMEOUT_MS = 60_000
const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const RELAY_MAIN = process.env.BENCH_RELAY_MAIN ?? 'apps/relay/src/main.ts'
const RELAY_NODE_ARGS = (process.env.BENCH_RELAY_NODE_ARGS ?? '').split(' ').filter(Boolean)

/** util-linux's CPU affinity tool (Debian: installed with the base system). */
const TASKSET = '/usr/bin/taskset'

function relay(port: number, options: { env?: Record<string, string>; core?: number } = {}): ChildProcess {
  const node = [...RELAY_NODE_ARGS, '--import', 'tsx', RELAY_MAIN]
  const [command, args] =
    options.core === undefined
      ? [process.execPath, node]
      : [TASKSET, ['-c', String(options.core), process.execPath, ...node]]
  return spawn(command, args, {
    cwd: root,
    // RELAY_PROJECTS: the relay serves the bench's project without asking an API (none runs here).
    // The per-topic mailbox caps (500 messages, 4 MiB) are for WalletConnect's few messages per topic;
    // 200 topics at 20k msg/s pass them in seconds, so the bench lifts them (the total cap stays), and
    // the shares and socket limits per client and address: every bench client is on 127.0.0.1. They
    // are still counted on every publish and socket, so their cost is in the figures.
    env: {
      ...process.env,
      RELAY_URL: `ws://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      RELAY_PROJECTS: 'bench',
      RELAY_MAX_MAILBOX_MESSAGES_PER_TOPIC: '10000000',
      RELAY_MAX_MAILBOX_BYTES_PER_TOPIC: String(2 ** 40),
      RELAY_MAX_MAILBOX_BYTES_PER_CLIENT: String(2 ** 40),
      RELAY_MAX_MAILBOX_BYTES_PER_ADDRESS: String(2 ** 40),
      RELAY_NEW_SOCKETS_PER_MINUTE: '1000000',
      RELAY_MAX_SOCKETS_PER_ADDRESS: '1000000',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

/** Sets the CPU affinity of this process, all its threads (taskset's mask, e.g. '1' for core 0). */
function pin(mask: string): void {
  execFileSync(TASKSET, ['-a', '-p', mask, String(process.pid)], { stdio: 'ignore' })
}
const ownMask = () =>
  execFileSync(TASKSET, ['-p', String(process.pid)], { encoding: 'utf8' })
    .trim()
    .split(' ')
    .at(-1)!

async function healthy(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(500) })).ok) return
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`bench: relay on ${port} did not come up`)
    await sleep(100)
  }
}

async function metrics(port: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/metrics`)).text()
}

const counter = (text: string, name: string) =>
  [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)$`, 'gm'))].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  )

/** CPU time (user + system) a process has used, in seconds; undefined off Linux. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S
  } catch {
    return undefined
  }
}
const CLOCK_TICKS_PER_S = 100

/** A lean client: no JSON.parse on the hot path, only what the bench needs from each frame. */
type Lean = { socket: WebSocket; send: (frame: string) => void }

// The clients batch their writes per turn of the event loop, as the relay does, so the bench process
// is not the first thing to run out of CPU.
const batch = WriteBatch.create()

async function open(url: string, onFrame: (text: string, client: Lean) => void): Promise<Lean> {
  const token = await RawClient.jwt(url)
  let raw: Net.Socket | undefined
  const socket = new WebSocket(`${url}/?auth=${token}&projectId=bench`, {
    // ws's own connector, keeping the TCP socket to cork.
    createConnection: ((options: Net.TcpNetConnectOpts) => {
      raw = Net.connect({ ...options, path: undefined } as Net.NetConnectOpts)
      return raw
    }) as typeof Net.createConnection,
  })
  const client: Lean = {
    socket,
    send: (frame) => {
      if (raw) batch.hold(raw)
      socket.send(frame)
    },
  }
  socket.on('message', (data) => onFrame(data.toString(), client))
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
    socket.once('close', (code) => reject(new Error(`bench: socket closed ${code}`)))
  })
  return client
}

const topicOf = (i: number) => i.toString(16).padStart(64, 'c')

type Phase = {
  setup: string
  name: string
  sent: number
  delivered: number
  /** Publishes the relay refused (an error answer). */
  refused: number
  seconds: number
  p50Ms: number
  p99Ms: number
  /** The relay's own part (its delivery histogram over the phase). */
  relayP50Ms: number
  relayP99Ms: number
  /** CPU seconds the relay processes used during the phase. */
  relayCpuS: number | undefined
  /** CPU seconds this process (the clients) used during the phase. */
  clientCpuS: number
}

async function bench(
  setup: string,
  publishUrl: string,
  subscribeUrl: string,
  ports: number[],
  pids: (number | undefined)[],
): Promise<Phase[]> {
  let latencies: number[] = []
  let delivered = 0
  let refused = 0
  const onSubscriberFrame = (text: string, client: Lean) => {
    if (text.charCodeAt(text.length - 2) === 0x7d && text.includes('"irn_subscription"')) {
      const at = text.indexOf('"message":"') + 11
      const sentAt = Number(text.slice(at, text.indexOf(':', at)))
      latencies.push(performance.now() - sentAt)
      delivered += 1
      client.send(`{"id":${text.slice(6, text.indexOf(',', 6))},"jsonrpc":"2.0","result":true}`)
    }
  }
  const inFlight: number[] = new Array(PAIRS).fill(0)
  let closedLoop = false
  let sent = 0
  const padding = 'A'.repeat(MESSAGE_CHARS)
  const publish = (i: number) => {
    const message = `${performance.now().toFixed(3)}:${padding}`.slice(0, Math.max(MESSAGE_CHARS, 24))
    publishers[i]!.send(
      `{"id":17000${10_000_000_000_000 + ++sent},"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${topicOf(i)}","message":"${message}","ttl":${TTL_S},"tag":1108,"prompt":false}}`,
    )
    inFlight[i]! += 1
  }
  const publishers: Lean[] = []
  const subscribers: Lean[] = []
  for (let i = 0; i < PAIRS; i++) {
    const index = i
    publishers.push(
      // A publisher gets nothing but the answers to its publishes.
      await open(publishUrl, (text) => {
        inFlight[index]! -= 1
        if (!text.includes('"result":true')) refused += 1
        else if (closedLoop) publish(index)
      }),
    )
    const subscriber = await open(subscribeUrl, onSubscriberFrame)
    await new Promise<void>((resolve) => {
      subscriber.socket.once('message', () => resolve())
      subscriber.send(
        `{"id":${i + 1},"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topicOf(i)}"}}`,
      )
    })
    subscribers.push(subscriber)
  }

  const quantile = (values: number[], q: number) => {
    const sorted = Float64Array.from(values).sort()
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  }
  /** The relay's delivery histogram, summed over its nodes. */
  const histogram = async () =>
    (await Promise.all(ports.map(metrics)))
      .map(DeliveryLatency.scrape)
      .reduce((sum, counts) => counts.map((n, i) => n + (sum[i] ?? 0)))
  const measure = async (name: string, run: () => Promise<void>): Promise<Phase> => {
    latencies = []
    delivered = 0
    refused = 0
    const sentBefore = sent
    const cpu = () =>
      pids.reduce<number | undefined>((sum, pid) => {
        const used = cpuSeconds(pid)
        return sum === undefined || used === undefined ? undefined : sum + used
      }, 0)
    const histogramBefore = await histogram()
    const cpuBefore = cpu()
    const clientBefore = process.cpuUsage()
    const start = performance.now()
    await run()
    const seconds = (performance.now() - start) / 1000
    const cpuAfter = cpu()
    const client = process.cpuUsage(clientBefore)
    const phase = {
      setup,
      name,
      sent: sent - sentBefore,
      delivered,
      refused,
      seconds,
      p50Ms: quantile(latencies, 0.5),
      p99Ms: quantile(latencies, 0.99),
      relayP50Ms: Number.NaN,
      relayP99Ms: Number.NaN,
      clientCpuS: (client.user + client.system) / 1e6,
      relayCpuS: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    }
    for (const deadline = Date.now() + DRAIN_TIMEOUT_MS; inFlight.some((n) => n > 0); await sleep(10))
      if (Date.now() > deadline) throw new Error(`bench: ${setup}: ${name}: publishes never answered`)
    // Scraped once every delivery of the phase is out (a few late ones from the drain may count).
    const histogramAfter = await histogram()
    phase.relayP50Ms = DeliveryLatency.quantileMs(histogramBefore, histogramAfter, 0.5)
    phase.relayP99Ms = DeliveryLatency.quantileMs(histogramBefore, histogramAfter, 0.99)
    if (phase.refused > 0) console.warn(`bench: ${setup}: ${name}: ${phase.refused} publishes refused`)
    return phase
  }
  /** Offers `rate` publishes/s, round-robin over the publishers, for `seconds` (paced every ~1 ms). */
  const offered = (rate: number, seconds: number) =>
    new Promise<void>((resolve) => {
      const start = performance.now()
      let due = 0
      let next = 0
      const tick = () => {
        const elapsed = (performance.now() - start) / 1000
        if (elapsed >= seconds) return resolve()
        const target = Math.floor(elapsed * rate)
        for (; due < target; due++) {
          publish(next)
          next = (next + 1) % PAIRS
        }
        setTimeout(tick, 1)
      }
      tick()
    })

  const phases: Phase[] = []
  await measure('warm-up', () => offered(RATES[0]! / 4, 1))
  for (const rate of RATES)
    phases.push(await measure(`offered ${rate} msg/s`, () => offered(rate, DURATION_S)))
  phases.push(
    await measure(`saturation (window ${WINDOW})`, async () => {
      closedLoop = true
      for (let i = 0; i < PAIRS; i++) for (let w = 0; w < WINDOW; w++) publish(i)
      await sleep(DURATION_S * 1000)
      closedLoop = false
    }),
  )
  const texts = await Promise.all(ports.map(metrics))
  const limited = texts.reduce((sum, text) => sum + counter(text, 'frontdoor_relay_rate_limited_total'), 0)
  if (limited > 0) console.warn(`bench: ${setup}: ${limited} frames were rate limited`)
  for (const client of [...publishers, ...subscribers]) client.socket.terminate()
  return phases
}

const children: ChildProcess[] = []
let redis: TestRedis.TestRedis | undefined
const stop = async () => {
  for (const child of children) child.kill('SIGTERM')
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)))
  children.length = 0
}

/** One run of a setup: its relay node(s) started, measured and stopped. */
async function runSetup(setup: string): Promise<Phase[]> {
  if (setup === 'redis') {
    if (!redis) return []
    const [a, b] = [await Devnet.freePort(), await Devnet.freePort()]
    children.push(relay(a, { env: { REDIS_URL: redis.url } }), relay(b, { env: { REDIS_URL: redis.url } }))
    await Promise.all([healthy(a, children[0]!), healthy(b, children[1]!)])
    try {
      return await bench(
        'redis, 2 nodes',
        `ws://127.0.0.1:${a}`,
        `ws://127.0.0.1:${b}`,
        [a, b],
        children.map((c) => c.pid),
      )
    } finally {
      await stop()
    }
  }
  const pinned = setup === 'pinned'
  const mask = ownMask()
  const port = await Devnet.freePort()
  children.push(relay(port, pinned ? { core: 1 } : {}))
  if (pinned) pin('1')
  try {
    await healthy(port, children[0]!)
    const url = `ws://127.0.0.1:${port}`
    return await bench(
      pinned ? 'memory, relay on core 1, clients on core 0' : 'memory, 1 node, cores shared',
      url,
      url,
      [port],
      [children[0]!.pid],
    )
  } finally {
    if (pinned) pin(mask)
    await stop()
  }
}

const runs: Phase[][] = []
try {
  if (SETUPS.includes('redis')) {
    const skip = TestRedis.unavailable()
    if (skip) console.log(`bench: ${skip.replace('tests', 'bench')}`)
    else redis = await TestRedis.start()
  }
  for (let run = 0; run < RUNS; run++) {
    const phases: Phase[] = []
    for (const setup of SETUPS) phases.push(...(await runSetup(setup)))
    runs.push(phases)
    console.log(`bench: run ${run + 1} of ${RUNS} done`)
  }
} finally {
  await stop()
  await redis?.stop()
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const ms = (value: number) =>
  Number.isNaN(value)
    ? '-'
    : value === Number.POSITIVE_INFINITY
      ? `>${DeliveryLatency.BUCKETS_S.at(-1)! * 1000}`
      : value.toFixed(value >= 100 ? 0 : 2)
const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
/** One row per phase: the medians over the runs, each run's figure in brackets where it matters. */
const table = runs[0]!.map((first, i) => {
  const same = runs.map((phases) => phases[i]!)
  const of = (pick: (phase: Phase) => number) => median(same.map(pick))
  const p99s = same.map((phase) => phase.p99Ms)
  const relayP99s = same.map((phase) => phase.relayP99Ms)
  const relayCpu = same.every((phase) => phase.relayCpuS !== undefined)
    ? `${Math.round(of((phase) => (100 * phase.relayCpuS!) / phase.seconds))}%`
    : '-'
  const bracket = (values: number[]) => (values.length > 1 ? ` (${values.map(ms).join(', ')})` : '')
  return {
    setup: first.setup,
    phase: first.name,
    'published msg/s': Math.round(of((phase) => phase.sent / phase.seconds)),
    'delivered msg/s': Math.round(of((phase) => phase.delivered / phase.seconds)),
    'p50 ms': ms(of((phase) => phase.p50Ms)),
    'p99 ms': `${ms(median(p99s))}${bracket(p99s)}`,
    'relay p50 ms': ms(of((phase) => phase.relayP50Ms)),
    'relay p99 ms': `${ms(median(relayP99s))}${bracket(relayP99s)}`,
    "relay's share of p99": ((share) => (Number.isFinite(share) ? `${Math.round(share)}%` : '-'))(
      of((phase) => (100 * phase.relayP99Ms) / phase.p99Ms),
    ),
    'relay CPU': relayCpu,
    'client CPU': `${Math.round(of((phase) => (100 * phase.clientCpuS) / phase.seconds))}%`,
    'msg per relay CPU-s':
      relayCpu === '-' ? '-' : Math.round(of((phase) => phase.delivered / phase.relayCpuS!)),
  }
})

console.log(
  `\nrelay bench: ${PAIRS} publishers -> ${PAIRS} subscribers (one topic each), ${MESSAGE_CHARS}-char messages, ${DURATION_S} s per phase, medians of ${runs.length} runs`,
)
// On a shared machine the wall-clock rates move with everyone else's load; messages per CPU-second of
// the relay (its capacity on one core) move far less.
console.log(`load average: ${loadAverage}`)
console.table(table)
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(runs, null, 1))

/** The table as Markdown between the relay section's markers in BENCH.md. */
if (process.env.BENCH_WRITE !== '0') {
  const relayCommit = process.env.BENCH_RELAY_MAIN
    ? process.env.BENCH_RELAY_MAIN
    : execFileSync('git', ['log', '-1', '--format=%h', '--', 'apps/relay'], {
        cwd: root,
        encoding: 'utf8',
      }).trim()
  const columns = Object.keys(table[0]!) as (keyof (typeof table)[number])[]
  const widths = columns.map((column) =>
    Math.max(column.length, ...table.map((row) => String(row[column]).length)),
  )
  const markdown = [
    `Written by \`npm run bench:relay -w @frontdoor/bench\` on ${new Date().toISOString().slice(0, 10)}, the relay at ${relayCommit} (${PAIRS} pairs, ${MESSAGE_CHARS}-char messages, ${DURATION_S} s per phase, medians of ${runs.length} runs, each run's p99 in brackets; load average ${loadAverage} at the end).`,
    '',
    // Padded as biome formats Markdown tables (npm test checks BENCH.md's format).
    ...[
      columns,
      columns.map(() => '-'),
      ...table.map((row) => columns.map((column) => String(row[column]))),
    ].map(
      (cells, line) =>
        `| ${cells.map((cell, i) => (line === 1 ? '-'.repeat(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`,
    ),
  ].join('\n')
  const file = join(root, 'bench/BENCH.md')
  const [startMark, endMark] = ['<!-- relay-bench:start -->', '<!-- relay-bench:end -->']
  const text = readFileSync(file, 'utf8')
  const at = text.indexOf(startMark)
  const end = text.indexOf(endMark)
  const section = `${startMark}\n${markdown}\n${endMark}`
  writeFileSync(
    file,
    at >= 0 && end > at
      ? `${text.slice(0, at)}${section}${text.slice(end + endMark.length)}`
      : `${text.trimEnd()}\n\n# Relay bench: publish -> delivery, the relay's part and the clients'\n\n${section}\n`,
  )
}
