import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { httpOk, type Part } from '../scripts/stack/parts.js'
import * as Scale from '../scripts/stack/scale.js'
import * as Stack from '../scripts/stack/stack.js'

/**
 * The stack launcher's start (scripts/stack/stack.ts, issue 36) with real processes: the scale profile's
 * own PostgreSQL part (Debian's, in a temporary cluster) and Redis part. A start that fails, for any
 * reason, stops everything it had started; a taken address fails it before anything starts; Ctrl-C
 * while it starts stops what had started; a part's build runs as the stack starts, beside the parts
 * that part waits for.
 */

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

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

/** A temporary folder, removed after the test. */
function folder(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `frontdoor-stack-${name}-`))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** The scale profile's PostgreSQL part on a free port, its cluster in a folder of its own. */
async function postgres() {
  const dir = folder('pg')
  const port = await freePort()
  return { part: Scale.postgres(dir, port), dir, port }
}

/** The command lines of the processes running with `text` in them (a cluster's folder). */
const processesWith = (text: string) =>
  execFileSync('ps', ['-eo', 'args'])
    .toString()
    .split('\n')
    .filter((line) => line.includes(text))

const pgAnswers = (port: number) => {
  try {
    execFileSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(port)])
    return true
  } catch {
    return false
  }
}

/** A port held by a plain TCP listener that never answers (no Redis, no HTTP). */
async function takenPort(): Promise<number> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy()
    return new Promise((resolve) => server.close(resolve))
  })
  const address = server.address()
  return typeof address === 'object' && address ? address.port : 0
}

const logDir = () => folder('logs')

describe('Stack.start', { timeout: 120_000 }, () => {
  test('a part that fails stops what had started: Redis on a taken port after PostgreSQL', async () => {
    const pg = await postgres()
    const redis = { ...Scale.redis(await takenPort()), after: ['postgres'] }
    const logs = logDir()
    const ready: string[] = []

    await expect(
      Stack.start({
        parts: [pg.part, redis],
        logDir: logs,
        onProgress: ({ part, step }) => ready.push(`${part} ${step}`),
      }),
    ).rejects.toThrow(/^stack: redis exited \(code 1\)/)

    // PostgreSQL had started (Redis waited for it), and is stopped.
    expect(ready).toEqual(['postgres ready'])
    expect(readFileSync(join(logs, 'redis.log'), 'utf8')).toMatch(/Address already in use/)
    expect(pgAnswers(pg.port)).toBe(false)
    await expect.poll(() => processesWith(pg.dir), { timeout: 5000 }).toEqual([])
  })

  test('a part that cannot start (its command is not installed) stops what had started', async () => {
    // What happened on a machine without redis-server: spawn's ENOENT crashed the launcher, and its
    // PostgreSQL went on running.
    const pg = await postgres()
    const missing: Part = {
      ...Scale.redis(await freePort()),
      command: ['frontdoor-not-installed-redis-server'],
      after: ['postgres'],
    }

    await expect(Stack.start({ parts: [pg.part, missing], logDir: logDir() })).rejects.toThrow(
      /^stack: redis could not start \(spawn frontdoor-not-installed-redis-server ENOENT\)/,
    )
    expect(pgAnswers(pg.port)).toBe(false)
    await expect.poll(() => processesWith(pg.dir), { timeout: 5000 }).toEqual([])
  })

  test('a taken address fails the start before anything starts', async () => {
    const pg = await postgres()
    // A real server already answers the second part's address.
    const port = await freePort()
    const { createServer: createHttpServer } = await import('node:http')
    const server = createHttpServer((_, response) => response.end('ok')).listen(port, '127.0.0.1')
    cleanups.push(() => new Promise((resolve) => server.close(resolve)))
    await expect.poll(() => httpOk(`http://127.0.0.1:${port}`)).toBe(true)
    const page: Part = {
      name: 'page',
      url: `http://127.0.0.1:${port}`,
      healthy: () => httpOk(`http://127.0.0.1:${port}`),
      command: ['node', '-e', 'setInterval(() => {}, 1e9)'],
    }

    await expect(Stack.start({ parts: [pg.part, page], logDir: logDir() })).rejects.toThrow(
      `stack: page address http://127.0.0.1:${port} is already in use; stop whatever runs there first`,
    )
    // PostgreSQL never started: no cluster was made.
    expect(existsSync(join(pg.dir, 'PG_VERSION'))).toBe(false)
    expect(processesWith(pg.dir)).toEqual([])
  })

  test('aborting the start (Ctrl-C) stops what had started', async () => {
    const pg = await postgres()
    const marker = `frontdoor-stack-never-ready-${process.pid}`
    const never: Part = {
      name: 'never',
      url: 'never',
      healthy: async () => false,
      command: ['node', '-e', `setInterval(() => {}, 1e9) // ${marker}`],
      after: ['postgres'],
    }
    const starting = new AbortController()

    const start = Stack.start({
      parts: [pg.part, never],
      logDir: logDir(),
      signal: starting.signal,
      onProgress: ({ part }) => {
        if (part === 'postgres') setTimeout(() => starting.abort(), 500)
      },
    })

    await expect(start).rejects.toThrow('stack: start interrupted; stopping what had started')
    expect(pgAnswers(pg.port)).toBe(false)
    await expect.poll(() => processesWith(pg.dir), { timeout: 5000 }).toEqual([])
    expect(processesWith(marker)).toEqual([])
  })

  test("a part's build runs as the stack starts, beside the parts it waits for", async () => {
    const dir = folder('build')
    const built = join(dir, 'built')
    const serving = join(dir, 'serving')
    const keep = 'setInterval(() => {}, 1e9)'
    // `first` answers only once `second`'s build has run, though `second` starts after `first`.
    const first: Part = {
      name: 'first',
      url: 'first',
      healthy: async () => existsSync(built),
      command: ['node', '-e', keep],
    }
    const second: Part = {
      name: 'second',
      url: 'second',
      healthy: async () => existsSync(serving),
      build: [
        'node',
        '-e',
        `console.log('second: building'); require('fs').writeFileSync(${JSON.stringify(built)}, '')`,
      ],
      command: [
        'node',
        '-e',
        `console.log('second: serving'); require('fs').writeFileSync(${JSON.stringify(serving)}, ''); ${keep}`,
      ],
      after: ['first'],
    }
    const logs = logDir()
    const progress: Stack.Progress[] = []

    const stack = await Stack.start({
      parts: [first, second],
      logDir: logs,
      onProgress: (p) => progress.push(p),
    })
    cleanups.push(() => stack.stop())

    // `first` answered only once `second`'s build had run: the build ran beside it, not after it. (Which
    // of the two the launcher saw first is a race between their polls.)
    const steps = progress.map(({ part, step }) => `${part} ${step}`)
    expect(steps.slice(0, 2).sort()).toEqual(['first ready', 'second built'])
    expect(steps[2]).toBe('second ready')
    for (const { seconds } of progress) expect(seconds).toBeGreaterThanOrEqual(0)
    // The part's log begins with its build's output.
    await expect
      .poll(() => readFileSync(join(logs, 'second.log'), 'utf8'))
      .toBe('second: building\nsecond: serving\n')
  })
})
