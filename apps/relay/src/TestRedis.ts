import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'

/**
 * A Redis for integration tests: REDIS_URL when set (CI starts one), otherwise a throwaway
 * `redis-server` on a free port with no persistence. Undefined when neither is available; the tests
 * then skip and say why.
 */
export type TestRedis = { url: string; stop: () => Promise<void> }

/** Why the Redis tests are skipped, or undefined when they can run. */
export function unavailable(): string | undefined {
  if (process.env.REDIS_URL || installed()) return undefined
  return 'Redis tests skipped: REDIS_URL is unset and redis-server is not installed'
}

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

/** Whether `redis-server` is installed (a throwaway instance can be started). */
export function installed(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * Starts (or, with REDIS_URL, reuses) a Redis and resolves once it answers PING. `throwaway` always
 * starts a new `redis-server`, for tests that stop it.
 */
export async function start(options: { throwaway?: boolean } = {}): Promise<TestRedis> {
  if (process.env.REDIS_URL && !options.throwaway) return { url: process.env.REDIS_URL, stop: async () => {} }
  const port = await freePort()
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  const url = `redis://127.0.0.1:${port}`
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  probe.on('error', () => {})
  const deadline = Date.now() + 5000
  for (;;) {
    try {
      await probe.connect()
      await probe.ping()
      break
    } catch (error) {
      probe.disconnect()
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill()
        throw error
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  probe.disconnect()
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill()
      }),
  }
}

/**
 * A `redis-server` for fault tests (issue 24): its own free port and temporary folder, writing every
 * command to its append-only file before it answers (`appendonly yes`, `appendfsync always`, what
 * docs/operations.md asks of production), so that it can be shut down and started again on the same
 * port and data, as a restart or an upgrade does.
 */
export type FaultRedis = {
  url: string
  port: number
  /** Its data folder (the append-only file and `redis.log`). */
  dir: string
  /** Starts it (again) on the same port and data; resolves once it answers PING. */
  start: () => Promise<void>
  /** `SHUTDOWN` (the append-only file is flushed), then waits for the process to exit. */
  shutdown: () => Promise<void>
  /** `CLIENT KILL` with these filters (e.g. `['TYPE', 'pubsub']`); resolves with how many were killed. */
  clientKill: (...filters: string[]) => Promise<number>
  /** Stops it for good and removes its folder. */
  stop: () => Promise<void>
}

/** Starts a `FaultRedis` (with `started: false`, only picks its port and folder: `start()` later). */
export async function faultServer(options: { started?: boolean } = {}): Promise<FaultRedis> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'frontdoor-faults-redis-'))
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  const admin = () => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
    client.on('error', () => {})
    return client
  }
  const exited = (process: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (process.exitCode !== null || process.signalCode !== null) return resolve()
      process.once('exit', () => resolve())
    })
  const start = async () => {
    const started = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--logfile',
        join(dir, 'redis.log'),
      ],
      { stdio: 'ignore' },
    )
    child = started
    const deadline = Date.now() + 10_000
    for (;;) {
      const probe = admin()
      try {
        await probe.connect()
        // Answers PING only once the append-only file is loaded.
        if ((await probe.ping()) === 'PONG') return
      } catch (error) {
        if (Date.now() > deadline || started.exitCode !== null) {
          started.kill('SIGKILL')
          throw error
        }
      } finally {
        probe.disconnect()
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const shutdown = async () => {
    const running = child
    if (!running) return
    const client = admin()
    await client.connect()
    await client.call('SHUTDOWN').catch(() => {})
    client.disconnect()
    await exited(running)
    child = undefined
  }
  if (options.started !== false) await start()
  return {
    url,
    port,
    dir,
    start,
    shutdown,
    async clientKill(...filters) {
      const client = admin()
      await client.connect()
      try {
        return Number(await client.call('CLIENT', 'KILL', ...filters, 'SKIPME', 'yes'))
      } finally {
        client.disconnect()
      }
    },
    async stop() {
      if (child) {
        child.kill('SIGKILL')
        await exited(child)
        child = undefined
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
