// API throughput: a bare Hono hello-world versus the API's /getWallets and its RPC proxy (eth_chainId on a
// real Hardhat node). Each server runs as its own child process; autocannon runs here.
// Run: npm run bench:api -w @frontdoor/bench   (or: node --import tsx bench/api.ts)
// BENCH_RUNS runs (default 3) give medians, each run's figure in brackets; the table goes to BENCH.md
// (its api-bench section) unless BENCH_WRITE=0. BENCH_API_BEFORE: another checkout's root (say `git
// worktree` or `git archive` of the commit before a change, beside a node_modules link): its API runs
// too and its rows alternate with this one's in the same slices, so before and after share the load;
// BENCH_API_BEFORE_LABEL names it in BENCH.md (say its commit).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
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

type Row = {
  name: string
  requestsPerS: number
  p99Ms: number
  errors: number
  non2xx: number
  /** The server's CPU time (user + system) per request answered, when its process is known. */
  cpuUsPerRequest?: number
}
/** A target; `pid`: the server process whose CPU time the slices count (Linux /proc). */
type Target = { name: string; options: autocannon.Options; pid?: number | undefined }

/** CPU time of a process so far, in microseconds (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}

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
  const cpu = targets.map(() => 0)
  for (let round = 0; round < ROUNDS; round++)
    for (const [index, target] of targets.entries()) {
      const started = target.pid ? cpuUs(target.pid) : 0
      slices[index]?.push(await slice(target, DURATION_S / ROUNDS))
      if (target.pid) cpu[index]! += cpuUs(target.pid) - started
    }
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
      ...(target.pid ? { cpuUsPerRequest: cpu[index]! / sum((result) => result.requests.total) } : {}),
    }
  })
}

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const node = await Devnet.start({ chainId: 31337 })
const dataDirs: string[] = []
const api = async (apiRoot: string) => {
  const port = await Devnet.freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdoor-bench-'))
  dataDirs.push(dataDir)
  const process_ = child(
    [join(apiRoot, 'apps/api/src/main.ts')],
    {
      API_URL: `http://127.0.0.1:${port}`,
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
  return { process: process_, url: `http://127.0.0.1:${port}` }
}
const helloPort = await Devnet.freePort()
const hello = child(['bench/hello.ts', String(helloPort)])
// BENCH_API_ROOT: run another checkout's API instead of this one's.
const after = await api(process.env.BENCH_API_ROOT ?? root)
const before = process.env.BENCH_API_BEFORE ? await api(process.env.BENCH_API_BEFORE) : undefined
const servers = [hello, after.process, ...(before ? [before.process] : [])]
const stop = async () => {
  for (const server of servers) server.kill('SIGTERM')
  await Promise.all(servers.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : null)))
  await node.stop()
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true })
}

const rpc = (method: string) => ({
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
})
/** The API's rows of one API process (`label` tells before from after). */
const apiTargets = (apiUrl: string, label: string, pid: number | undefined): Target[] => {
  const wallets = `${apiUrl}/getWallets?projectId=demo&page=1&entries=40`
  const proxy = `${apiUrl}/v1/?chainId=eip155:31337&projectId=demo`
  return [
    { name: `GET /getWallets (40 entries)${label}`, options: { url: wallets }, pid },
    // What a browser asks (every browser sends accept-encoding with gzip): 6 KB instead of 35 KB.
    {
      name: `GET /getWallets, gzip accepted${label}`,
      options: { url: wallets, headers: { 'accept-encoding': 'gzip, deflate, br' } },
      pid,
    },
    // eth_chainId is the budget's figure; the proxy forwards it (and eth_blockNumber) to the node on
    // every request, as every safe method.
    { name: `POST /v1/ eth_chainId (proxy)${label}`, options: { url: proxy, ...rpc('eth_chainId') }, pid },
    {
      name: `POST /v1/ eth_blockNumber (proxy)${label}`,
      options: { url: proxy, ...rpc('eth_blockNumber') },
      pid,
    },
  ]
}
/** Each figure of the table: its name, the rows it divides (by name) and its goal. */
const FIGURES = [
  [
    '`/getWallets` (40 entries) / hello-world',
    'GET /getWallets (40 entries)',
    'hello-world (bare Hono)',
    '>= 50%',
  ],
  [
    '`/getWallets`, gzip accepted / hello-world',
    'GET /getWallets, gzip accepted',
    'hello-world (bare Hono)',
    '>= 50%',
  ],
  [
    'proxy `eth_chainId` / Hardhat direct',
    'POST /v1/ eth_chainId (proxy)',
    'eth_chainId direct to Hardhat',
    '>= 60%',
  ],
  [
    'proxy `eth_blockNumber` / Hardhat direct',
    'POST /v1/ eth_blockNumber (proxy)',
    'eth_blockNumber direct to Hardhat',
    '',
  ],
] as const
const BEFORE = ' (before)'

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const percent = (value: number) => `${(value * 100).toFixed(1)}%`

try {
  const helloUrl = `http://127.0.0.1:${helloPort}`
  // Readiness, not liveness: the API listens (503 'starting') while it opens and seeds its database.
  await Promise.all([
    until(`${helloUrl}/`, hello),
    until(`${after.url}/readyz`, after.process),
    ...(before ? [until(`${before.url}/readyz`, before.process)] : []),
  ])
  const targets: Target[] = [
    { name: 'hello-world (bare Hono)', options: { url: `${helloUrl}/` } },
    ...apiTargets(after.url, '', after.process.pid),
    ...(before ? apiTargets(before.url, BEFORE, before.process.pid) : []),
    { name: 'eth_chainId direct to Hardhat', options: { url: node.url, ...rpc('eth_chainId') } },
    { name: 'eth_blockNumber direct to Hardhat', options: { url: node.url, ...rpc('eth_blockNumber') } },
  ]
  const runs: Row[][] = []
  const loads: string[] = []
  for (let run = 0; run < RUNS; run++) {
    loads.push(loadavg()[0]!.toFixed(1))
    const rows = await measure(targets)
    runs.push(rows)
    const base = rows[0]!.requestsPerS
    console.log(
      `\nAPI benchmark, run ${run + 1} of ${RUNS}: ${CONNECTIONS} connections, ${DURATION_S} s each in ${ROUNDS} alternating slices, loopback, ${process.version}, load average ${loads[run]}\n`,
    )
    console.log(
      `${'target'.padEnd(42)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'vs hello'.padStart(10)}${'errors'.padStart(8)}${'API CPU us/req'.padStart(16)}`,
    )
    for (const row of rows)
      console.log(
        `${row.name.padEnd(42)}${row.requestsPerS.toFixed(0).padStart(10)}${row.p99Ms.toFixed(1).padStart(10)}${percent(row.requestsPerS / base).padStart(10)}${String(row.errors + row.non2xx).padStart(8)}${(row.cpuUsPerRequest?.toFixed(1) ?? '').padStart(16)}`,
      )
  }
  /** A figure's ratio in each run. */
  const ratios = (over: string, under: string) =>
    runs.map((rows) => {
      const of = (name: string) => rows.find((row) => row.name === name)?.requestsPerS ?? Number.NaN
      return of(over) / of(under)
    })
  const cell = (values: number[]) =>
    values.length > 1 ? `${percent(median(values))} (${values.map(percent).join(', ')})` : percent(values[0]!)
  const header = ['Figure', ...(before ? ['Before'] : []), 'Now', 'Goal']
  const cells = FIGURES.map(([figure, over, under, goal]) => [
    figure,
    ...(before ? [cell(ratios(`${over}${BEFORE}`, under))] : []),
    cell(ratios(over, under)),
    goal,
  ])
  const requestsPerS = (name: string) =>
    median(runs.map((rows) => rows.find((row) => row.name === name)!.requestsPerS))
  // The API's CPU time per request moves far less with the machine's load than req/s does.
  const cpuCell = (name: string) => {
    const values = runs.map((rows) => rows.find((row) => row.name === name)?.cpuUsPerRequest ?? Number.NaN)
    const us = (value: number) => `${value.toFixed(0)} us`
    return values.length > 1 ? `${us(median(values))} (${values.map(us).join(', ')})` : us(values[0]!)
  }
  for (const [, over] of FIGURES)
    cells.push([
      `API CPU per request: ${over.replace('GET ', '').replace('POST /v1/ ', '')}`,
      ...(before ? [cpuCell(`${over}${BEFORE}`)] : []),
      cpuCell(over),
      '',
    ])
  cells.push([
    'hello-world / Hardhat `eth_chainId` direct, req/s',
    ...(before ? [''] : []),
    `${requestsPerS('hello-world (bare Hono)').toFixed(0)} / ${requestsPerS('eth_chainId direct to Hardhat').toFixed(0)}`,
    '',
  ])
  // Padded as biome formats Markdown tables (npm test checks BENCH.md's format).
  const widths = header.map((_, i) => Math.max(...[header, ...cells].map((row) => row[i]!.length)))
  const line = (row: string[]) => `| ${row.map((text, i) => text.padEnd(widths[i]!)).join(' | ')} |`
  const table = [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n')
  console.log(`\n${table}`)
  if (process.env.BENCH_WRITE !== '0') {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim()
    const markdown = [
      `Written by \`npm run bench:api -w @frontdoor/bench\` on ${new Date().toISOString().slice(0, 10)} at ${commit}${before ? ` (before: ${process.env.BENCH_API_BEFORE_LABEL ?? process.env.BENCH_API_BEFORE})` : ''}: ${CONNECTIONS} connections, loopback, ${process.version}, each target ${DURATION_S} s in ${ROUNDS} alternating slices after a 1 s warm-up; medians of ${RUNS} runs, each run's figure in brackets; load average at each run's start ${loads.join(', ')}.`,
      '',
      table,
    ].join('\n')
    const file = join(root, 'bench/BENCH.md')
    const [startMark, endMark] = ['<!-- api-bench:start -->', '<!-- api-bench:end -->']
    const text = readFileSync(file, 'utf8')
    const at = text.indexOf(startMark)
    const end = text.indexOf(endMark)
    const section = `${startMark}\n${markdown}\n${endMark}`
    writeFileSync(
      file,
      at >= 0 && end > at
        ? `${text.slice(0, at)}${section}${text.slice(end + endMark.length)}`
        : `${text.trimEnd()}\n\n# API bench: /getWallets and the RPC proxy\n\n${section}\n`,
    )
  }
} finally {
  await stop()
}
