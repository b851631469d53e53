import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

// The real dependencies the fault tests start, stop and kill: a PostgreSQL cluster made with Debian's
// initdb, a redis-server, a Hardhat node of the devnet, a port that accepts and never answers, and the
// API process itself (src/main.ts, as production runs it).

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const DEVNET_DIR = join(API_DIR, '..', '..', 'packages', 'devnet')

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The newest PostgreSQL's binaries, or undefined where none are installed. */
export const PG_BIN = (() => {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
  const newest = versions.at(-1)
  return newest ? join(root, newest, 'bin') : undefined
})()

/** redis-server's path, or undefined where it is not installed. */
export const REDIS_SERVER = (() => {
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir && existsSync(join(dir, 'redis-server'))) return join(dir, 'redis-server')
  return undefined
})()

const AS_ROOT = process.getuid?.() === 0

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** A throwaway PostgreSQL cluster in a temporary folder (as the postgres user when we are root), not started. */
export function cluster(bin: string, port: number) {
  const dir = mkdtempSync(join(tmpdir(), 'frontdoor-faults-'))
  const data = join(dir, 'pg')
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = AS_ROOT
      ? ['runuser', '-u', 'postgres', '--', join(bin, tool), ...args]
      : [join(bin, tool), ...args]
    return execFileSync(command as string, rest, { stdio: 'pipe', timeout: 60_000 }).toString()
  }
  if (AS_ROOT) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1)
  run('initdb', ['-D', data, '-U', 'frontdoor', '--auth=trust'])
  const ctl = (...args: string[]) =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'pg.log'), '-w', '-t', '30', ...args])
  /** pg_ctl without blocking this process, so that requests go on while it works. */
  const ctlAsync = async (...args: string[]) => {
    const [command, ...rest] = AS_ROOT
      ? ['runuser', '-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args]
      : [join(bin, 'pg_ctl'), ...args]
    await promisify(execFile)(command as string, rest, { timeout: 60_000 })
  }
  return {
    url: (database: string) => `postgres://frontdoor@127.0.0.1:${port}/${database}`,
    start: () => ctl('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start'),
    /** Creates a database (the server must run). */
    createDb: (name: string) =>
      run('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'frontdoor',
        '-d',
        'postgres',
        '-c',
        `CREATE DATABASE ${name}`,
      ]),
    /** `pg_ctl restart -m fast` (as a failover or an upgrade does), without blocking this process. */
    restart: () => ctlAsync('-D', data, '-l', join(dir, 'pg.log'), '-w', '-t', '30', '-m', 'fast', 'restart'),
    /** Stops the server (`-m fast`), keeping its data for a `start()`. */
    halt: () => ctlAsync('-D', data, '-w', '-t', '30', '-m', 'fast', 'stop'),
    stop: () => {
      if (!existsSync(dir)) return
      try {
        ctl('-m', 'immediate', 'stop')
      } catch {}
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A redis-server on `port` (no persistence), run as a child of this process. */
export async function redisServer(port: number) {
  const child = spawn(
    REDIS_SERVER as string,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  for (const deadline = Date.now() + 10_000; !(await accepts(port)); await sleep(50))
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`)
  return {
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket()
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.connect(port, '127.0.0.1')
  })
}

/** A JSON-RPC call to `url` (undefined on any failure). */
export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(5_000),
    })
    return ((await response.json()) as { result?: T }).result
  } catch {
    return undefined
  }
}

/**
 * A Hardhat node of the devnet (automine, the standard funded accounts, unseeded) on `port`, as
 * `npm run devnet` runs it. `kill()` is SIGKILL: the node is gone at once, as a crash does (its chain
 * with it). `freeze()` stops the process (SIGSTOP): its port still accepts connections, nothing answers,
 * as a node stuck in a pause does; `thaw()` lets it go on.
 */
export async function hardhatNode(port: number, chainId: 31337 | 31338 = 31337) {
  const cli = createRequire(join(DEVNET_DIR, 'package.json')).resolve('hardhat/internal/cli/cli.js')
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', 'hardhat.config.cjs'],
    {
      cwd: DEVNET_DIR,
      env: {
        ...process.env,
        FRONTDOOR_DEVNET_CHAIN_ID: String(chainId),
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      },
      stdio: 'ignore',
    },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  process.once('exit', kill)
  const url = `http://127.0.0.1:${port}`
  const hexId = `0x${chainId.toString(16)}`
  for (const deadline = Date.now() + 60_000; (await rpc(url, 'eth_chainId')) !== hexId; await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`the Hardhat node on ${port} exited (${child.exitCode})`)
    if (Date.now() > deadline) throw new Error(`the Hardhat node on ${port} did not answer`)
  }
  await rpc(url, 'hardhat_setLoggingEnabled', [false])
  return {
    url,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    kill: async () => {
      process.off('exit', kill)
      child.kill('SIGCONT')
      kill()
      await exited
    },
  }
}

/**
 * A TCP pass-through on a port of its own to `target` (host:port), whose behaviour the test switches:
 * `forward` (pipes each connection to the target), `refuse` (the port closed: connections refused, as
 * when the node's process is gone) or `hang` (accepts and never answers a byte). Each switch drops the
 * connections open at the time, as the fault would (keep-alive ones included).
 */
export async function gate(target: string) {
  const { hostname, port: targetPort } = new URL(target)
  const sockets = new Set<Socket>()
  let mode: 'forward' | 'hang' | 'refuse' = 'forward'
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.once('close', () => sockets.delete(socket))
    if (mode !== 'forward') return
    const upstream = new Socket()
    sockets.add(upstream)
    upstream.on('error', () => socket.destroy())
    upstream.once('close', () => {
      sockets.delete(upstream)
      socket.destroy()
    })
    socket.once('close', () => upstream.destroy())
    upstream.connect(Number(targetPort), hostname, () => {
      socket.pipe(upstream)
      upstream.pipe(socket)
    })
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        const address = server.address()
        resolve(typeof address === 'object' && address ? address.port : 0)
      })
    })
  const port = await listen(0)
  const drop = () => {
    for (const socket of sockets) socket.destroy()
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async set(next: 'forward' | 'hang' | 'refuse') {
      mode = next
      drop()
      if (next === 'refuse' && server.listening) await new Promise((resolve) => server.close(resolve))
      if (next !== 'refuse' && !server.listening) await listen(port)
    },
    close: async () => {
      drop()
      if (server.listening) await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** The API process (src/main.ts) with `env`, its log, and whether it exited. */
export function api(env: Record<string, string>) {
  let log = ''
  let exited: { code: number | null; signal: string | null } | undefined
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdoor-faults-api-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      FRONTDOOR_ENV: 'development',
      DATA_DIR: dataDir,
      REDIS_URL: '',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => {
    log += chunk
  })
  child.stderr?.on('data', (chunk) => {
    log += chunk
  })
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal }
      rmSync(dataDir, { recursive: true, force: true })
      resolve()
    }),
  )
  const kill = () => {
    if (!exited) child.kill('SIGKILL')
  }
  process.once('exit', kill)
  return {
    pid: child.pid,
    log: () => log,
    exited: () => exited,
    /** Polls `check` every 100 ms until it gives a value; fails at once if the API died. */
    async until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        if (exited)
          throw new Error(
            `the API process died (${JSON.stringify(exited)}) while waiting for ${what}\n--- API log ---\n${log.slice(-4000)}`,
          )
        const value = await check().catch(() => undefined)
        if (value !== undefined) return value
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${what}\n--- API log ---\n${log.slice(-4000)}`)
        await sleep(100)
      }
    },
    async stop() {
      process.off('exit', kill)
      if (!exited) {
        child.kill('SIGTERM')
        await Promise.race([gone, sleep(12_000)])
        kill()
        await gone
      }
    },
  }
}

/** An error body without its request id, so that equal answers compare equal. */
export function withoutRequestId(body: { error?: Record<string, unknown> }) {
  const { requestId: _, ...error } = body.error ?? {}
  return { ...body, error }
}
