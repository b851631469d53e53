import pino from 'pino'
import { describe, expect, test } from 'vitest'
import type * as Client from './Client.js'
import * as Config from './Config.js'
import * as Fanout from './Fanout.js'
import * as Mailbox from './Mailbox.js'
import * as Metrics from './Metrics.js'
import * as RateLimit from './RateLimit.js'
import * as Relay from './Relay.js'

/**
 * The protocol handling without sockets: every frame any client is sent goes into one log, so the
 * order across clients is exact (on loopback two sockets race; here nothing does).
 */

const TOPIC = 'e'.repeat(64)

const CAPS: Mailbox.Caps = {
  maxMessagesPerTopic: 500,
  maxBytesPerTopic: 1 << 22,
  maxBytesPerClient: 1 << 26,
  maxBytesPerAddress: 1 << 26,
  maxBytes: 1 << 26,
}

function setup(mailbox: Mailbox.Mailbox = Mailbox.memory(CAPS)) {
  const log: { to: string; frame: string }[] = []
  const relay = Relay.create({
    mailbox,
    fanout: Fanout.local(),
    metrics: Metrics.create({
      sockets: () => 0,
      subscriptions: () => 0,
      topics: () => 0,
      mailbox: () => 0,
      mailboxBytes: () => 0,
    }),
    limits: Config.DEFAULT_LIMITS,
    logger: pino({ level: 'silent' }),
  })
  let next = 1
  const client = (name: string): Client.Client => ({
    id: next++,
    clientId: `did:key:z${name}`,
    address: '203.0.113.7',
    send: (frame) => log.push({ to: name, frame }),
    close: () => {},
    subscriptions: new Map(),
    unacked: new Map(),
    limiter: RateLimit.bucket({ perSecond: 1000, burst: 1000 }),
  })
  return { relay, log, client }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10))

/** A mailbox that answers puts a turn later, as Redis does. */
function slow(mailbox: Mailbox.Mailbox): Mailbox.Mailbox {
  return {
    ...mailbox,
    put: async (topic, message, address) => {
      await tick()
      return mailbox.put(topic, message, address)
    },
  }
}

describe.each([
  ['a mailbox that answers at once (memory)', () => undefined],
  ['a mailbox that answers later (Redis)', () => slow(Mailbox.memory(CAPS))],
])('with %s', (_, mailbox) => {
  test('the publisher gets its ack before any subscriber gets the message', async () => {
    const { relay, log, client } = setup(mailbox())
    const [dapp, wallet] = [client('dapp'), client('wallet')]
    relay.handle(wallet, `{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${TOPIC}"}}`)
    await tick()
    log.length = 0
    relay.handle(
      dapp,
      `{"id":1712345678901234567,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${TOPIC}","message":"m","ttl":300}}`,
    )
    await tick()
    await tick()
    expect(log.map(({ to, frame }) => [to, JSON.parse(frame).method ?? 'result'])).toEqual([
      ['dapp', 'result'],
      ['wallet', 'irn_subscription'],
    ])
    expect(log[0]!.frame).toBe('{"id":1712345678901234567,"jsonrpc":"2.0","result":true}')
  })

  test('wc_approveSession: the sender hears true before the peer gets the response or the settlement', async () => {
    const { relay, log, client } = setup(mailbox())
    const [dapp, wallet] = [client('dapp'), client('wallet')]
    const session = 'f'.repeat(64)
    relay.handle(
      dapp,
      `{"id":1,"jsonrpc":"2.0","method":"irn_batchSubscribe","params":{"topics":["${TOPIC}","${session}"]}}`,
    )
    await tick()
    log.length = 0
    relay.handle(
      wallet,
      `{"id":2,"jsonrpc":"2.0","method":"wc_approveSession","params":{"pairingTopic":"${TOPIC}","sessionTopic":"${session}","sessionProposalResponse":"r","sessionSettlementRequest":"s"}}`,
    )
    await tick()
    await tick()
    expect(log.map(({ to, frame }) => [to, JSON.parse(frame).method ?? 'result'])).toEqual([
      ['wallet', 'result'],
      ['dapp', 'irn_subscription'],
      ['dapp', 'irn_subscription'],
    ])
  })
})

describe('acks', () => {
  test('an irn_subscription carries the message id as a safe request id; its ack keeps the message from that client id', async () => {
    const { relay, log, client } = setup()
    const [dapp, wallet] = [client('dapp'), client('wallet')]
    relay.handle(wallet, `{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${TOPIC}"}}`)
    relay.handle(
      dapp,
      `{"id":2,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${TOPIC}","message":"m","ttl":300}}`,
    )
    await tick()
    const delivery = JSON.parse(
      log.find((entry) => entry.to === 'wallet' && entry.frame.includes('irn_subscription'))!.frame,
    )
    expect(Number.isSafeInteger(delivery.id)).toBe(true)
    expect(delivery.params.data.messageId).toBe(delivery.id)
    expect(wallet.unacked.get(String(delivery.id))).toBe(TOPIC)

    relay.handle(wallet, `{"id":${delivery.id},"jsonrpc":"2.0","result":true}`)
    expect(wallet.unacked.size).toBe(0)
    // The same client id on a new socket subscribes again: nothing comes.
    const again = { ...client('wallet'), clientId: wallet.clientId }
    log.length = 0
    relay.handle(again, `{"id":3,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${TOPIC}"}}`)
    await tick()
    expect(log.map(({ frame }) => JSON.parse(frame).method ?? 'result')).toEqual(['result'])
  })

  test('an error answer is no ack, and unacked deliveries per socket are bounded', async () => {
    const { relay, log, client } = setup()
    const [dapp, wallet] = [client('dapp'), client('wallet')]
    relay.handle(wallet, `{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${TOPIC}"}}`)
    relay.handle(
      dapp,
      `{"id":2,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${TOPIC}","message":"m","ttl":300}}`,
    )
    await tick()
    const delivery = JSON.parse(log.find((entry) => entry.frame.includes('irn_subscription'))!.frame)
    relay.handle(wallet, `{"id":${delivery.id},"jsonrpc":"2.0","error":{"code":-1,"message":"no"}}`)
    const again = { ...client('wallet'), clientId: wallet.clientId }
    log.length = 0
    relay.handle(again, `{"id":3,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${TOPIC}"}}`)
    await tick()
    expect(log.map(({ frame }) => JSON.parse(frame).method ?? 'result')).toEqual([
      'result',
      'irn_subscription',
    ])
    for (let i = 0; i < Relay.MAX_UNACKED_PER_SOCKET + 5; i++) wallet.unacked.set(String(i), TOPIC)
    expect(wallet.unacked.size).toBe(Relay.MAX_UNACKED_PER_SOCKET + 5)
    relay.handle(
      dapp,
      `{"id":4,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${TOPIC}","message":"n","ttl":300}}`,
    )
    await tick()
    expect(wallet.unacked.size).toBeLessThanOrEqual(Relay.MAX_UNACKED_PER_SOCKET + 5)
    expect(wallet.unacked.has('0')).toBe(false)
  })
})
