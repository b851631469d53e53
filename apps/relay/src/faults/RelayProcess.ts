import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * A relay node as production runs it, for the fault tests: `src/main.ts` in a process of its own on
 * `REDIS_URL`, serving the `demo` project without the API (RELAY_PROJECTS). Its log is kept, and its
 * exit recorded, so that a test can say the process never died.
 */
export type RelayProcess = {
  url: string
  port: number
  /** What it wrote to stdout and stderr. */
  log: () => string
  /** Set once the process exited. */
  exited: () => { code: number | null; signal: string | null } | undefined
  /** GET a path of its HTTP side; the status, or undefined when it does not answer. */
  status: (path: '/healthz' | '/readyz' | '/metrics') => Promise<number | undefined>
  /** A counter or gauge of `/metrics` (the first sample matching `name` and its labels). */
  metric: (sample: string) => Promise<number>
  /** SIGKILL: no shutdown, no goodbye to any socket. */
  kill: () => Promise<void>
  /** SIGTERM (the graceful stop), SIGKILL after 12 s. */
  stop: () => Promise<void>
}

const RELAY_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Starts a relay process on `port` (a free one by default); resolves once it answers `/healthz`. */
export async function start(options: { redisUrl: string; port?: number }): Promise<RelayProcess> {
  const port = options.port ?? (await freePort())
  const url = `ws://127.0.0.1:${port}`
  const http = `http://127.0.0.1:${port}`
  let log = ''
  let exited: { code: number | null; signal: string | null } | undefined
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: RELAY_DIR,
    env: {
      ...process.env,
      RELAY_URL: url,
      REDIS_URL: options.redisUrl,
      RELAY_PROJECTS: 'demo',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => {
    log += chunk
  })
  child.stderr?.on('data', (chunk) => {
    log += chunk
  })
  child.once('exit', (code, signal) => {
    exited = { code, signal }
  })
  const gone = () =>
    new Promise<void>((resolve) => {
      if (exited) return resolve()
      child.once('exit', () => resolve())
    })
  const status = async (path: string) =>
    (await fetch(`${http}${path}`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined))?.status
  const relay: RelayProcess = {
    url,
    port,
    log: () => log,
    exited: () => exited,
    status,
    async metric(sample) {
      const text = await (await fetch(`${http}/metrics`, { signal: AbortSignal.timeout(5_000) })).text()
      const line = text.split('\n').find((l) => l.startsWith(`${sample} `))
      return Number(line?.slice(sample.length + 1) ?? 0)
    },
    async kill() {
      if (!exited) child.kill('SIGKILL')
      await gone()
    },
    async stop() {
      if (exited) return
      child.kill('SIGTERM')
      await Promise.race([gone(), sleep(12_000)])
      if (!exited) child.kill('SIGKILL')
      await gone()
    },
  }
  const deadline = Date.now() + 60_000
  while ((await status('/healthz')) !== 200) {
    if (exited) throw new Error(`the relay exited (${JSON.stringify(exited)}) at start\n${log}`)
    if (Date.now() > deadline) throw new Error(`the relay did not answer /healthz\n${log}`)
    await sleep(50)
  }
  return relay
}
