import { verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import * as RawClient from './RawClient.js'
import * as Server from './Server.js'
import * as TestClients from './TestClients.js'
import * as TestProjects from './TestProjects.js'
import * as TestRedis from './TestRedis.js'

type Client = Awaited<ReturnType<typeof TestClients.client>>

const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Starts a relay; `stop` is also registered for the end of the test. */
async function relay(options: { redisUrl?: string; port?: number } = {}): Promise<Server.Server> {
  const env = { LOG_LEVEL: 'silent', ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}) }
  const server = await Server.start({ projects: TestProjects.registry(), env, port: options.port ?? 0 })
  cleanups.push(() => server.stop())
  return server
}

async function client(url: string, role: 'dapp' | 'wallet'): Promise<Client> {
  const client = await TestClients.client(url, role)
  cleanups.push(() => TestClients.close(client))
  return client
}

async function signs(dapp: Client, session: TestClients.Session, text: string): Promise<void> {
  const signature = await TestClients.personalSign(dapp, session, text)
  expect(await verifyMessage({ address: TestClients.WALLET_ACCOUNT.address, message: text, signature })).toBe(
    true,
  )
}

async function metric(server: Server.Server, line: RegExp): Promise<number> {
  const text = await (await fetch(`${server.url.replace(/^ws/, 'http')}/metrics`)).text()
  return Number(line.exec(text)?.[1] ?? 0)
}

const PUBLISHES = /frontdoor_relay_messages_in_total\{method="irn_publish"\} (\d+)/

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('two sign-clients on one in-memory relay', { timeout: 20_000 }, () => {
  test('pair, settle a session, and answer personal_sign', async () => {
    const server = await relay()
    const dapp = await client(server.url, 'dapp')
    const wallet = await client(server.url, 'wallet')
    TestClients.serveWallet(wallet)

    const session = await TestClients.pair(dapp, wallet)
    expect(session.namespaces.eip155?.accounts).toEqual([
      `${TestClients.CHAIN}:${TestClients.WALLET_ACCOUNT.address}`,
    ])
    expect(wallet.session.get(session.topic).topic).toBe(session.topic)
    await signs(dapp, session, 'hello relay')

    const metrics = await (await fetch(`${server.url.replace('ws', 'http')}/metrics`)).text()
    expect(metrics).toContain('frontdoor_relay_messages_in_total{method="wc_proposeSession"} 1')
    expect(metrics).toContain('frontdoor_relay_messages_in_total{method="wc_approveSession"} 1')
    expect(metrics).toContain('frontdoor_relay_sockets 2')
  })

  test('one-click sign-in (wc_sessionAuthenticate): the request (tag 1116) and the CACAO answer (1117) cross the relay, and the session settles', async () => {
    const server = await relay()
    const dapp = await client(server.url, 'dapp')
    const wallet = await client(server.url, 'wallet')
    const address = TestClients.WALLET_ACCOUNT.address
    TestClients.serveWallet(wallet)
    wallet.on('session_authenticate', async ({ id, params }) => {
      const iss = `did:pkh:${TestClients.CHAIN}:${address}`
      const request = params.authPayload
      const message = wallet.formatAuthMessage({ request, iss })
      const signature = await TestClients.WALLET_ACCOUNT.signMessage({ message })
      const { chains: _chains, ...payload } = request
      await wallet.approveSessionAuthenticate({
        id,
        auths: [{ h: { t: 'caip122' }, p: { ...payload, iss }, s: { t: 'eip191', s: signature } }],
      })
    })
    const { uri, response } = await dapp.authenticate({
      chains: [TestClients.CHAIN],
      domain: 'localhost:5173',
      uri: 'http://localhost:5173',
      nonce: 'relaynonce1',
      methods: ['personal_sign'],
    })
    // A plain socket listens on the pairing topic and on the topic the answer comes back on.
    const pairingTopic = /^wc:([0-9a-f]{64})@/.exec(uri)?.[1] as string
    const answerTopic = dapp.auth.authKeys.getAll()[0]?.responseTopic as string
    const watcher = await RawClient.connect(server.url)
    cleanups.push(() => watcher.close())
    await watcher.request('irn_batchSubscribe', { topics: [pairingTopic, answerTopic] })

    await wallet.pair({ uri })
    const { auths, session } = await response()
    expect(auths).toHaveLength(1)
    expect(session?.namespaces.eip155?.accounts).toEqual([`${TestClients.CHAIN}:${address}`])
    await until(() => watcher.deliveries.some((d) => d.data.topic === answerTopic))
    const tags = (topic: string) =>
      watcher.deliveries.filter((d) => d.data.topic === topic).map((d) => d.data.tag)
    // The request goes with the session proposal for wallets without one-click (1100).
    expect(tags(pairingTopic).sort()).toEqual([1100, 1116])
    expect(tags(answerTopic)).toEqual([1117])
    await signs(dapp, session as TestClients.Session, 'after one-click')
  })

  test('the session still works after the relay restarts and the clients reconnect', async () => {
    const first = await relay()
    const dapp = await client(first.url, 'dapp')
    const wallet = await client(first.url, 'wallet')
    TestClients.serveWallet(wallet)
    const session = await TestClients.pair(dapp, wallet)
    await signs(dapp, session, 'before the restart')

    await first.stop()
    const second = await relay({ port: first.port })
    // Both clients come back on their own and subscribe to their topics again.
    await until(async () => (await metric(second, /frontdoor_relay_sockets (\d+)/)) === 2)
    await signs(dapp, session, 'after the restart')
  })
})

const skip = TestRedis.unavailable()
if (skip) console.warn(skip)

describe.skipIf(skip)('two sign-clients on Redis-backed relays', { timeout: 20_000 }, () => {
  let redis: TestRedis.TestRedis
  beforeAll(async () => {
    redis = await TestRedis.start()
  })
  afterAll(() => redis?.stop())

  test('a dApp on one relay node pairs with a wallet on another', async () => {
    const [a, b] = await Promise.all([relay({ redisUrl: redis.url }), relay({ redisUrl: redis.url })])
    const dapp = await client(a.url, 'dapp')
    const wallet = await client(b.url, 'wallet')
    TestClients.serveWallet(wallet)
    const session = await TestClients.pair(dapp, wallet)
    await signs(dapp, session, 'across two nodes')
  })

  test('a request sent while the wallet is away survives a relay restart in the Redis mailbox', async () => {
    const first = await relay({ redisUrl: redis.url })
    const dapp = await client(first.url, 'dapp')
    const wallet = await client(first.url, 'wallet')
    const served = TestClients.serveWallet(wallet)
    const session = await TestClients.pair(dapp, wallet)
    await signs(dapp, session, 'before')

    // The wallet leaves once the relay acknowledged its answer (sign-client would otherwise retry it
    // 15 s later and hold its request queue until then).
    await until(() => served.answered() === 1)
    await wallet.core.relayer.transportClose()
    const published = await metric(first, PUBLISHES)
    const text = 'sent while the wallet was away'
    const signature = TestClients.personalSign(dapp, session, text)
    await until(async () => (await metric(first, PUBLISHES)) > published)

    // A new relay process: nothing in memory; the request waits in Redis.
    await first.stop()
    await relay({ redisUrl: redis.url, port: first.port })
    await wallet.core.relayer.transportOpen()
    expect(
      await verifyMessage({
        address: TestClients.WALLET_ACCOUNT.address,
        message: text,
        signature: await signature,
      }),
    ).toBe(true)
  })
})
