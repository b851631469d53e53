import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import * as Config from './Config.js'
import * as Door from './Door.js'
import * as RawClient from './RawClient.js'
import * as Server from './Server.js'
import * as TestProjects from './TestProjects.js'
import * as TestRedis from './TestRedis.js'

/**
 * The door's limits per client address, through real sockets: each party connects from its own
 * loopback address (127.0.0.x), or, behind a proxy of ours, names its address in X-Forwarded-For.
 */

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const REFUSED = { code: Door.TOO_MANY_SOCKETS.code, reason: Door.TOO_MANY_SOCKETS.reason }

async function relay(limits: Partial<Config.Limits>, config: Partial<Config.Config> = {}, env = {}) {
  const server = await Server.start({
    projects: TestProjects.registry(),
    env: { LOG_LEVEL: 'silent', ...env },
    port: 0,
    config: { limits: { ...Config.DEFAULT_LIMITS, ...limits }, ...config },
  })
  cleanups.push(() => server.stop())
  return server
}

/** Opens a socket and resolves with how it ended: 'open' (then closed), or the close of a refusal. */
async function attempt(url: string, options: RawClient.ConnectOptions) {
  const client = await RawClient.connect(url, options)
  // A refused socket is upgraded, then closed: wait for the close before calling it open.
  const closed = await Promise.race([
    new Promise<{ code: number; reason: string }>((resolve) =>
      client.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    ),
    new Promise<undefined>((resolve) => setTimeout(resolve, 300)),
  ])
  if (closed) return closed
  await client.close()
  return 'open'
}

/** Opens a socket that stays open until the test ends. */
async function hold(url: string, options: RawClient.ConnectOptions) {
  const client = await RawClient.connect(url, options)
  // A refused socket is upgraded, then closed: give the close a moment before calling it open.
  await new Promise((resolve) => setTimeout(resolve, 100))
  cleanups.push(() => client.close())
  return client
}

async function metric(server: Server.Server, name: string): Promise<number> {
  const text = await (await fetch(`${server.url.replace(/^ws/, 'http')}/metrics`)).text()
  return Number(new RegExp(`^${name.replace(/[{}"]/g, '\\$&')} (\\d+)$`, 'm').exec(text)?.[1] ?? 0)
}

const refusals = (reason: string) => `frontdoor_relay_auth_failures_total{reason="${reason}"}`

describe('new sockets per address and minute', () => {
  test('past the limit an address is closed with 1013; another address is served', async () => {
    const server = await relay({ newSocketsPerMinute: 5 })
    const from = { localAddress: '127.0.0.2' }
    const outcomes = []
    for (let i = 0; i < 6; i++) outcomes.push(await attempt(server.url, from))
    expect(outcomes).toEqual(['open', 'open', 'open', 'open', 'open', REFUSED])
    expect(await attempt(server.url, { localAddress: '127.0.0.3' })).toBe('open')
    expect(await metric(server, refusals('new_sockets_per_address'))).toBe(1)
  })

  test('behind a proxy of ours (TRUST_PROXY=1): the address it appended counts, never one the client wrote', async () => {
    const server = await relay({ newSocketsPerMinute: 2 }, {}, { TRUST_PROXY: '1' })
    // The client wrote the first entry (a new one each time); our proxy appended the second.
    const via = (client: string) => ({
      localAddress: '127.0.0.2',
      headers: { 'x-forwarded-for': `${randomBytes(2).join('.')}.1.1, ${client}` },
    })
    expect(await attempt(server.url, via('198.51.100.7'))).toBe('open')
    expect(await attempt(server.url, via('198.51.100.7'))).toBe('open')
    expect(await attempt(server.url, via('198.51.100.7'))).toEqual(REFUSED)
    // Another client behind the same proxy (the same peer) has its own budget.
    expect(await attempt(server.url, via('198.51.100.8'))).toBe('open')
  })

  test('without a proxy of ours X-Forwarded-For is ignored: the peer counts', async () => {
    const server = await relay({ newSocketsPerMinute: 2 })
    const forged = () => ({
      localAddress: '127.0.0.2',
      headers: { 'x-forwarded-for': `198.51.100.${randomBytes(1)[0]}` },
    })
    expect([
      await attempt(server.url, forged()),
      await attempt(server.url, forged()),
      await attempt(server.url, forged()),
    ]).toEqual(['open', 'open', REFUSED])
  })
})

describe('sockets open per address on a node', () => {
  test('past the limit a new socket is closed with 1013; one closed makes room', async () => {
    const server = await relay({ maxSocketsPerAddress: 3 })
    const from = { localAddress: '127.0.0.2' }
    const held = [await hold(server.url, from), await hold(server.url, from), await hold(server.url, from)]
    expect(await attempt(server.url, from)).toEqual(REFUSED)
    expect(await attempt(server.url, { localAddress: '127.0.0.3' })).toBe('open')
    await held[0]!.close()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await attempt(server.url, from)).toBe('open')
    // The held sockets still work.
    expect(await held[1]!.request('irn_subscribe', { topic: 'a'.repeat(64) })).toEqual(expect.any(String))
    expect(await metric(server, refusals('sockets_per_address'))).toBe(1)
  })
})

const skip = TestRedis.unavailable()
describe.skipIf(skip)('on Redis', () => {
  let redis: TestRedis.TestRedis
  beforeAll(async () => {
    redis = await TestRedis.start()
  })
  afterAll(() => redis?.stop())

  test('two nodes draw on one budget of new sockets per address', async () => {
    const prefix = `test:door:${randomBytes(4).toString('hex')}:`
    cleanups.push(async () => {
      const connection = new Redis(redis.url)
      const keys = await connection.keys(`*${prefix}*`)
      if (keys.length) await connection.del(...keys)
      await connection.quit()
    })
    const nodes = [
      await relay({ newSocketsPerMinute: 4 }, { redisPrefix: prefix }, { REDIS_URL: redis.url }),
      await relay({ newSocketsPerMinute: 4 }, { redisPrefix: prefix }, { REDIS_URL: redis.url }),
    ]
    // Each node counts in memory until its rate limiter's Redis connection is up.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const from = { localAddress: '127.0.0.2' }
    const outcomes = []
    for (let i = 0; i < 5; i++) outcomes.push(await attempt(nodes[i % 2]!.url, from))
    expect(outcomes).toEqual(['open', 'open', 'open', 'open', REFUSED])
  })
})
