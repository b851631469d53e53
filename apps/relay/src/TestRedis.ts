import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createServer } from 'node:net'
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
