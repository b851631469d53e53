import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import * as Config from './Config.js'
import * as RawClient from './RawClient.js'
import * as Server from './Server.js'
import * as TestProjects from './TestProjects.js'
import * as TestRedis from './TestRedis.js'

/**
 * One node flooded by attacker sockets (subscriptions, batches, publishes to many topics, large
 * messages) until every cap trips, while an honest pair on the same node keeps exchanging messages.
 * Bounded: FLOOD_MS of flood at each attacker's rate limit, on loopback.
 */

const FLOOD_MS = 3000
/** How long the flood may go on while some cap has not tripped yet (a loaded machine sends less). */
const FLOOD_MAX_MS = 20_000
/** The caps the flood must trip. */
const CAPS = ['subscriptions_per_socket', 'batch_topics', 'mailbox_topic_messages', 'mailbox_topic_bytes']
/** The refusal counter of a cap in /metrics. */
const refusalMetric = (limit: string) => `frontdoor_relay_limit_refusals_total{limit="${limit}"}`
const ATTACKERS = 8
/** Each attacker's publishes per 10 ms tick: 400/s, under the default 500/s rate limit. */
const PUBLISHES_PER_TICK = 4
const PING_EVERY_MS = 20
/** The slowest round trip (ping, pong) the honest pair may see. */
const MAX_ROUND_TRIP_MS = 1500

const LIMITS: Config.Limits = {
  ...Config.DEFAULT_LIMITS,
  maxSubscriptionsPerSocket: 1000,
  maxMailboxMessagesPerTopic: 50,
  maxMailboxBytesPerTopic: 256 * 1024,
  maxMailboxBytes: 4 * 1024 * 1024,
}

const topic = () => randomBytes(32).toString('hex')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function metric(server: Server.Server, name: string): Promise<number> {
  const text = await (await fetch(`${server.url.replace(/^ws/, 'http')}/metrics`)).text()
  const match = new RegExp(`^${name.replace(/[{}"]/g, '\\$&')} (\\d+)$`, 'm').exec(text)
  return Number(match?.[1] ?? 0)
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0

async function flood(server: Server.Server, label: string) {
  const clients: RawClient.RawClient[] = []
  const connect = async () => {
    const client = await RawClient.connect(server.url)
    clients.push(client)
    return client
  }
  try {
    // The honest pair: the dApp pings on its session topic, the wallet answers each ping.
    const [dapp, wallet] = await Promise.all([connect(), connect()])
    const session = topic()
    await Promise.all([dapp, wallet].map((client) => client.request('irn_subscribe', { topic: session })))
    wallet.onDelivery(({ data }) => {
      if (data.message.startsWith('ping:'))
        wallet.call('irn_publish', { topic: session, message: `pong:${data.message.slice(5)}`, ttl: 300 })
    })
    const sentAt = new Map<string, number>()
    const roundTrips: number[] = []
    const honestErrors: string[] = []
    dapp.onDelivery(({ data }) => {
      const sent = sentAt.get(data.message.slice(5))
      if (sent !== undefined) roundTrips.push(Date.now() - sent)
    })

    const attackers = await Promise.all(Array.from({ length: ATTACKERS }, connect))

    // Subscriptions: batches up to the socket's cap, one batch too long, one fetch with repeats.
    const subscribed = await Promise.all(
      attackers.map(async (attacker) => {
        const answers: string[] = []
        for (let i = 0; i < 3; i++)
          answers.push(
            await attacker.call('irn_batchSubscribe', {
              topics: Array.from({ length: LIMITS.maxBatchTopics }, topic),
            }),
          )
        answers.push(
          await attacker.call('irn_batchSubscribe', {
            topics: Array.from({ length: LIMITS.maxBatchTopics + 1 }, topic),
          }),
        )
        answers.push(await attacker.call('irn_batchFetchMessages', { topics: Array(500).fill(session) }))
        return answers
      }),
    )
    for (const answers of subscribed) {
      expect(answers.slice(0, 2).every((answer) => answer.includes('"result"'))).toBe(true)
      expect(answers[2]).toContain('Too many subscriptions')
      expect(answers[3]).toContain(`at most ${LIMITS.maxBatchTopics}`)
      expect(answers[4]).toContain('duplicate topic')
    }

    // Publishes: a hot topic of small messages, a hot topic of large ones, and fresh topics.
    const hotSmall = topic()
    const hotLarge = topic()
    const outcomes = { ok: 0, mailboxFull: 0, rateLimited: 0, other: 0 }
    const pending: Promise<void>[] = []
    let sent = 0
    let sentBytes = 0
    let maxMailboxBytes = 0
    const publish = (attacker: RawClient.RawClient, n: number) => {
      const [to, size] =
        n % 10 === 0 ? [hotSmall, 100] : n % 10 === 1 ? [hotLarge, 64 * 1024] : [topic(), 8 * 1024]
      const message = 'x'.repeat(size)
      sent += 1
      sentBytes += size
      pending.push(
        attacker.call('irn_publish', { topic: to, message, ttl: 86_400 }).then((answer) => {
          if (answer.includes('"result":true')) outcomes.ok += 1
          else if (answer.includes('-32005')) outcomes.mailboxFull += 1
          else if (answer.includes('3001')) outcomes.rateLimited += 1
          else outcomes.other += 1
        }),
      )
    }
    const started = Date.now()
    let tick = 0
    let ping = 0
    const memoryBefore = process.memoryUsage().heapUsed
    // At least FLOOD_MS; on a slow machine longer (up to FLOOD_MAX_MS), until every cap has tripped.
    let tripped = false
    while (Date.now() - started < FLOOD_MS || (!tripped && Date.now() - started < FLOOD_MAX_MS)) {
      for (const attacker of attackers)
        for (let i = 0; i < PUBLISHES_PER_TICK; i++) publish(attacker, tick * PUBLISHES_PER_TICK + i)
      if ((tick * 10) % PING_EVERY_MS === 0) {
        const n = String(ping++)
        sentAt.set(n, Date.now())
        dapp.call('irn_publish', { topic: session, message: `ping:${n}`, ttl: 300 }).then((answer) => {
          if (!answer.includes('"result":true')) honestErrors.push(answer)
        })
      }
      if (tick % 10 === 0) {
        maxMailboxBytes = Math.max(maxMailboxBytes, await metric(server, 'frontdoor_relay_mailbox_bytes'))
        tripped = (await Promise.all(CAPS.map((limit) => metric(server, refusalMetric(limit))))).every(
          (n) => n > 0,
        )
      }
      tick += 1
      await sleep(10)
    }
    await Promise.all(pending)
    const elapsedS = (Date.now() - started) / 1000
    const deadline = Date.now() + 3000
    while (roundTrips.length < ping && Date.now() < deadline) await sleep(10)
    maxMailboxBytes = Math.max(maxMailboxBytes, await metric(server, 'frontdoor_relay_mailbox_bytes'))

    const refusals = Object.fromEntries(
      await Promise.all(CAPS.map(async (limit) => [limit, await metric(server, refusalMetric(limit))])),
    )
    const evicted = await metric(server, 'frontdoor_relay_mailbox_evicted_total')
    const figures = {
      label,
      attackerMessagesPerS: Math.round(sent / elapsedS),
      attackerMBPerS: Number((sentBytes / elapsedS / 2 ** 20).toFixed(1)),
      outcomes,
      refusals,
      evicted,
      maxMailboxBytes,
      capBytes: LIMITS.maxMailboxBytes,
      honest: {
        pings: ping,
        pongs: roundTrips.length,
        p50Ms: percentile(roundTrips, 50),
        p99Ms: percentile(roundTrips, 99),
        maxMs: Math.max(...roundTrips),
        errors: honestErrors.length,
      },
      heapGrowthMB: Number(((process.memoryUsage().heapUsed - memoryBefore) / 2 ** 20).toFixed(1)),
    }
    console.log(`flood ${JSON.stringify(figures)}`)

    // Every cap tripped.
    for (const [limit, count] of Object.entries(refusals)) expect(count, limit).toBeGreaterThan(0)
    expect(evicted).toBeGreaterThan(0)
    expect(outcomes.other).toBe(0)
    // The mailbox stayed under its total.
    expect(maxMailboxBytes).toBeLessThanOrEqual(LIMITS.maxMailboxBytes)
    // The honest pair was served: every ping answered, none refused, in bounded time.
    expect(honestErrors).toEqual([])
    expect(roundTrips).toHaveLength(ping)
    expect(Math.max(...roundTrips)).toBeLessThan(MAX_ROUND_TRIP_MS)
    // And the node still serves a newcomer.
    expect((await fetch(`${server.url.replace(/^ws/, 'http')}/healthz`)).status).toBe(200)
    const late = await connect()
    await late.request('irn_subscribe', { topic: session })
    await dapp.request('irn_publish', { topic: session, message: 'after the flood', ttl: 300 })
    const deadlineLate = Date.now() + 2000
    while (!late.deliveries.some((d) => d.data.message === 'after the flood') && Date.now() < deadlineLate)
      await sleep(10)
    expect(late.deliveries.map((d) => d.data.message)).toContain('after the flood')
  } finally {
    await Promise.all(clients.map((client) => client.close()))
  }
}

describe('flood', () => {
  test('in memory: one node flooded keeps serving an honest pair, the mailbox under its cap', async () => {
    const server = await Server.start({
      projects: TestProjects.registry(),
      env: { LOG_LEVEL: 'silent' },
      port: 0,
      config: { limits: LIMITS },
    })
    try {
      await flood(server, 'memory')
    } finally {
      await server.stop()
    }
  }, 60_000)

  const skip = TestRedis.unavailable()
  describe.skipIf(skip)('on Redis', () => {
    let redis: TestRedis.TestRedis
    const prefix = `test:flood:${topic().slice(0, 8)}:`
    const cleanups: (() => Promise<unknown>)[] = []
    beforeAll(async () => {
      redis = await TestRedis.start()
    })
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    })
    afterAll(() => redis?.stop())

    test('a Redis node flooded keeps serving an honest pair, the shared mailbox under its cap', async () => {
      const server = await Server.start({
        projects: TestProjects.registry(),
        env: { LOG_LEVEL: 'silent', REDIS_URL: redis.url },
        port: 0,
        config: { limits: LIMITS, redisPrefix: prefix },
      })
      cleanups.push(async () => {
        const connection = new Redis(redis.url)
        const keys = await connection.keys(`${prefix}*`)
        if (keys.length) await connection.del(...keys)
        await connection.quit()
      })
      cleanups.push(() => server.stop())
      await flood(server, 'redis')
    }, 60_000)
  })
})
