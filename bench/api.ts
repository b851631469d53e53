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
const START_TIMEOUT_MS = 30_000
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

function child(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

type Row = { name: string; requestsPerS: number; p99Ms: number; errors: number; non2xx: number }

async function run(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options })
  return {
    name,
    requestsPerS: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

const node = await Devnet.start({ chainId: 31337 })
const [helloPort, apiPort] = [await Devnet.freePort(), await Devnet.freePort()]
const dataDir = mkdtempSync(join(tmpdir(), 'frontdoor-bench-'))
const hello = child(['bench/hello.ts', String(helloPort)])
const api = child(['apps/api/src/main.ts'], {
  API_URL: `http://127.0.0.1:${apiPort}`,
  DATA_DIR: dataDir,
  RPC_UPSTREAMS_31337: node.url,
  LOG_LEVEL: 'warn',
  // The indexer would follow the devnets (and whatever answers on DEVNET_31338_URL on this machine),
  // writing to the database in the background: the bench measures answering requests.
  INDEXER_CHAINS: '',
  // The seeded `demo` project and a generated vault key exist only in development.
  FRONTDOOR_ENV: 'development',
})
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
  await Promise.all([until(`${helloUrl}/`, hello), until(`${apiUrl}/healthz`, api)])
  const rows: Row[] = []
  rows.push(await run('hello-world (bare Hono)', { url: `${helloUrl}/` }))
  rows.push(
    await run('GET /getWallets (40 entries)', {
      url: `${apiUrl}/getWallets?projectId=demo&page=1&entries=40`,
    }),
  )
  // What a browser asks (every browser sends accept-encoding with gzip): 6 KB instead of 35 KB.
  rows.push(
    await run('GET /getWallets, gzip accepted', {
      url: `${apiUrl}/getWallets?projectId=demo&page=1&entries=40`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    }),
  )
  // eth_chainId is the budget's figure (the proxy answers it from the chain's last answer);
  // eth_blockNumber goes to the node on every request: the cost of forwarding itself.
  for (const method of ['eth_chainId', 'eth_blockNumber']) {
    const rpc = {
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    }
    rows.push(
      await run(`POST /v1/ ${method} (proxy)`, {
        url: `${apiUrl}/v1/?chainId=eip155:31337&projectId=demo`,
        ...rpc,
      }),
    )
    rows.push(await run(`${method} direct to Hardhat`, { url: node.url, ...rpc }))
  }
  const base = rows[0]!.requestsPerS
  console.log(
    `\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, loopback, ${process.version}\n`,
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
