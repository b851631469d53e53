import { randomUUID } from 'node:crypto'
import * as RelayAuth from '@walletconnect/relay-auth'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import * as Config from './Config.js'
import * as RawClient from './RawClient.js'
import * as Server from './Server.js'
import * as TestProjects from './TestProjects.js'
import * as TestRedis from './TestRedis.js'

/**
 * Delivery that honours acks and receipts, on one in-memory relay and on Redis-backed relays (where it
 * also outlives a restart), and the fetch methods with their paging.
 */

const TOPIC = 'c'.repeat(64)
const OTHER_TOPIC = 'd'.repeat(64)
const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

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

type Backend = { redisUrl?: string; redisPrefix?: string }

async function relay(
  backend: Backend,
  config: Partial<Config.Config> = {},
  port = 0,
): Promise<Server.Server> {
  const server = await Server.start({
    env: { LOG_LEVEL: 'silent', ...(backend.redisUrl ? { REDIS_URL: backend.redisUrl } : {}) },
    port,
    config: { ...config, ...(backend.redisPrefix ? { redisPrefix: backend.redisPrefix } : {}) },
    projects: TestProjects.registry(),
  })
  cleanups.push(() => server.stop())
  return server
}

async function connect(server: Server.Server, options: RawClient.ConnectOptions = {}) {
  const client = await RawClient.connect(server.url, options)
  cleanups.push(() => client.close())
  return client
}

const messages = (client: RawClient.RawClient) => client.deliveries.map((delivery) => delivery.data.message)

/** Subscribes and waits until `count` deliveries arrived, then a little longer for any extra one. */
async function subscribeAndReceive(client: RawClient.RawClient, count: number): Promise<string[]> {
  await client.request('irn_subscribe', { topic: TOPIC })
  await until(() => (client.deliveries.length >= count ? true : undefined))
  await sleep(100)
  return messages(client)
}

function deliveryTests(backend: () => Backend) {
  test('a message acked on one socket is not delivered again to that client id on its next socket; other clients still get it', async () => {
    const server = await relay(backend())
    const dapp = await connect(server)
    const keyPair = RelayAuth.generateKeyPair()
    const wallet = await connect(server, { keyPair })
    await wallet.request('irn_subscribe', { topic: TOPIC })
    await dapp.request('irn_publish', { topic: TOPIC, message: 'one', ttl: 300 })
    await until(() => wallet.deliveries[0])
    await wallet.close()
    await dapp.request('irn_publish', { topic: TOPIC, message: 'two', ttl: 300 })

    // The same client id on a new socket (a new JWT, as after a reconnect).
    const again = await connect(server, { keyPair })
    expect(await subscribeAndReceive(again, 1)).toEqual(['two'])
    // Another client still gets both until their TTL.
    expect(await subscribeAndReceive(await connect(server), 2)).toEqual(['one', 'two'])
  })

  test('a message that was delivered but not acked is delivered again', async () => {
    const server = await relay(backend())
    const dapp = await connect(server)
    const keyPair = RelayAuth.generateKeyPair()
    const wallet = await connect(server, { keyPair, ack: false })
    expect(await subscribeAndReceive(wallet, 0)).toEqual([])
    await dapp.request('irn_publish', { topic: TOPIC, message: 'one', ttl: 300 })
    await until(() => wallet.deliveries[0])
    await wallet.close()
    expect(await subscribeAndReceive(await connect(server, { keyPair }), 1)).toEqual(['one'])
  })

  test('irn_fetchMessages pages through what the client has not received', async () => {
    // Room for two of these messages per answer.
    const server = await relay(backend(), { limits: { ...Config.DEFAULT_LIMITS, maxFetchBytes: 400 } })
    const dapp = await connect(server)
    for (const n of [1, 2, 3])
      await dapp.request('irn_publish', { topic: TOPIC, message: `message ${n}`, ttl: 300, tag: 1108 })
    const wallet = await connect(server)
    type Page = {
      messages: { topic: string; message: string; publishedAt: number; tag: number; messageId: number }[]
      hasMore: boolean
    }
    const first = await wallet.request<Page>('irn_fetchMessages', { topic: TOPIC })
    expect(first.hasMore).toBe(true)
    expect(first.messages.map((m) => m.message)).toEqual(['message 1', 'message 2'])
    expect(first.messages[0]).toEqual({
      topic: TOPIC,
      message: 'message 1',
      publishedAt: expect.any(Number),
      tag: 1108,
      messageId: expect.any(Number),
    })
    expect(Number.isSafeInteger(first.messages[0]!.messageId)).toBe(true)
    const second = await wallet.request<Page>('irn_fetchMessages', { topic: TOPIC })
    expect({ hasMore: second.hasMore, messages: second.messages.map((m) => m.message) }).toEqual({
      hasMore: false,
      messages: ['message 3'],
    })
    expect(await wallet.request<Page>('irn_fetchMessages', { topic: TOPIC })).toEqual({
      messages: [],
      hasMore: false,
    })
    // Fetched counts as received: subscribing brings none of them again.
    expect(await subscribeAndReceive(wallet, 0)).toEqual([])
    // The publisher never fetches its own messages.
    expect(await dapp.request<Page>('irn_fetchMessages', { topic: TOPIC })).toEqual({
      messages: [],
      hasMore: false,
    })
  })

  test('irn_batchReceive receipts (messageId or message_id, number or string) stop deliveries of those messages', async () => {
    const server = await relay(backend())
    const dapp = await connect(server)
    for (const n of [1, 2, 3, 4])
      await dapp.request('irn_publish', { topic: TOPIC, message: `m${n}`, ttl: 300 })
    await dapp.request('irn_publish', { topic: OTHER_TOPIC, message: 'other', ttl: 300 })
    const watcher = await connect(server)
    const all = await watcher.request<{ messages: { message: string; messageId: number }[] }>(
      'irn_batchFetchMessages',
      { topics: [TOPIC, OTHER_TOPIC] },
    )
    expect(all.messages.map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'other'])
    const id = (message: string) => all.messages.find((m) => m.message === message)!.messageId

    const wallet = await connect(server)
    expect(
      await wallet.request('irn_batchReceive', {
        receipts: [
          { topic: TOPIC, messageId: id('m1') },
          { topic: TOPIC, messageId: String(id('m2')) },
          { topic: TOPIC, message_id: id('m3') },
        ],
      }),
    ).toBe(true)
    expect(await subscribeAndReceive(wallet, 1)).toEqual(['m4'])
    await expect(wallet.request('irn_batchReceive', { receipts: [{ topic: TOPIC }] })).rejects.toThrow(
      /messageId/,
    )
    await expect(
      wallet.request('irn_batchReceive', { receipts: [{ topic: TOPIC, messageId: '12345678901234567890' }] }),
    ).rejects.toThrow(/Invalid params/)
  })
}

describe('in memory', () => {
  deliveryTests(() => ({}))
})

const skip = TestRedis.unavailable()
if (skip) console.warn(skip)

describe.skipIf(skip)('on Redis', () => {
  let redis: TestRedis.TestRedis
  let prefix = ''
  beforeAll(async () => {
    redis = await TestRedis.start()
  })
  afterAll(() => redis?.stop())
  afterEach(() => {
    prefix = ''
  })
  const backend = () => {
    prefix ||= `test:${randomUUID()}:`
    return { redisUrl: redis.url, redisPrefix: prefix }
  }

  deliveryTests(backend)

  test('an acked message stays received across a relay restart; an unacked one comes again', async () => {
    const first = await relay(backend())
    const dapp = await connect(first)
    const [acking, silent] = [RelayAuth.generateKeyPair(), RelayAuth.generateKeyPair()]
    const wallet = await connect(first, { keyPair: acking })
    const idle = await connect(first, { keyPair: silent, ack: false })
    for (const client of [wallet, idle]) await client.request('irn_subscribe', { topic: TOPIC })
    await dapp.request('irn_publish', { topic: TOPIC, message: 'before', ttl: 300 })
    await until(() => (wallet.deliveries[0] && idle.deliveries[0] ? true : undefined))
    await sleep(50)
    await first.stop()

    // A new relay process on the same Redis: nothing in memory.
    const second = await relay(backend(), {}, first.port)
    expect(await subscribeAndReceive(await connect(second, { keyPair: acking }), 0)).toEqual([])
    expect(await subscribeAndReceive(await connect(second, { keyPair: silent }), 1)).toEqual(['before'])
  })

  test('a receipt recorded on one node holds on another', async () => {
    const prefixed = backend()
    const [a, b] = [await relay(prefixed), await relay(prefixed)]
    const dapp = await connect(a)
    const keyPair = RelayAuth.generateKeyPair()
    const wallet = await connect(a, { keyPair })
    await wallet.request('irn_subscribe', { topic: TOPIC })
    await dapp.request('irn_publish', { topic: TOPIC, message: 'once', ttl: 300 })
    await until(() => wallet.deliveries[0])
    await sleep(50)
    expect(await subscribeAndReceive(await connect(b, { keyPair }), 0)).toEqual([])
    expect(await subscribeAndReceive(await connect(b), 1)).toEqual(['once'])
  })
})
