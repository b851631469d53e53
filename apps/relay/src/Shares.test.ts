import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import * as Config from './Config.js'
import * as RawClient from './RawClient.js'
import * as Server from './Server.js'
import * as TestProjects from './TestProjects.js'
import * as TestRedis from './TestRedis.js'

/**
 * The mailbox's shares: an attacker on one address, with many client ids, publishes long-lived
 * messages to fill the mailbox while an honest dApp sends requests to a wallet that is offline. The
 * attacker fills its address's share and is refused past it; the honest requests are never evicted
 * and all reach the wallet when it comes back. The caps are the defaults scaled down 128 times (the
 * same ratios: a client 1/64 of the mailbox, an address 1/16). Each party has its own loopback
 * address (127.0.0.2-4), as clients on three machines.
 */

const LIMITS: Config.Limits = {
  ...Config.DEFAULT_LIMITS,
  maxMailboxBytes: 2 * 1024 * 1024,
  maxMailboxBytesPerClient: 32 * 1024,
  maxMailboxBytesPerAddress: 128 * 1024,
}
const ADDRESSES = { dapp: '127.0.0.2', wallet: '127.0.0.3', attacker: '127.0.0.4' }
/** Attacker sockets, each its own client id: more than an address's share holds clients' shares. */
const ATTACKERS = 16
const ATTACK_MESSAGE_BYTES = 8 * 1024
/** What the attacker offers in all: twice the whole mailbox. */
const ATTACK_MESSAGES = (2 * LIMITS.maxMailboxBytes) / ATTACK_MESSAGE_BYTES
/** The honest dApp's requests: before the flood, and while it goes on. */
const HONEST_BEFORE = 20
const HONEST_DURING = 20

const topic = () => randomBytes(32).toString('hex')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function metric(server: Server.Server, name: string): Promise<number> {
  const text = await (await fetch(`${server.url.replace(/^ws/, 'http')}/metrics`)).text()
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0)
}

/**
 * The scenario over one or two nodes: the dApp on `nodes[0]`, the wallet on the last, the attacker's
 * sockets spread over all of them.
 */
async function starve(nodes: Server.Server[], label: string) {
  const clients: RawClient.RawClient[] = []
  const connect = async (server: Server.Server, localAddress: string) => {
    const client = await RawClient.connect(server.url, { localAddress })
    clients.push(client)
    return client
  }
  try {
    const session = topic()
    const dapp = await connect(nodes[0]!, ADDRESSES.dapp)
    const honest: string[] = []
    const publishHonest = async (n: number) => {
      const message = `request:${n}:${'r'.repeat(400)}`
      honest.push(message)
      expect(await dapp.call('irn_publish', { topic: session, message, ttl: 300 })).toContain('"result":true')
    }
    for (let i = 0; i < HONEST_BEFORE; i++) await publishHonest(i)

    const attackers = await Promise.all(
      Array.from({ length: ATTACKERS }, (_, i) => connect(nodes[i % nodes.length]!, ADDRESSES.attacker)),
    )
    const outcomes = { stored: 0, storedBytes: 0, refused: 0, other: [] as string[] }
    const refusals = new Set<string>()
    const perAttacker = ATTACK_MESSAGES / ATTACKERS
    const attack = async (attacker: RawClient.RawClient, a: number) => {
      for (let i = 0; i < perAttacker; i++) {
        const message = 'x'.repeat(ATTACK_MESSAGE_BYTES)
        const answer = await attacker.call('irn_publish', { topic: topic(), message, ttl: 30 * 86_400 })
        if (answer.includes('"result":true')) {
          outcomes.stored += 1
          outcomes.storedBytes += message.length
        } else if (answer.includes('-32005')) {
          outcomes.refused += 1
          refusals.add(/"message":"([^"]*)"/.exec(answer)?.[1] ?? answer)
        } else outcomes.other.push(answer)
        // The honest dApp keeps sending meanwhile.
        if (a === 1 && i % Math.ceil(perAttacker / HONEST_DURING) === 0)
          await publishHonest(HONEST_BEFORE + i)
      }
    }
    // One client id alone runs into its own share; then all of them into their address's.
    await attack(attackers[0]!, 0)
    await Promise.all(attackers.slice(1).map((attacker, i) => attack(attacker, i + 1)))

    // The wallet comes online and subscribes: every request is waiting for it.
    const wallet = await connect(nodes[nodes.length - 1]!, ADDRESSES.wallet)
    await wallet.request('irn_subscribe', { topic: session })
    const deadline = Date.now() + 5000
    while (wallet.deliveries.length < honest.length && Date.now() < deadline) await sleep(20)
    await sleep(100)
    const received = wallet.deliveries.map((delivery) => delivery.data.message)
    const evicted = (
      await Promise.all(nodes.map((node) => metric(node, 'frontdoor_relay_mailbox_evicted_total')))
    ).reduce((a, b) => a + b, 0)
    const mailboxBytes = await metric(nodes[0]!, 'frontdoor_relay_mailbox_bytes')

    console.log(
      `shares ${JSON.stringify({
        label,
        attacker: { offered: ATTACK_MESSAGES, ...outcomes, refusals: [...refusals] },
        honest: { sent: honest.length, received: received.length },
        evicted,
        mailboxBytes,
      })}`,
    )

    // The attacker filled its address's share, no more, and was told why.
    expect(outcomes.other).toEqual([])
    expect(outcomes.storedBytes).toBeLessThanOrEqual(LIMITS.maxMailboxBytesPerAddress)
    expect(outcomes.storedBytes).toBeGreaterThan(LIMITS.maxMailboxBytesPerAddress / 2)
    expect([...refusals].sort()).toEqual([
      `Mailbox full: at most ${LIMITS.maxMailboxBytesPerAddress} bytes per address`,
      `Mailbox full: at most ${LIMITS.maxMailboxBytesPerClient} bytes per client`,
    ])
    // Nothing was evicted, and every honest request reached the wallet, in order.
    expect(evicted).toBe(0)
    expect(received).toEqual(honest)
  } finally {
    await Promise.all(clients.map((client) => client.close()))
  }
}

describe('mailbox shares', () => {
  test('in memory: an attacker fills its share, an honest pair loses nothing', async () => {
    const server = await Server.start({
      projects: TestProjects.registry(),
      env: { LOG_LEVEL: 'silent' },
      port: 0,
      config: { limits: LIMITS },
    })
    try {
      await starve([server], 'memory')
    } finally {
      await server.stop()
    }
  }, 60_000)

  const skip = TestRedis.unavailable()
  describe.skipIf(skip)('on Redis', () => {
    let redis: TestRedis.TestRedis
    const prefix = `test:shares:${topic().slice(0, 8)}:`
    const cleanups: (() => Promise<unknown>)[] = []
    beforeAll(async () => {
      redis = await TestRedis.start()
    })
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    })
    afterAll(() => redis?.stop())

    test('two nodes: the shares hold over both, an honest pair loses nothing', async () => {
      cleanups.push(async () => {
        const connection = new Redis(redis.url)
        const keys = await connection.keys(`${prefix}*`)
        if (keys.length) await connection.del(...keys)
        await connection.quit()
      })
      const nodes = await Promise.all(
        [0, 1].map(() =>
          Server.start({
            projects: TestProjects.registry(),
            env: { LOG_LEVEL: 'silent', REDIS_URL: redis.url },
            port: 0,
            config: { limits: LIMITS, redisPrefix: prefix },
          }),
        ),
      )
      cleanups.push(() => Promise.all(nodes.map((node) => node.stop())))
      await starve(nodes, 'redis')
    }, 60_000)
  })
})
