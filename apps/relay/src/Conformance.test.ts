import { randomBytes } from 'node:crypto'
import { Core as Core225 } from '@walletconnect/core'
import { Core as Core221 } from '@walletconnect/core-2-21'
import { SignClient as SignClient225 } from '@walletconnect/sign-client'
import { SignClient as SignClient221 } from '@walletconnect/sign-client-2-21'
import { verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import * as Server from './Server.js'
import * as TestClients from './TestClients.js'
import * as TestProjects from './TestProjects.js'
import * as TestRedis from './TestRedis.js'

/**
 * Conformance: the published `@walletconnect/sign-client` and `@walletconnect/core` of two releases
 * against this relay, unchanged. 2.25 is the newest; 2.21.8 is the oldest line AppKit still supports.
 * For each, a dApp and a wallet of that release go through a session's life: pair, request, update,
 * extend, ping, a relay restart (the clients come back on their own and subscribe again), a request
 * that waits in the mailbox while the wallet is away, a reconnect that brings back none of the history
 * the wallet acked, a batch subscribe of 500 topics that a restart subscribes again, and disconnect.
 *
 * The relay keeps its mailbox in Redis when REDIS_URL is set (CI runs the suite both ways): then the
 * waiting request also outlives a restart.
 */

type Client = Awaited<ReturnType<typeof SignClient225.init>>
type Session = TestClients.Session

const RELEASES = [
  {
    name: '2.25',
    init: (options: Parameters<typeof SignClient225.init>[0] & { core: unknown }) =>
      SignClient225.init(options as never),
    core: (options: ConstructorParameters<typeof Core225>[0]) => new Core225(options),
  },
  {
    name: '2.21.8',
    init: (options: Parameters<typeof SignClient225.init>[0] & { core: unknown }) =>
      SignClient221.init(options as never) as unknown as Promise<Client>,
    core: (options: ConstructorParameters<typeof Core225>[0]) => new Core221(options as never),
  },
] as const

const redisUrl = process.env.REDIS_URL
const SECOND_ACCOUNT = '0x000000000000000000000000000000000000dEaD'

let redis: TestRedis.TestRedis | undefined
beforeAll(async () => {
  if (redisUrl) redis = await TestRedis.start()
})
afterAll(() => redis?.stop())

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function relay(port = 0): Promise<Server.Server> {
  const server = await Server.start({
    env: { LOG_LEVEL: 'silent', ...(redis ? { REDIS_URL: redis.url } : {}) },
    port,
    projects: TestProjects.registry(),
  })
  cleanups.push(() => server.stop())
  return server
}

async function metric(server: Server.Server, pattern: RegExp): Promise<number> {
  // A fresh connection each time: a kept-alive one may lead to the relay stopped on the same port.
  const text = await (
    await fetch(`${server.url.replace(/^ws/, 'http')}/metrics`, { headers: { connection: 'close' } })
  ).text()
  return Number(pattern.exec(text)?.[1] ?? 0)
}

const SOCKETS = /frontdoor_relay_sockets (\d+)/
const OUT = /frontdoor_relay_messages_out_total (\d+)/
const IN = (method: string) => new RegExp(`frontdoor_relay_messages_in_total\\{method="${method}"\\} (\\d+)`)

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

let counter = 0

describe.each(RELEASES)('sign-client and core $name against the relay', (release) => {
  async function client(relayUrl: string, role: 'dapp' | 'wallet'): Promise<Client> {
    counter += 1
    const prefix = `conformance-${release.name}-${role}-${process.pid}-${counter}`
    const core = release.core({
      projectId: 'demo',
      relayUrl,
      logger: 'fatal',
      customStoragePrefix: prefix,
    })
    const client = await release.init({
      core: core as never,
      projectId: 'demo',
      logger: 'fatal',
      customStoragePrefix: prefix,
      metadata: {
        name: `Conformance ${role}`,
        description: 'relay conformance',
        url: role === 'dapp' ? 'http://localhost:5173' : 'http://127.0.0.1:5999',
        icons: [],
      },
    })
    // verify.walletconnect.org is out of reach in tests (REFERENCE.md: a 5 s stall per request).
    client.core.verify.register = async () => ''
    cleanups.push(() => TestClients.close(client))
    return client
  }

  async function signs(dapp: Client, session: Session, text: string) {
    const signature = await TestClients.personalSign(dapp, session, text)
    expect(
      await verifyMessage({ address: TestClients.WALLET_ACCOUNT.address, message: text, signature }),
    ).toBe(true)
  }

  test('a session from pairing to disconnect, through relay restarts, a mailbox replay and 500 topics', {
    timeout: 60_000,
  }, async () => {
    let server = await relay()
    const dapp = await client(server.url, 'dapp')
    const wallet = await client(server.url, 'wallet')
    const served = TestClients.serveWallet(wallet)

    // Pair and request.
    const session = await TestClients.pair(dapp, wallet)
    expect(session.namespaces.eip155?.accounts).toEqual([
      `${TestClients.CHAIN}:${TestClients.WALLET_ACCOUNT.address}`,
    ])
    await signs(dapp, session, `hello from ${release.name}`)

    // Update: the wallet adds an account; the dApp hears it.
    const updated = new Promise<string[]>((resolve) =>
      dapp.once('session_update', ({ params }) => resolve(params.namespaces.eip155?.accounts ?? [])),
    )
    const accounts = [
      `${TestClients.CHAIN}:${TestClients.WALLET_ACCOUNT.address}`,
      `${TestClients.CHAIN}:${SECOND_ACCOUNT}`,
    ]
    const { acknowledged: updateAcknowledged } = await wallet.update({
      topic: session.topic,
      namespaces: {
        eip155: {
          accounts,
          methods: ['personal_sign'],
          events: ['accountsChanged', 'chainChanged'],
          chains: [TestClients.CHAIN],
        },
      },
    })
    await updateAcknowledged()
    expect(await updated).toEqual(accounts)

    // Extend: the expiry moves on for both.
    const before = dapp.session.get(session.topic).expiry
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const extended = new Promise<void>((resolve) => dapp.once('session_extend', () => resolve()))
    const { acknowledged: extendAcknowledged } = await wallet.extend({ topic: session.topic })
    await extendAcknowledged()
    await extended
    expect(dapp.session.get(session.topic).expiry).toBeGreaterThan(before)

    // Ping both ways.
    const pinged = new Promise<void>((resolve) => wallet.once('session_ping', () => resolve()))
    await dapp.ping({ topic: session.topic })
    await pinged
    await wallet.ping({ topic: session.topic })

    // 500 topics in one batch subscribe.
    // 500 pairings' topics (with their keys): 2.25 drops subscriptions to topics that are no pairing,
    // session or pending session of its own.
    const expiry = Math.floor(Date.now() / 1000) + 300
    const topics: string[] = []
    for (let i = 0; i < 500; i++) {
      const topic = await dapp.core.crypto.setSymKey(randomBytes(32).toString('hex'))
      await dapp.core.pairing.pairings.set(topic, {
        topic,
        expiry,
        relay: { protocol: 'irn' },
        active: false,
      })
      topics.push(topic)
    }
    const batches = await metric(server, IN('irn_batchSubscribe'))
    // The subscriber's own batch call, as sign-client uses it when it (re)subscribes many topics.
    const subscriber = dapp.core.relayer.subscriber as unknown as {
      batchSubscribe: (topics: { topic: string; relay: { protocol: string } }[]) => Promise<void>
    }
    await subscriber.batchSubscribe(topics.map((topic) => ({ topic, relay: { protocol: 'irn' } })))
    expect(await metric(server, IN('irn_batchSubscribe'))).toBe(batches + 1)
    const subscribed = (relay: Server.Server) =>
      topics.every((topic) => relay.relay.topics.subscribers(topic)?.size === 1)
    // 2.25 resolves its batch call before the relay's answer arrives.
    const first = server
    await until(() => subscribed(first), 'the 500 topics subscribed')

    // A restart: both clients come back on their own and subscribe to everything again.
    await server.stop()
    server = await relay(server.port)
    await until(async () => (await metric(server, SOCKETS)) === 2, 'both clients reconnected')
    const restarted = server
    await until(() => subscribed(restarted), 'the 500 topics subscribed again')
    await signs(dapp, session, 'after a restart')

    // The wallet leaves once its answers are acknowledged; a request waits for it in the mailbox.
    await until(() => served.answered() === 2, 'the answers acknowledged')
    await wallet.core.relayer.transportClose()
    await until(async () => (await metric(server, SOCKETS)) === 1, 'the wallet gone')
    const published = await metric(server, IN('irn_publish'))
    const text = 'sent while the wallet was away'
    const signature = TestClients.personalSign(dapp, session, text)
    await until(async () => (await metric(server, IN('irn_publish'))) > published, 'the request published')
    if (redis) {
      // On Redis the waiting request also outlives a relay restart.
      await server.stop()
      server = await relay(server.port)
      await until(async () => (await metric(server, SOCKETS)) === 1, 'the dApp reconnected')
    }
    const out = await metric(server, OUT)
    await wallet.core.relayer.transportOpen()
    expect(
      await verifyMessage({
        address: TestClients.WALLET_ACCOUNT.address,
        message: text,
        signature: await signature,
      }),
    ).toBe(true)
    // The wallet got the waiting request and the dApp the answer: nothing of the history it acked.
    expect((await metric(server, OUT)) - out).toBe(2)

    // Disconnect: the wallet hears it and forgets the session.
    const deleted = new Promise<void>((resolve) => wallet.once('session_delete', () => resolve()))
    await dapp.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
    await deleted
    expect(wallet.session.keys).not.toContain(session.topic)
  })
})
