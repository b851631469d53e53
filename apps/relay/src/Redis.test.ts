import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import * as RawClient from './RawClient.js'
import * as RelayRedis from './Redis.js'
import * as RedisMailbox from './RedisMailbox.js'
import * as Server from './Server.js'
import * as TestProjects from './TestProjects.js'
import * as TestRedis from './TestRedis.js'

let messageIds = 0
const nextMessageId = () => ++messageIds

const skip = TestRedis.unavailable()
if (skip) console.warn(skip)

const topic = () => randomBytes(32).toString('hex')
/** The publishers' address (shares are tested apart). */
const ADDRESS = '203.0.113.7'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until<T>(read: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(5)
  }
}

test('Redis reconnection backoff: 100 ms doubling to at most 2 s, less up to a quarter of jitter, never giving up', () => {
  const none = () => 0
  expect([1, 2, 3, 4, 5, 6, 100].map((attempt) => RelayRedis.retryDelay(attempt, none))).toEqual([
    100, 200, 400, 800, 1600, 2000, 2000,
  ])
  expect(RelayRedis.retryDelay(6, () => 1)).toBe(1500)
})

describe.skipIf(skip)('on Redis', () => {
  let redis: TestRedis.TestRedis
  const cleanups: (() => Promise<unknown>)[] = []

  beforeAll(async () => {
    redis = await TestRedis.start()
  })
  afterAll(() => redis?.stop())
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  describe('RedisMailbox', () => {
    test('keeps messages until their TTL, caps a topic, and counts live messages', async () => {
      const connection = new Redis(redis.url)
      cleanups.push(() => connection.quit())
      let time = Date.now()
      const prefix = `test:${topic()}:`
      const mailbox = RedisMailbox.create({
        redis: connection,
        prefix,
        nodeId: 'node-a',
        maxMessagesPerTopic: 3,
        maxBytesPerTopic: 1 << 20,
        maxBytesPerClient: 1 << 20,
        maxBytesPerAddress: 1 << 20,
        maxBytes: 1 << 20,
        now: () => time,
      })
      const [one, two] = [topic(), topic()]
      await mailbox.put(
        one,
        {
          messageId: nextMessageId(),
          data: '{"n":1}',
          publisher: 'did:key:z1',
          expiresAt: time + 1000,
        },
        ADDRESS,
      )
      await mailbox.put(
        one,
        {
          messageId: nextMessageId(),
          data: '{"n":2}',
          publisher: 'did:key:z2',
          expiresAt: time + 60_000,
        },
        ADDRESS,
      )
      await mailbox.put(
        two,
        {
          messageId: nextMessageId(),
          data: '{"n":3}',
          publisher: 'did:key:z1',
          expiresAt: time + 60_000,
        },
        ADDRESS,
      )
      expect(await mailbox.list(one)).toEqual([
        { messageId: expect.any(Number), data: '{"n":1}', publisher: 'did:key:z1', expiresAt: time + 1000 },
        { messageId: expect.any(Number), data: '{"n":2}', publisher: 'did:key:z2', expiresAt: time + 60_000 },
      ])
      expect(await mailbox.size()).toBe(3)
      expect(await mailbox.bytes()).toBe(3 * 17)
      expect(await connection.pttl(RedisMailbox.topicKey(one, prefix))).toBeGreaterThan(59_000)

      time += 1000
      expect((await mailbox.list(one)).map((message) => message.data)).toEqual(['{"n":2}'])
      expect(await mailbox.size()).toBe(2)
      expect(await mailbox.bytes()).toBe(2 * 17)

      const verdicts = []
      for (const n of [4, 5, 6]) {
        verdicts.push(
          await mailbox.put(
            two,
            {
              messageId: nextMessageId(),
              data: `{"n":${n}}`,
              publisher: 'p',
              expiresAt: time + 60_000 + n,
            },
            ADDRESS,
          ),
        )
      }
      // Past the cap a message is refused; what the topic holds stays.
      expect(verdicts).toEqual(['stored', 'stored', 'topic_messages'])
      expect((await mailbox.list(two)).map((message) => message.data)).toEqual([
        '{"n":3}',
        '{"n":4}',
        '{"n":5}',
      ])
      expect(await mailbox.size()).toBe(4)
    })

    test('caps the bytes of a topic, and of all topics for every node by evicting those closest to expiry', async () => {
      const connection = new Redis(redis.url)
      cleanups.push(() => connection.quit())
      let time = Date.now()
      const prefix = `test:${topic()}:`
      const caps = {
        maxMessagesPerTopic: 100,
        maxBytesPerTopic: 25,
        maxBytesPerClient: 1000,
        maxBytesPerAddress: 1000,
        maxBytes: 45,
      }
      const evicted: number[] = []
      const [a, b] = ['node-a', 'node-b'].map((nodeId) =>
        RedisMailbox.create({
          redis: connection,
          prefix,
          nodeId,
          ...caps,
          now: () => time,
          onEvict: (count) => evicted.push(count),
        }),
      )
      const [one, two, three] = [topic(), topic(), topic()]
      const put = (mailbox: typeof a, key: string, data: string, expiresAt = time + 1000) =>
        mailbox!.put(key, { messageId: nextMessageId(), data, publisher: 'p', expiresAt }, ADDRESS)
      expect(await put(a, one, 'one-1....')).toBe('stored')
      expect(await put(b, one, 'one-2....')).toBe('stored')
      expect(await put(a, one, 'one-3....')).toBe('topic_bytes')
      expect(await put(b, two, 'two-1....', time + 500)).toBe('stored')
      expect(await put(a, two, 'two-2....', time + 60_000)).toBe('stored')
      expect(await a!.bytes()).toBe(40)
      // Full: the message closest to expiry (two-1) makes room.
      expect(await put(b, three, 'three-1..', time + 60_000)).toBe('stored')
      expect(evicted).toEqual([1])
      expect((await a!.list(two)).map((message) => message.data)).toEqual(['two-2....'])
      expect(await a!.bytes()).toBe(40)
      expect(await put(a, three, 'x'.repeat(50))).toBe('topic_bytes')
      // A topic key that Redis expires by itself is retired from the totals too.
      time += 1000
      await sleep(1100)
      expect(await connection.exists(RedisMailbox.topicKey(one, prefix))).toBe(0)
      expect(await a!.bytes()).toBe(20)
      expect(await a!.size()).toBe(2)
      expect(evicted).toEqual([1])
    })
    test("refuses a publisher past its client's and its address's share, on every node; expiry and eviction give shares back", async () => {
      const connection = new Redis(redis.url)
      cleanups.push(() => connection.quit())
      let time = Date.now()
      const prefix = `test:${topic()}:`
      const evicted: number[] = []
      const [a, b] = ['node-a', 'node-b'].map((nodeId) =>
        RedisMailbox.create({
          redis: connection,
          prefix,
          nodeId,
          maxMessagesPerTopic: 100,
          maxBytesPerTopic: 1000,
          maxBytesPerClient: 20,
          maxBytesPerAddress: 30,
          maxBytes: 50,
          now: () => time,
          onEvict: (count) => evicted.push(count),
        }),
      )
      // 10 bytes each: 9 of data and the publisher's 1.
      const put = (mailbox: typeof a, publisher: string, address: string, expiresAt = time + 60_000) =>
        mailbox!.put(
          topic(),
          { messageId: nextMessageId(), data: '123456789', publisher, expiresAt },
          address,
        )
      expect(await put(a, 'p', 'A', time + 100)).toBe('stored')
      expect(await put(b, 'p', 'A')).toBe('stored')
      expect(await put(a, 'p', 'A')).toBe('client_bytes')
      expect(await put(b, 'q', 'A')).toBe('stored')
      expect(await put(a, 'r', 'A')).toBe('address_bytes')
      expect(await put(b, 'r', 'B')).toBe('stored')
      expect(await a!.bytes()).toBe(40)
      // An expired message gives its share back.
      time += 100
      expect(await put(a, 'p', 'A')).toBe('stored')
      expect(await put(a, 'p', 'A')).toBe('client_bytes')
      // Full (50): the message closest to expiry is evicted, and gives its share back.
      expect(await put(b, 's', 'B', time + 1000)).toBe('stored')
      expect(await put(a, 't', 'C')).toBe('stored')
      expect(evicted).toEqual([1])
      expect(await put(b, 's', 'B')).toBe('stored')
      expect(await connection.hget(`${prefix}bytes`, 'client:s')).toBe('10')
    })

    test('a ledger entry from before the shares (no client, no address) is retired as before', async () => {
      const connection = new Redis(redis.url)
      cleanups.push(() => connection.quit())
      const time = Date.now()
      const prefix = `test:${topic()}:`
      const old = topic()
      await connection.zadd(`${prefix}ledger`, time - 1, `10\n${old}\nnode.1`)
      await connection.hset(`${prefix}bytes`, old, 10, 'total', 10)
      const mailbox = RedisMailbox.create({
        redis: connection,
        prefix,
        nodeId: 'node-a',
        maxMessagesPerTopic: 100,
        maxBytesPerTopic: 1000,
        maxBytesPerClient: 1000,
        maxBytesPerAddress: 1000,
        maxBytes: 1000,
        now: () => time,
      })
      const fresh = topic()
      const message = {
        messageId: nextMessageId(),
        data: '123456789',
        publisher: 'p',
        expiresAt: time + 1000,
      }
      expect(await mailbox.put(fresh, message, ADDRESS)).toBe('stored')
      // The old entry's bytes are gone from its topic and the total; the new one counts everywhere.
      expect(await connection.hgetall(`${prefix}bytes`)).toEqual({
        total: '10',
        [fresh]: '10',
        'client:p': '10',
        [`address:${ADDRESS}`]: '10',
      })
      expect(await connection.zcard(`${prefix}ledger`)).toBe(1)
    })
  })

  describe('two relay nodes', () => {
    async function node() {
      const server = await Server.start({
        projects: TestProjects.registry(),
        env: { LOG_LEVEL: 'silent', REDIS_URL: redis.url },
        port: 0,
      })
      cleanups.push(() => server.stop())
      return server
    }
    async function connect(server: Server.Server) {
      const client = await RawClient.connect(server.url)
      cleanups.push(() => client.close())
      return client
    }

    test('a publish on one node reaches subscribers on the other, never the publisher', async () => {
      const [a, b] = await Promise.all([node(), node()])
      const [dapp, wallet, walletOnA] = await Promise.all([connect(a), connect(b), connect(a)])
      const shared = topic()
      for (const client of [dapp, wallet, walletOnA]) await client.request('irn_subscribe', { topic: shared })
      await dapp.request('irn_publish', { topic: shared, message: 'across', ttl: 60, tag: 1108 })
      expect((await until(() => wallet.deliveries[0])).data).toMatchObject({
        topic: shared,
        message: 'across',
        tag: 1108,
      })
      expect((await until(() => walletOnA.deliveries[0])).data.message).toBe('across')
      await sleep(100)
      expect(dapp.deliveries).toEqual([])
      expect(wallet.deliveries).toHaveLength(1)
      expect(walletOnA.deliveries).toHaveLength(1)
    })

    test('the mailbox is shared: a message published on one node is delivered on subscribe to the other', async () => {
      const [a, b] = await Promise.all([node(), node()])
      const dapp = await connect(a)
      const shared = topic()
      await dapp.request('irn_publish', { topic: shared, message: 'stored', ttl: 60 })
      const wallet = await connect(b)
      await wallet.request('irn_batchSubscribe', { topics: [shared] })
      expect((await until(() => wallet.deliveries[0])).data.message).toBe('stored')
      const metrics = await (await fetch(`${b.url.replace(/^ws/, 'http')}/metrics`)).text()
      expect(metrics).toMatch(/frontdoor_relay_mailbox_messages [1-9]/)
    })

    test('wc_proposeSession on one node reaches a wallet on the other, and the sender hears the answer', async () => {
      const [a, b] = await Promise.all([node(), node()])
      const [dapp, wallet] = await Promise.all([connect(a), connect(b)])
      const [pairing, session] = [topic(), topic()]
      await wallet.request('irn_subscribe', { topic: pairing })
      await dapp.request('wc_proposeSession', { pairingTopic: pairing, sessionProposal: 'proposal' })
      expect((await until(() => wallet.deliveries[0])).data).toMatchObject({ message: 'proposal', tag: 1100 })
      await wallet.request('wc_approveSession', {
        pairingTopic: pairing,
        sessionTopic: session,
        sessionProposalResponse: 'response',
        sessionSettlementRequest: 'settle',
      })
      expect((await until(() => dapp.deliveries[0])).data).toMatchObject({ message: 'response', tag: 1101 })
    })

    test.skipIf(!TestRedis.installed())(
      'a node that loses Redis answers /readyz with 503 and /healthz (liveness) with 200',
      async () => {
        const own = await TestRedis.start({ throwaway: true })
        cleanups.push(() => own.stop())
        const server = await Server.start({
          projects: TestProjects.registry(),
          env: { LOG_LEVEL: 'silent', REDIS_URL: own.url },
          port: 0,
        })
        cleanups.push(() => server.stop())
        const status = (path: string) =>
          fetch(`${server.url.replace(/^ws/, 'http')}${path}`).then((r) => r.status)
        const deadline = Date.now() + 3000
        while ((await status('/readyz')) !== 200) {
          if (Date.now() > deadline) throw new Error('never ready')
          await sleep(20)
        }
        expect(await status('/healthz')).toBe(200)
        await own.stop()
        while ((await status('/readyz')) !== 503) {
          if (Date.now() > deadline + 3000) throw new Error('still ready without Redis')
          await sleep(20)
        }
        expect(await status('/healthz')).toBe(200)
        // A socket opened meanwhile is refused with 1013 (try again later).
        expect(await RawClient.refused(`${server.url}/?projectId=demo`)).toEqual(Server.REDIS_UNAVAILABLE)
        const metrics = await (await fetch(`${server.url.replace(/^ws/, 'http')}/metrics`)).text()
        expect(metrics).toContain('frontdoor_relay_redis_up 0')
        expect(metrics).toMatch(/frontdoor_relay_redis_outages_total [1-9]/)
      },
    )

    test.skipIf(!TestRedis.installed())(
      'a message announced while a node had no subscriber connection is delivered from the mailbox once it is back',
      async () => {
        const own = await TestRedis.faultServer()
        cleanups.push(() => own.stop())
        const start = () =>
          Server.start({
            projects: TestProjects.registry(),
            env: { LOG_LEVEL: 'silent', REDIS_URL: own.url },
            port: 0,
          })
        const [a, b] = await Promise.all([start(), start()])
        cleanups.push(
          () => a.stop(),
          () => b.stop(),
        )
        const [publisher, listener] = await Promise.all([connect(a), connect(b)])
        const shared = topic()
        await listener.request('irn_subscribe', { topic: shared })
        // B's subscriber connection killed (and again, should it come back) until A stored the message.
        expect(await own.clientKill('TYPE', 'pubsub')).toBe(1)
        await publisher.request('irn_publish', { topic: shared, message: 'unheard', ttl: 60 })
        await own.clientKill('TYPE', 'pubsub')
        expect((await until(() => listener.deliveries[0], 5000)).data.message).toBe('unheard')
        await sleep(200)
        expect(listener.deliveries).toHaveLength(1)
      },
    )

    test('after its last subscriber leaves, a node stops listening to the topic', async () => {
      const a = await node()
      const client = await connect(a)
      const shared = topic()
      await client.request('irn_subscribe', { topic: shared })
      const probe = new Redis(redis.url)
      cleanups.push(() => probe.quit())
      const channel = RedisMailbox.channel(shared)
      expect(await probe.pubsub('NUMSUB', channel)).toEqual([channel, 1])
      await client.request('irn_unsubscribe', { topic: shared })
      await sleep(50)
      expect(await probe.pubsub('NUMSUB', channel)).toEqual([channel, 0])
    })
  })
})
