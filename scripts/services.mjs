// A throwaway PostgreSQL and Redis for the integration tests, as CI has them: `npm test` starts both for
// its unit tests (unless DATABASE_URL / REDIS_URL are set) and stops them after; by hand,
// `node scripts/services.mjs <command…>` runs one command with them (e.g. `npx vitest run` in apps/api).
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chownSync, mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as SystemPackages from './system-packages.mjs'

/** Their usual ports (so turbo's test hashes, which include the URLs, stay the same); taken, any free one. */
const PG_PORT = 55432
const REDIS_PORT = 56379

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** `port` when nothing listens on it, else a free port. */
function port(preferred) {
  const listen = (p) =>
    new Promise((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(undefined))
      server.listen(p, '127.0.0.1', () => {
        const address = server.address()
        server.close(() => resolve(address.port))
      })
    })
  return listen(preferred).then((p) => p ?? listen(0))
}

/** Resolves once Redis at `port` answers PING, or throws after 10 s. */
async function redisUp(port) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1')
      const done = (value) => {
        socket.destroy()
        resolve(value)
      }
      socket.setTimeout(1000, () => done(false))
      socket.on('error', () => done(false))
      socket.on('connect', () => socket.write('PING\r\n'))
      socket.on('data', (data) => done(data.toString().startsWith('+PONG')))
    })
    if (ok) return
    if (Date.now() > deadline) throw new Error(`services: redis-server on :${port} did not answer PING`)
    await sleep(100)
  }
}

/**
 * Starts what `env` does not name already: PostgreSQL (a cluster in a temporary folder, database
 * frontdoor_test) and Redis. Resolves with their URLs, and `stop`, which also removes the folder.
 */
export async function start(env = process.env) {
  const dir = mkdtempSync(join(tmpdir(), 'frontdoor-services-'))
  const urls = {}
  const stops = []
  const stop = () => {
    for (const done of stops.reverse()) done()
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    if (!env.DATABASE_URL) {
      const bin = SystemPackages.postgresBin()
      if (!bin) throw new Error(SystemPackages.message('the PostgreSQL tests', ['postgresql']))
      const data = join(dir, 'pg')
      // As root, PostgreSQL runs as Debian's postgres user.
      const asRoot = process.getuid?.() === 0
      if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1)
      const pg = (tool, args) => {
        const [command, ...rest] = asRoot
          ? ['runuser', '-u', 'postgres', '--', join(bin, tool), ...args]
          : [join(bin, tool), ...args]
        execFileSync(command, rest, { stdio: 'pipe' })
      }
      const p = await port(PG_PORT)
      pg('initdb', ['-D', data, '-U', 'frontdoor', '--auth=trust'])
      pg('pg_ctl', [
        '-D',
        data,
        '-o',
        `-p ${p} -k ${data} -c listen_addresses=127.0.0.1`,
        '-l',
        join(dir, 'pg.log'),
        '-w',
        'start',
      ])
      stops.push(() => {
        try {
          pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
        } catch {}
      })
      pg('createdb', ['-h', '127.0.0.1', '-p', String(p), '-U', 'frontdoor', 'frontdoor_test'])
      urls.DATABASE_URL = `postgres://frontdoor@127.0.0.1:${p}/frontdoor_test`
    }
    if (!env.REDIS_URL) {
      const p = await port(REDIS_PORT)
      const redis = spawn(
        'redis-server',
        ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      )
      const failed = new Promise((_, reject) => redis.once('error', reject))
      stops.push(() => redis.kill())
      await Promise.race([redisUp(p), failed])
      urls.REDIS_URL = `redis://127.0.0.1:${p}`
    }
  } catch (error) {
    stop()
    throw error
  }
  return { urls, stop }
}

// `node scripts/services.mjs <command…>`: the command with both services, stopped when it ends.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, ...args] = process.argv.slice(2)
  if (!command) {
    console.error('usage: node scripts/services.mjs <command…>')
    process.exit(2)
  }
  const services = await start()
  // Ctrl-C reaches the command too; the services are stopped once it has ended.
  process.on('SIGINT', () => {})
  for (const [name, url] of Object.entries(services.urls)) console.log(`services: ${name}=${url}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...services.urls } })
  services.stop()
  process.exit(result.status ?? 1)
}
