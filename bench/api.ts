// API throughput: a bare Hono hello-world versus the API's /getWallets and its RPC proxy (eth_chainId on a
// real Hardhat node). Each server runs as its own child process; autocannon runs here.
// Run: npm run bench:api -w @frontdoor/bench   (or: node --import tsx bench/api.ts)
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Devnet from '@frontdoor/devnet/devnet'
import autocannon from 'autocannon'

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
const START_TIMEOUT_MS = 120_000
const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(500) })).ok) return
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`bench: ${url} did not come up`)
    await sleep(100)
  }
}

/** Extra node flags for the API's process only (say `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it). */
const API_NODE_ARGS = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []

function child(args: string[], env: Record<string, string> = {}, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

type Row = { name: string; requestsPerS: number; p99Ms: number; errors: number; non2xx: number }
type Target = { name: string; options: autocannon.Options }

/**
 * Each target's figure is taken in ROUNDS slices, the targets alternating (hello, getWallets, ...,
 * hello, getWallets, ...), after an unmeasured second each to warm the code paths up: on a machine
 * shared with other work the load moves within seconds, and alternating puts every target under the
 * same load, so the ratios hold. req/s is the requests of all slices over their time; p99 the median
 * slice's.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

async function measure(targets: Target[]): Promise<Row[]> {
  const slice = (target: Target, duration: number) =>
    autocannon({ connections: CONNECTIONS, duration, ...target.options })
  for (const target of targets) await slice(target, 1)
  const slices = targets.map(() => [] as autocannon.Result[])
  for (let round = 0; round < ROUNDS; round++)
    for (const [index, target] of targets.entries())
      slices[index]?.push(await slice(target, DURATION_S / ROUNDS))
  return targets.map((target, index) => {
    const results = slices[index] ?? []
    const sum = (of: (result: autocannon.Result) => number) => results.reduce((n, r) => n + of(r), 0)
    const p99 = results.map((result) => result.latency.p99).sort((a, b) => a - b)
    return {
      name: target.name,
      requestsPerS: sum((result) => result.requests.total) / sum((result) => result.duration),
      p99Ms: p99[Math.floor(p99.length / 2)] ?? 0,
      errors: sum((result) => result.errors + result.timeouts),
      non2xx: sum((result) => result.non2xx),
    }
  })
}

const node = await Devnet.start({ chainId: 31337 })
const [helloPort, apiPort] = [await Devnet.freePort(), await Devnet.freePort()]
const dataDir = mkdtempSync(join(tmpdir(), 'frontdoor-bench-'))
const hello = child(['bench/hello.ts', String(helloPort)])
// BENCH_API_ROOT: another checkout's API (say a copy of the commit before a change), to take before and
// after figures in one session, alternating runs.
const api = child(
  [join(process.env.BENCH_API_ROOT ?? root, 'apps/api/src/main.ts')],
  {
    API_URL: `http://127.0.0.1:${apiPort}`,
    DATA_DIR: dataDir,
    RPC_UPSTREAMS_31337: node.url,
    LOG_LEVEL: 'warn',
    // The indexer would follow the devnets (and whatever answers on DEVNET_31338_URL on this machine),
    // writing to the database in the background: the bench measures answering requests.
    INDEXER_CHAINS: '',
    // The seeded `demo` project and a generated vault key exist only in development.
    FRONTDOOR_ENV: 'development',
  },
  API_NODE_ARGS,
)
const stop = async () => {
  for (const server of [hello, api]) server.kill('SIGTERM')
  await Promise.all(
    [hello, api].map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : null)),
  )
  await node.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

try {
  const helloUrl = `http://127.0.0.1:${helloPort}`
  const apiUrl = `http://127.0.0.1:${apiPort}`
  // Readiness, not liveness: the API listens (503 'starting') while it opens and seeds its database.
  await Promise.all([until(`${helloUrl}/`, hello), until(`${apiUrl}/readyz`, api)])
  const wallets = `${apiUrl}/getWallets?projectId=demo&page=1&entries=40`
  const rpc = (method: string) => ({
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  })
  const proxy = `${apiUrl}/v1/?chainId=eip155:31337&projectId=demo`
  const rows = await measure([
    { name: 'hello-world (bare Hono)', options: { url: `${helloUrl}/` } },
    { name: 'GET /getWallets (40 entries)', options: { url: wallets } },
    // What a browser asks (every browser sends accept-encoding with gzip): 6 KB instead of 35 KB.
    {
      name: 'GET /getWallets, gzip accepted',
      options: { url: wallets, headers: { 'accept-encoding': 'gzip, deflate, br' } },
    },
    // eth_chainId is the budget's figure; the proxy forwards it (and eth_blockNumber) to the node on
    // every request, as every safe method.
    { name: 'POST /v1/ eth_chainId (proxy)', options: { url: proxy, ...rpc('eth_chainId') } },
    { name: 'eth_chainId direct to Hardhat', options: { url: node.url, ...rpc('eth_chainId') } },
    { name: 'POST /v1/ eth_blockNumber (proxy)', options: { url: proxy, ...rpc('eth_blockNumber') } },
    { name: 'eth_blockNumber direct to Hardhat', options: { url: node.url, ...rpc('eth_blockNumber') } },
  ])
  const base = rows[0]!.requestsPerS
  console.log(
    `\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION_S} s each in ${ROUNDS} alternating slices, loopback, ${process.version}\n`,
  )
  console.log(
    `${'target'.padEnd(32)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'vs hello'.padStart(10)}${'errors'.padStart(8)}`,
  )
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(32)}${row.requestsPerS.toFixed(0).padStart(10)}${row.p99Ms.toFixed(1).padStart(10)}${`${((row.requestsPerS / base) * 100).toFixed(1)}%`.padStart(10)}${String(row.errors + row.non2xx).padStart(8)}`,
    )
  }
  const ratio = (a: number, b: number) =>
    `${((rows[a]!.requestsPerS / rows[b]!.requestsPerS) * 100).toFixed(1)}%`
  console.log(
    `\n/getWallets / hello-world: ${ratio(1, 0)}, gzip accepted ${ratio(2, 0)} (goal >= 50%); proxy / Hardhat direct: eth_chainId ${ratio(3, 4)} (goal >= 60%), eth_blockNumber ${ratio(5, 6)}`,
  )
} finally {
  await stop()
}
