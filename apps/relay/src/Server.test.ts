import { Writable } from 'node:stream'
import * as RelayAuth from '@walletconnect/relay-auth'
import pino from 'pino'
import { afterEach, describe, expect, test } from 'vitest'
import * as Config from './Config.js'
import * as DeliveryLatency from './DeliveryLatency.js'
import * as RawClient from './RawClient.js'
import * as Relay from './Relay.js'
import * as Server from './Server.js'
import * as TestProjects from './TestProjects.js'

const TOPIC = 'a'.repeat(64)
const SESSION_TOPIC = 'b'.repeat(64)
const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function relay(config: Partial<Config.Config> = {}): Promise<Server.Server> {
  const server = await Server.start({
    projects: TestProjects.registry(),
    env: { LOG_LEVEL: 'silent' },
    port: 0,
    config,
  })
  cleanups.push(() => server.stop())
  return server
}

async function connect(server: Server.Server, options: RawClient.ConnectOptions = {}) {
  const client = await RawClient.connect(server.url, options)
  cleanups.push(() => client.close())
  return client
}

const http = (server: Server.Server) => server.url.replace(/^ws/, 'http')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until<T>(read: () => T | undefined, timeoutMs = 2000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(5)
  }
}

describe('http', () => {
  test('/healthz, /readyz, /metrics and 404', async () => {
    const server = await relay()
    const health = await fetch(`${http(server)}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${http(server)}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready' })
    const metrics = await (await fetch(`${http(server)}/metrics`)).text()
    for (const name of [
      'frontdoor_relay_sockets 0',
      'frontdoor_relay_subscriptions 0',
      'frontdoor_relay_mailbox_messages 0',
      'frontdoor_relay_messages_out_total 0',
    ]) {
      expect(metrics).toContain(name)
    }
    expect((await fetch(`${http(server)}/nope`)).status).toBe(404)
  })
})

describe('auth', () => {
  test('a socket without a JWT is closed with 3000', async () => {
    const server = await relay()
    expect(await RawClient.refused(`${server.url}/?projectId=x`)).toEqual({
      code: 3000,
      reason: 'Unauthorized: missing',
    })
  })

  test('an expired JWT, one for another relay, or a forged signature get 3000', async () => {
    const server = await relay()
    const keyPair = RelayAuth.generateKeyPair()
    const expired = await RawClient.jwt(server.url, {
      keyPair,
      iatS: Math.floor(Date.now() / 1000) - 86_400 - 600,
    })
    const elsewhere = await RawClient.jwt('wss://relay.walletconnect.org', { keyPair })
    const [header, payload] = (await RawClient.jwt(server.url, { keyPair })).split('.')
    const forged = `${header}.${payload}.${(await RawClient.jwt(server.url)).split('.')[2]}`
    const reasons = await Promise.all(
      [expired, elsewhere, forged].map((token) => RawClient.refused(`${server.url}/?auth=${token}`)),
    )
    expect(reasons).toEqual([
      { code: 3000, reason: 'Unauthorized: expired' },
      { code: 3000, reason: 'Unauthorized: audience' },
      { code: 3000, reason: 'Unauthorized: signature' },
    ])
    const metrics = await (await fetch(`${http(server)}/metrics`)).text()
    expect(metrics).toContain('frontdoor_relay_auth_failures_total{reason="expired"} 1')
  })

  test("a JWT issued in the future (the client's clock ahead): the hosted relay's 'not yet valid' words", async () => {
    const server = await relay()
    const ahead = await RawClient.jwt(server.url, { iatS: Math.floor(Date.now() / 1000) + 3600 })
    expect(await RawClient.refused(`${server.url}/?auth=${ahead}`)).toEqual({
      code: 3000,
      reason: 'JWT validation error: JWT Token is not yet valid',
    })
  })

  test('the public RELAY_URL is an accepted audience too', async () => {
    const server = await relay({ publicUrl: 'wss://relay.example.com' })
    const token = await RawClient.jwt('wss://relay.example.com')
    const client = await connect(server, { token })
    expect(await client.request('irn_subscribe', { topic: TOPIC })).toEqual(expect.any(String))
  })
})

describe('logs', () => {
  test('no log line carries a JWT: the socket URL is logged with ?auth= redacted', async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean))
        done()
      },
    })
    const server = await Server.start({
      projects: TestProjects.registry(),
      env: {},
      port: 0,
      logger: pino({ level: 'trace' }, sink),
    })
    cleanups.push(() => server.stop())
    const keyPair = RelayAuth.generateKeyPair()
    const good = await RawClient.jwt(server.url, { keyPair })
    const expired = await RawClient.jwt(server.url, { iatS: Math.floor(Date.now() / 1000) - 3 * 86_400 })
    const client = await connect(server, { token: good, keyPair })
    await client.request('irn_subscribe', { topic: TOPIC })
    await client.call('irn_nothing', { auth: good })
    await RawClient.refused(`${server.url}/?auth=${expired}&projectId=demo`)
    await client.close()
    await sleep(50)
    const refused = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'socket refused')
    expect(refused).toMatchObject({ reason: 'expired', url: '/?auth=[redacted]&projectId=demo' })
    const opened = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'socket open')
    expect(opened.url).toBe('/?auth=[redacted]&projectId=demo')
    for (const line of lines) {
      for (const token of [good, expired]) {
        expect(line).not.toContain(token)
        expect(line).not.toContain(token.split('.')[2])
      }
    }
  })
})

describe('protocol', () => {
  test('responses echo 19-digit ids exactly, and string ids as strings', async () => {
    const server = await relay()
    const client = await connect(server)
    const response = await client.call('irn_subscribe', { topic: TOPIC })
    expect(response).toMatch(/^\{"id":17000000000000000\d\d,"jsonrpc":"2.0","result":"[0-9a-f]{64}"\}$/)
    const text = await new Promise<string>((resolve) => {
      client.socket.once('message', (raw) => resolve(raw.toString()))
      client.socket.send(
        `{"id":"1712345678901234567","jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"${TOPIC}","id":"x"}}`,
      )
    })
    expect(text).toBe('{"id":"1712345678901234567","jsonrpc":"2.0","result":true}')
  })

  test('subscribe answers the id sign-client computes: sha256(topic + clientId)', async () => {
    const server = await relay()
    const client = await connect(server)
    expect(await client.request('irn_subscribe', { topic: TOPIC })).toBe(
      Relay.subscriptionId(TOPIC, client.clientId),
    )
    expect(await client.request('irn_batchSubscribe', { topics: [TOPIC, SESSION_TOPIC] })).toEqual([
      Relay.subscriptionId(TOPIC, client.clientId),
      Relay.subscriptionId(SESSION_TOPIC, client.clientId),
    ])
  })

  test('a publish reaches the other subscribers, never the publisher', async () => {
    const server = await relay()
    const [dapp, wallet, other] = await Promise.all([connect(server), connect(server), connect(server)])
    for (const client of [dapp, wallet]) await client.request('irn_subscribe', { topic: TOPIC })
    await other.request('irn_subscribe', { topic: SESSION_TOPIC })
    const before = Date.now()
    const timed = async () =>
      DeliveryLatency.scrape(await (await fetch(`${http(server)}/metrics`)).text()).at(-1)
    expect(await timed()).toBe(0)
    expect(
      await dapp.request('irn_publish', {
        topic: TOPIC,
        message: 'hello',
        ttl: 300,
        tag: 1108,
        prompt: true,
      }),
    ).toBe(true)
    const delivery = await until(() => wallet.deliveries[0])
    expect(delivery.subscriptionId).toBe(Relay.subscriptionId(TOPIC, wallet.clientId))
    // The request id is the message id: at most 2^53, so JavaScript clients ack it as a number.
    expect(Number.isSafeInteger(Number(delivery.id))).toBe(true)
    expect(delivery.data).toEqual({
      topic: TOPIC,
      message: 'hello',
      publishedAt: expect.any(Number),
      tag: 1108,
      messageId: Number(delivery.id),
    })
    expect(delivery.data.publishedAt).toBeGreaterThanOrEqual(before)
    await sleep(50)
    expect(dapp.deliveries).toEqual([])
    expect(other.deliveries).toEqual([])
    const metrics = await (await fetch(`${http(server)}/metrics`)).text()
    expect(metrics).toContain('frontdoor_relay_messages_in_total{method="response"} 1')
    expect(metrics).toContain('frontdoor_relay_messages_out_total 1')
    expect(metrics).toContain('frontdoor_relay_subscriptions 3')
    // The one delivery, timed from the publish's arrival to its write.
    expect(await timed()).toBe(1)
  })

  test('the mailbox delivers earlier publishes on (batch)subscribe until their TTL', async () => {
    const server = await relay()
    const dapp = await connect(server)
    await dapp.request('irn_publish', { topic: TOPIC, message: 'kept', ttl: 300 })
    await dapp.request('irn_publish', { topic: SESSION_TOPIC, message: 'brief', ttl: 1 })
    const early = await connect(server)
    await early.request('irn_batchSubscribe', { topics: [TOPIC, SESSION_TOPIC] })
    await until(() => (early.deliveries.length === 2 ? true : undefined))
    expect(early.deliveries.map((delivery) => delivery.data.message).sort()).toEqual(['brief', 'kept'])
    // The publisher gets nothing back, even when it subscribes after publishing.
    await dapp.request('irn_subscribe', { topic: TOPIC })
    await sleep(1100)
    const late = await connect(server)
    await late.request('irn_batchSubscribe', { topics: [TOPIC, SESSION_TOPIC] })
    await until(() => late.deliveries[0])
    await sleep(50)
    expect(late.deliveries.map((delivery) => delivery.data.message)).toEqual(['kept'])
    expect(dapp.deliveries).toEqual([])
    // Fetching gives what a client has not received: nothing to `late`, which acked it.
    const fetched = (client: RawClient.RawClient) =>
      client
        .request('irn_batchFetchMessages', { topics: [TOPIC] })
        .then((r) => (r as { messages: unknown[] }).messages)
    expect(await fetched(late)).toHaveLength(0)
    expect(await fetched(await connect(server))).toHaveLength(1)
  })

  test('unsubscribe stops deliveries', async () => {
    const server = await relay()
    const [dapp, wallet] = await Promise.all([connect(server), connect(server)])
    const id = await wallet.request<string>('irn_subscribe', { topic: TOPIC })
    expect(await wallet.request('irn_unsubscribe', { topic: TOPIC, id })).toBe(true)
    await dapp.request('irn_publish', { topic: TOPIC, message: 'gone', ttl: 300 })
    await sleep(50)
    expect(wallet.deliveries).toEqual([])
  })

  test('wc_proposeSession and wc_approveSession publish with their tags and subscribe the sender', async () => {
    const server = await relay()
    const [dapp, wallet] = await Promise.all([connect(server), connect(server)])
    await wallet.request('irn_subscribe', { topic: TOPIC })
    expect(
      await dapp.request('wc_proposeSession', {
        pairingTopic: TOPIC,
        sessionProposal: 'proposal',
        ttl: 300,
        tag: 1100,
      }),
    ).toBe(true)
    expect((await until(() => wallet.deliveries[0])).data).toMatchObject({ message: 'proposal', tag: 1100 })
    expect(
      await wallet.request('wc_approveSession', {
        pairingTopic: TOPIC,
        sessionTopic: SESSION_TOPIC,
        sessionProposalResponse: 'response',
        sessionSettlementRequest: 'settle',
      }),
    ).toBe(true)
    expect((await until(() => dapp.deliveries[0])).data).toMatchObject({
      topic: TOPIC,
      message: 'response',
      tag: 1101,
    })
    await dapp.request('irn_subscribe', { topic: SESSION_TOPIC })
    expect((await until(() => dapp.deliveries[1])).data).toMatchObject({
      topic: SESSION_TOPIC,
      message: 'settle',
      tag: 1102,
    })
    // The wallet now listens on the session topic.
    await dapp.request('irn_publish', { topic: SESSION_TOPIC, message: 'request', ttl: 300 })
    expect((await until(() => wallet.deliveries[1])).data).toMatchObject({
      topic: SESSION_TOPIC,
      message: 'request',
    })
    expect(wallet.deliveries.map((delivery) => delivery.data.message)).toEqual(['proposal', 'request'])
  })

  test('bad frames get JSON-RPC errors and the socket stays open', async () => {
    const server = await relay()
    const client = await connect(server)
    expect(await client.call('irn_subscribe', { topic: 'nope' })).toContain('"code":-32602')
    expect(await client.call('irn_nothing', {})).toContain('"code":-32601')
    expect(await client.call('irn_publish', { topic: TOPIC, message: 'm', ttl: 31 * 86_400 })).toContain(
      'Invalid params: ttl: too large',
    )
    const parseError = await new Promise<string>((resolve) => {
      client.socket.once('message', (raw) => resolve(raw.toString()))
      client.socket.send('{not json')
    })
    expect(parseError).toBe('{"id":null,"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}')
    expect(await client.request('irn_subscribe', { topic: TOPIC })).toEqual(expect.any(String))
  })
})

describe('limits', () => {
  test('past the rate limit a request gets 3001, and a socket that keeps on is closed with 3001', async () => {
    const server = await relay({
      limits: { ...Config.DEFAULT_LIMITS, messagesPerSecond: 1, messagesBurst: 3 },
    })
    const client = await connect(server)
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)))
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => client.call('irn_subscribe', { topic: TOPIC })),
    )
    expect(answers.slice(0, 3).every((answer) => answer.includes('"result"'))).toBe(true)
    expect(answers[3]).toContain('"error":{"code":3001,"message":"Rate limited"}')
    for (let i = 0; i < 4; i++) client.socket.send('{}')
    expect(await closed).toBe(3001)
  })

  test('a frame over the size limit closes the socket with 1009', async () => {
    const server = await relay({ limits: { ...Config.DEFAULT_LIMITS, maxFrameBytes: 1024 } })
    const client = await connect(server)
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)))
    client.socket.send(
      JSON.stringify({
        id: 1,
        method: 'irn_publish',
        params: { topic: TOPIC, message: 'x'.repeat(2000), ttl: 60 },
      }),
    )
    expect(await closed).toBe(1009)
  })

  test('irn_batchFetchMessages refuses a repeated topic instead of repeating its messages', async () => {
    const server = await relay()
    const [dapp, wallet] = await Promise.all([connect(server), connect(server)])
    await dapp.request('irn_publish', { topic: TOPIC, message: 'm'.repeat(1000), ttl: 300 })
    const answer = await wallet.call('irn_batchFetchMessages', { topics: Array(500).fill(TOPIC) })
    expect(JSON.parse(answer).error).toEqual({
      code: -32602,
      message: 'Invalid params: topics: duplicate topic',
    })
    expect(await wallet.request('irn_batchFetchMessages', { topics: [TOPIC, SESSION_TOPIC] })).toMatchObject({
      messages: [{ topic: TOPIC }],
      hasMore: false,
    })
  })

  test('an irn_batchFetchMessages answer stops at maxFetchBytes and says hasMore', async () => {
    const server = await relay({ limits: { ...Config.DEFAULT_LIMITS, maxFetchBytes: 5000 } })
    const [dapp, wallet] = await Promise.all([connect(server), connect(server)])
    for (let i = 0; i < 3; i++)
      await dapp.request('irn_publish', { topic: TOPIC, message: `${i}`.repeat(2000), ttl: 300 })
    const answer = await wallet.request<{ messages: { message: string }[]; hasMore: boolean }>(
      'irn_batchFetchMessages',
      { topics: [TOPIC] },
    )
    expect(answer.messages.map((message) => message.message[0])).toEqual(['0', '1'])
    expect(answer.hasMore).toBe(true)
  })

  test('batches past maxBatchTopics, and subscriptions past maxSubscriptionsPerSocket, are refused and counted', async () => {
    const server = await relay({
      limits: { ...Config.DEFAULT_LIMITS, maxBatchTopics: 3, maxSubscriptionsPerSocket: 4 },
    })
    const client = await connect(server)
    const topics = Array.from({ length: 4 }, (_, i) => `${i}`.repeat(64))
    for (const method of ['irn_batchSubscribe', 'irn_batchFetchMessages']) {
      expect(JSON.parse(await client.call(method, { topics })).error).toEqual({
        code: -32602,
        message: 'Invalid params: topics: at most 3',
      })
    }
    expect(await client.request('irn_batchSubscribe', { topics: topics.slice(0, 3) })).toHaveLength(3)
    await client.request('irn_subscribe', { topic: topics[3] })
    expect(await client.call('irn_subscribe', { topic: TOPIC })).toContain('Too many subscriptions')
    const metrics = await (await fetch(`${http(server)}/metrics`)).text()
    expect(metrics).toContain('frontdoor_relay_limit_refusals_total{limit="batch_topics"} 2')
    expect(metrics).toContain('frontdoor_relay_limit_refusals_total{limit="subscriptions_per_socket"} 1')
  })

  test('a publish past a topic cap is refused with -32005, counted, and reaches no one', async () => {
    const server = await relay({
      limits: { ...Config.DEFAULT_LIMITS, maxMailboxMessagesPerTopic: 2, maxMailboxBytesPerTopic: 3000 },
    })
    const [dapp, wallet] = await Promise.all([connect(server), connect(server)])
    await wallet.request('irn_batchSubscribe', { topics: [TOPIC, SESSION_TOPIC] })
    const publish = (topic: string, message: string) =>
      dapp.call('irn_publish', { topic, message, ttl: 300 }).then((text) => JSON.parse(text))
    expect(await publish(TOPIC, 'a')).toMatchObject({ result: true })
    expect(await publish(TOPIC, 'b')).toMatchObject({ result: true })
    expect(await publish(TOPIC, 'c')).toMatchObject({
      error: { code: -32005, message: 'Mailbox full: at most 2 messages per topic' },
    })
    expect(await publish(SESSION_TOPIC, 'x'.repeat(2000))).toMatchObject({ result: true })
    expect(await publish(SESSION_TOPIC, 'y'.repeat(1000))).toMatchObject({
      error: { code: -32005, message: 'Mailbox full: at most 3000 bytes per topic' },
    })
    await until(() => (wallet.deliveries.length >= 3 ? true : undefined))
    await sleep(50)
    expect(wallet.deliveries.map((delivery) => delivery.data.message[0])).toEqual(['a', 'b', 'x'])
    const metrics = await (await fetch(`${http(server)}/metrics`)).text()
    for (const limit of ['mailbox_topic_messages', 'mailbox_topic_bytes'])
      expect(metrics).toContain(`frontdoor_relay_limit_refusals_total{limit="${limit}"} 1`)
    expect(metrics).toContain('frontdoor_relay_mailbox_messages 3')
  })

  test('past the total mailbox bytes the messages closest to expiry are evicted; one larger than all is refused', async () => {
    const server = await relay({ limits: { ...Config.DEFAULT_LIMITS, maxMailboxBytes: 5000 } })
    const dapp = await connect(server)
    const publish = (topic: string, message: string, ttl: number) =>
      dapp.call('irn_publish', { topic, message, ttl }).then((text) => JSON.parse(text))
    expect(await publish(TOPIC, 'a'.repeat(2000), 60)).toMatchObject({ result: true })
    expect(await publish(SESSION_TOPIC, 'b'.repeat(2000), 300)).toMatchObject({ result: true })
    expect(await publish('c'.repeat(64), 'c'.repeat(2000), 300)).toMatchObject({ result: true })
    expect(await publish('d'.repeat(64), 'd'.repeat(6000), 300)).toMatchObject({
      error: { code: -32005, message: 'Mailbox full: at most 5000 bytes in all' },
    })
    const wallet = await connect(server)
    await wallet.request('irn_batchSubscribe', { topics: [TOPIC, SESSION_TOPIC, 'c'.repeat(64)] })
    await until(() => (wallet.deliveries.length >= 2 ? true : undefined))
    await sleep(50)
    expect(wallet.deliveries.map((delivery) => delivery.data.message[0])).toEqual(['b', 'c'])
    const metrics = await (await fetch(`${http(server)}/metrics`)).text()
    expect(metrics).toContain('frontdoor_relay_mailbox_evicted_total 1')
    expect(metrics).toContain('frontdoor_relay_limit_refusals_total{limit="mailbox_total_bytes"} 1')
    expect(Number(/frontdoor_relay_mailbox_bytes (\d+)/.exec(metrics)?.[1])).toBeLessThanOrEqual(5000)
  })

  test('sockets are pinged on the heartbeat', async () => {
    const server = await relay({ heartbeatMs: 50 })
    const client = await connect(server)
    await new Promise<void>((resolve) => client.socket.once('ping', () => resolve()))
  })

  test('a socket that stops answering pings is dropped', async () => {
    const server = await relay({ heartbeatMs: 30 })
    const client = await connect(server)
    // A client that hangs: pausing the TCP socket's reads stops ws from answering pings.
    ;(client.socket as unknown as { _socket: { pause: () => void } })._socket.pause()
    const deadline = Date.now() + 2000
    while (Date.now() < deadline) {
      const metrics = await (await fetch(`${http(server)}/metrics`)).text()
      if (metrics.includes('frontdoor_relay_sockets 0')) break
      await sleep(20)
    }
    client.socket.terminate()
    expect(await (await fetch(`${http(server)}/metrics`)).text()).toContain('frontdoor_relay_sockets 0')
  })
})
