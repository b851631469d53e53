// Relay throughput and latency: raw WebSocket clients, each authenticated with its own did:key JWT,
// publish to topics that other clients subscribe to. The relay runs as its own child process (one
// node in memory; with Redis, two nodes, publishers on one and subscribers on the other); the clients
// run here. Two phases per setup: a fixed offered rate (latency publish -> delivery, p50/p99), then
// saturation (each publisher keeps WINDOW publishes in flight; delivered messages/s).
// Run: npm run bench:relay -w @frontdoor/bench   (or: node --import tsx bench/relay.ts)
// Knobs: BENCH_PAIRS (200), BENCH_RATE (20000), BENCH_DURATION_S (5), BENCH_WINDOW (8),
// BENCH_MESSAGE_CHARS (400), BENCH_RELAY_MAIN (another relay entry, to compare builds). Redis: REDIS_URL,
// else a throwaway redis-server, else the Redis rows are skipped.
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import * as Net from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Devnet from '@frontdoor/devnet/devnet'
import { WriteBatch } from '@frontdoor/relay'
import * as RawClient from '@frontdoor/relay/raw-client'
import * as TestRedis from '@frontdoor/relay/test-redis'
import { WebSocket } from 'ws'

const PAIRS = Number(process.env.BENCH_PAIRS ?? 200)
const RATE = Number(process.env.BENCH_RATE ?? 20_000)
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5)
const WINDOW = Number(process.env.BENCH_WINDOW ?? 8)
/** Typical size of an encrypted WalletConnect message (base64). */
const MESSAGE_CHARS = Number(process.env.BENCH_MESSAGE_CHARS ?? 400)
const TTL_S = 300
const START_TIMEOUT_MS = 30_000
const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const RELAY_MAIN = process.env.BENCH_RELAY_MAIN ?? 'apps/relay/src/main.ts'

function relay(port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', RELAY_MAIN], {
    cwd: root,
    // RELAY_PROJECTS: the relay serves the bench's project without asking an API (none runs here).
    env: {
      ...process.env,
      RELAY_URL: `ws://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      RELAY_PROJECTS: 'bench',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

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
  name: string
  sent: number
  delivered: number
  seconds: number
  p50Ms: number
  p99Ms: number
  /** CPU seconds the relay processes used during the phase. */
  relayCpuS: number | undefined
  /** CPU seconds this process (the clients) used during the phase. */
  clientCpuS: number
}

async function bench(
  label: string,
  publishUrl: string,
  subscribeUrl: string,
  ports: number[],
  pids: (number | undefined)[],
): Promise<Phase[]> {
  let latencies: number[] = []
  let delivered = 0
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
      await open(publishUrl, (text) => {
        if (!text.includes('"result":true')) return
        inFlight[index]! -= 1
        if (closedLoop) publish(index)
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
  const measure = async (name: string, run: () => Promise<void>): Promise<Phase> => {
    latencies = []
    delivered = 0
    const sentBefore = sent
    const cpu = () =>
      pids.reduce<number | undefined>((sum, pid) => {
        const used = cpuSeconds(pid)
        return sum === undefined || used === undefined ? undefined : sum + used
      }, 0)
    const cpuBefore = cpu()
    const clientBefore = process.cpuUsage()
    const start = performance.now()
    await run()
    const seconds = (performance.now() - start) / 1000
    const cpuAfter = cpu()
    const client = process.cpuUsage(clientBefore)
    const phase = {
      clientCpuS: (client.user + client.system) / 1e6,
      relayCpuS: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
      name: `${label}: ${name}`,
      sent: sent - sentBefore,
      delivered,
      seconds,
      p50Ms: quantile(latencies, 0.5),
      p99Ms: quantile(latencies, 0.99),
    }
    while (inFlight.some((n) => n > 0)) await sleep(10)
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
  await measure('warm-up', () => offered(RATE / 4, 1))
  phases.push(await measure(`offered ${RATE} msg/s`, () => offered(RATE, DURATION_S)))
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
  if (limited > 0) console.warn(`bench: ${label}: ${limited} frames were rate limited`)
  for (const client of [...publishers, ...subscribers]) client.socket.terminate()
  return phases
}

const rows: Phase[] = []
const children: ChildProcess[] = []
let redis: TestRedis.TestRedis | undefined
const stop = async () => {
  for (const child of children) child.kill('SIGTERM')
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)))
  children.length = 0
}

try {
  const port = await Devnet.freePort()
  children.push(relay(port))
  await healthy(port, children[0]!)
  const url = `ws://127.0.0.1:${port}`
  rows.push(...(await bench('memory, 1 node', url, url, [port], [children[0]!.pid])))
  await stop()

  const skip = TestRedis.unavailable()
  if (skip) console.log(`bench: ${skip.replace('tests', 'bench')}`)
  else {
    redis = await TestRedis.start()
    const [a, b] = [await Devnet.freePort(), await Devnet.freePort()]
    children.push(relay(a, { REDIS_URL: redis.url }), relay(b, { REDIS_URL: redis.url }))
    await Promise.all([healthy(a, children[0]!), healthy(b, children[1]!)])
    rows.push(
      ...(await bench(
        'redis, 2 nodes',
        `ws://127.0.0.1:${a}`,
        `ws://127.0.0.1:${b}`,
        [a, b],
        children.map((c) => c.pid),
      )),
    )
  }
} finally {
  await stop()
  await redis?.stop()
}

console.log(
  `\nrelay bench: ${PAIRS} publishers -> ${PAIRS} subscribers (one topic each), ${MESSAGE_CHARS}-char messages, ${DURATION_S} s per phase`,
)
// On a shared machine the wall-clock rates move with everyone else's load; messages per CPU-second of
// the relay (its capacity on one core) move far less.
console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`)
console.table(
  rows.map((row) => ({
    phase: row.name,
    'published msg/s': Math.round(row.sent / row.seconds),
    'delivered msg/s': Math.round(row.delivered / row.seconds),
    'p50 ms': Number(row.p50Ms.toFixed(2)),
    'p99 ms': Number(row.p99Ms.toFixed(2)),
    'relay CPU %': row.relayCpuS === undefined ? '-' : Math.round((100 * row.relayCpuS) / row.seconds),
    'client CPU %': Math.round((100 * row.clientCpuS) / row.seconds),
    'msg per relay CPU-s': row.relayCpuS ? Math.round(row.delivered / row.relayCpuS) : '-',
  })),
)
