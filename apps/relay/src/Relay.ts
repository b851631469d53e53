import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import type * as Client from './Client.js'
import type * as Config from './Config.js'
import type * as DeliveryLatency from './DeliveryLatency.js'
import type * as Fanout from './Fanout.js'
import * as JsonRpc from './JsonRpc.js'
import type * as Mailbox from './Mailbox.js'
import * as Messages from './Messages.js'
import type * as Metrics from './Metrics.js'
import * as Topics from './Topics.js'

/**
 * The relay's protocol handling, apart from sockets: subscriptions, publishes with the mailbox and
 * the fan-out, the two session methods, acks and receipts, fetches and the rate limit.
 */
export type Relay = {
  /** Handles one text frame from a client. */
  handle: (client: Client.Client, text: string) => void
  /** Forgets a client whose socket closed. */
  disconnect: (client: Client.Client) => void
  /** Delivers a message published on another node to this node's subscribers. */
  receive: Fanout.Receive
  /**
   * Delivers from the mailbox what this node's subscribers have not received and are not waiting to
   * ack: after the fan-out was cut (Redis restarted, the subscriber connection killed), messages other
   * nodes announced meanwhile were never heard here. Resolves with how many were sent.
   */
  resync: () => Promise<number>
  topics: Topics.Topics
}

/** Subscriptions (client, topic) whose mailbox one step of `resync` reads together. */
const RESYNC_BATCH = 256

/**
 * Deliveries one socket may leave unacked before the oldest is forgotten (it is then delivered again
 * on the client's next subscribe, as if never acked).
 */
export const MAX_UNACKED_PER_SOCKET = 10_000

export type Options = {
  mailbox: Mailbox.Mailbox
  fanout: Fanout.Fanout
  metrics: Metrics.Metrics
  limits: Config.Limits
  logger: Logger
  /** Times each delivery (the server marks the frame being handled and the end of the turn's writes). */
  latency?: DeliveryLatency.DeliveryLatency
  now?: () => number
}

/**
 * A subscription id as the client computes it (sign-client: `hashMessage(topic + clientId)`), so both
 * sides agree without telling each other.
 */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex')
}

/**
 * The `data` of an `irn_subscription`, as JSON. Built by hand (the topic is validated hex, the numbers
 * integers), so only the message and attestation strings go through `JSON.stringify`.
 */
function subscriptionData(message: {
  messageId?: number | undefined
  topic: string
  message: string
  publishedAt: number
  tag?: number | undefined
  attestation?: string | undefined
}): string {
  let json = `{"topic":"${message.topic}","message":${JSON.stringify(message.message)},"publishedAt":${message.publishedAt}`
  if (message.tag !== undefined) json += `,"tag":${message.tag}`
  if (message.attestation !== undefined) json += `,"attestation":${JSON.stringify(message.attestation)}`
  if (message.messageId !== undefined) json += `,"messageId":${message.messageId}`
  return `${json}}`
}

/** Sends a stored message to its subscribers, here and on other nodes. */
type FanOut = () => void

class RequestError extends Error {
  constructor(readonly error: JsonRpc.ErrorObject) {
    super(error.message)
  }
}

/** The error a publish refused by the mailbox gets, and the metric it counts under. */
function refusal(verdict: Exclude<Mailbox.Verdict, 'stored'>, limits: Config.Limits) {
  const refusals: Record<typeof verdict, [Metrics.Limit, string]> = {
    topic_messages: [
      'mailbox_topic_messages',
      `at most ${limits.maxMailboxMessagesPerTopic} messages per topic`,
    ],
    topic_bytes: ['mailbox_topic_bytes', `at most ${limits.maxMailboxBytesPerTopic} bytes per topic`],
    client_bytes: ['mailbox_client_bytes', `at most ${limits.maxMailboxBytesPerClient} bytes per client`],
    address_bytes: ['mailbox_address_bytes', `at most ${limits.maxMailboxBytesPerAddress} bytes per address`],
    total_bytes: ['mailbox_total_bytes', `at most ${limits.maxMailboxBytes} bytes in all`],
  }
  const [limit, message] = refusals[verdict]
  return {
    limit,
    error: new RequestError({ code: JsonRpc.ErrorCodes.limitExceeded, message: `Mailbox full: ${message}` }),
  }
}

/**
 * Creates the relay's protocol handling.
 *
 * @example
 * const relay = Relay.create({ mailbox: Mailbox.memory(caps), fanout: Fanout.local(), … })
 * socket.on('message', (data) => relay.handle(client, data.toString()))
 */
export function create(options: Options): Relay {
  const { mailbox, fanout, metrics, limits, logger, latency } = options
  const now = options.now ?? Date.now
  const topics = Topics.create()
  const nextId = JsonRpc.ids(now)
  const nextMessageId = JsonRpc.messageIds()

  /**
   * Sends one message. The request id is the message id, so the client's ack names the message; it is
   * remembered (with its topic) until acked. A message stored before message ids gets a fresh id and
   * no receipt.
   */
  const send = (client: Client.Client, topic: string, data: string, messageId: number) => {
    const id = client.subscriptions.get(topic)
    if (id === undefined) return
    let requestId: string
    if (messageId > 0) {
      requestId = String(messageId)
      if (client.unacked.size >= MAX_UNACKED_PER_SOCKET) {
        const oldest = client.unacked.keys().next().value
        if (oldest !== undefined) client.unacked.delete(oldest)
      }
      client.unacked.set(requestId, topic)
    } else requestId = nextId()
    client.send(JsonRpc.request(requestId, 'irn_subscription', `{"id":"${id}","data":${data}}`))
    metrics.messageOut()
    latency?.delivered()
  }

  const deliver = (topic: string, publisher: string, data: string, messageId: number) => {
    const subscribers = topics.subscribers(topic)
    if (!subscribers) return
    for (const client of subscribers) if (client.clientId !== publisher) send(client, topic, data, messageId)
  }

  /** Records what a client received; a failure only means it may get those messages again. */
  const received = (
    client: Client.Client,
    topic: string,
    messageIds: number[],
  ): Promise<void> | undefined => {
    const done = mailbox.receive(topic, client.clientId, messageIds)
    return done?.catch((error: unknown) =>
      logger.warn({ err: error, client: client.id }, 'receipt not recorded'),
    )
  }

  const subscribe = async (client: Client.Client, list: readonly string[]): Promise<string[]> => {
    const waits: Promise<void>[] = []
    const ids = list.map((topic) => {
      let id = client.subscriptions.get(topic)
      if (id === undefined) {
        if (client.subscriptions.size >= limits.maxSubscriptionsPerSocket) {
          metrics.limitReached('subscriptions_per_socket')
          throw new RequestError({
            code: JsonRpc.ErrorCodes.invalidParams,
            message: 'Too many subscriptions',
          })
        }
        id = subscriptionId(topic, client.clientId)
        client.subscriptions.set(topic, id)
        topics.add(topic, client)
      }
      const wait = fanout.listen(topic)
      if (wait) waits.push(wait)
      return id
    })
    if (waits.length) await Promise.all(waits)
    return ids
  }

  /** Sends a client the stored messages it has not received of topics it just subscribed to. */
  const replay = async (client: Client.Client, list: readonly string[]) => {
    // Read together (one Redis round trip for a whole batch), delivered topic by topic.
    const stored = await Promise.all(list.map((topic) => mailbox.list(topic, client.clientId)))
    list.forEach((topic, i) => {
      for (const message of stored[i]!)
        if (message.publisher !== client.clientId) send(client, topic, message.data, message.messageId)
    })
  }

  const unsubscribe = (client: Client.Client, topic: string) => {
    if (!client.subscriptions.delete(topic)) return
    if (topics.remove(topic, client)) fanout.unlisten(topic)
  }

  /**
   * Stores a message; returns (or resolves with) its fan-out, which the caller runs once it has
   * answered the publisher: the publisher hears that its message is accepted before any peer can
   * answer it.
   */
  const publish = (
    client: Client.Client,
    message: {
      topic: string
      message: string
      ttl: number
      tag?: number | undefined
      attestation?: string | undefined
    },
  ): FanOut | Promise<FanOut> => {
    if (message.ttl > limits.maxTtlS) {
      throw new RequestError({
        code: JsonRpc.ErrorCodes.invalidParams,
        message: 'Invalid params: ttl: too large',
      })
    }
    if (message.message.length > limits.maxMessageChars) {
      throw new RequestError({
        code: JsonRpc.ErrorCodes.invalidParams,
        message: 'Invalid params: message: too long',
      })
    }
    const publishedAt = now()
    const messageId = nextMessageId()
    const data = subscriptionData({
      messageId,
      topic: message.topic,
      message: message.message,
      publishedAt,
      tag: message.tag,
      attestation: message.attestation,
    })
    // Stored before anyone hears of it (on Redis, one script checks the caps, stores and tells the
    // other nodes), so a node whose client subscribes in between finds it in the mailbox, and a
    // message the mailbox refuses reaches no one.
    const verdict = mailbox.put(
      message.topic,
      { messageId, data, publisher: client.clientId, expiresAt: publishedAt + message.ttl * 1000 },
      client.address,
    )
    const stored = (verdict: Mailbox.Verdict) => {
      if (verdict !== 'stored') {
        const { limit, error } = refusal(verdict, limits)
        metrics.limitReached(limit)
        throw error
      }
      metrics.stored()
      return () => {
        deliver(message.topic, client.clientId, data, messageId)
        fanout
          .publish(message.topic, client.clientId, data, messageId)
          ?.catch((error: unknown) => logger.error({ err: error, client: client.id }, 'fan-out failed'))
      }
    }
    return typeof verdict === 'string' ? stored(verdict) : verdict.then(stored)
  }

  /** Refuses a batch naming more topics than `maxBatchTopics`. */
  const batch = <T>(list: readonly T[]): readonly T[] => {
    if (list.length > limits.maxBatchTopics) {
      metrics.limitReached('batch_topics')
      throw new RequestError({
        code: JsonRpc.ErrorCodes.invalidParams,
        message: `Invalid params: topics: at most ${limits.maxBatchTopics}`,
      })
    }
    return list
  }

  /**
   * `irn_fetchMessages` and `irn_batchFetchMessages`: the messages of the topics this client has not
   * received, up to `maxFetchBytes` (at least one), as `{messages, hasMore}`. What an answer carries
   * counts as received, so the next call pages on to the rest.
   */
  const fetch = (client: Client.Client, list: readonly string[]): Promise<string> => {
    // A repeated topic would repeat its messages in the answer.
    if (new Set(list).size !== list.length) {
      throw new RequestError({
        code: JsonRpc.ErrorCodes.invalidParams,
        message: 'Invalid params: topics: duplicate topic',
      })
    }
    return Promise.all(list.map((topic) => mailbox.list(topic, client.clientId))).then(async (lists) => {
      const data: string[] = []
      const taken = new Map<string, number[]>()
      let bytes = 0
      let hasMore = false
      pages: for (const [i, stored] of lists.entries()) {
        const topic = list[i]!
        for (const message of stored) {
          if (message.publisher === client.clientId) continue
          bytes += Buffer.byteLength(message.data)
          if (bytes > limits.maxFetchBytes && data.length > 0) {
            hasMore = true
            break pages
          }
          data.push(message.data)
          if (message.messageId > 0) {
            const ids = taken.get(topic) ?? []
            ids.push(message.messageId)
            taken.set(topic, ids)
          }
        }
      }
      await Promise.all([...taken].map(([topic, ids]) => received(client, topic, ids)))
      return `{"messages":[${data.join(',')}],"hasMore":${hasMore}}`
    })
  }

  /** `irn_batchReceive`: receipts of messages the client got another way; they are not delivered again. */
  const receipts = (client: Client.Client, list: readonly Messages.Receipt[]): Promise<string> => {
    const byTopic = new Map<string, number[]>()
    for (const receipt of list) {
      const ids = byTopic.get(receipt.topic) ?? []
      ids.push(receipt.messageId)
      byTopic.set(receipt.topic, ids)
    }
    return Promise.all([...byTopic].map(([topic, ids]) => received(client, topic, ids))).then(() => 'true')
  }

  /** The fan-outs of stored messages, run after the answer. */
  const fanOutAll = (fanOuts: readonly FanOut[]) => () => {
    for (const fanOut of fanOuts) fanOut()
  }

  /** Runs a request; returns the result as JSON, or a promise of it, and what to do once answered. */
  const run = (
    client: Client.Client,
    request: Messages.Request,
  ): { result: string | Promise<string>; after?: () => Promise<void> | undefined | void } => {
    switch (request.method) {
      case 'irn_publish': {
        const done = publish(client, request.params)
        if (typeof done === 'function') return { result: 'true', after: () => done() }
        let fanOut: FanOut | undefined
        return {
          result: done.then((stored) => {
            fanOut = stored
            return 'true'
          }),
          after: () => fanOut?.(),
        }
      }
      case 'irn_batchPublish': {
        const done = request.params.messages.map((message) => publish(client, message))
        let fanOuts: FanOut[] = []
        return {
          result: Promise.all(done).then((stored) => {
            fanOuts = stored
            return 'true'
          }),
          after: () => fanOutAll(fanOuts)(),
        }
      }
      case 'irn_subscribe': {
        const { topic } = request.params
        return {
          result: subscribe(client, [topic]).then((ids) => JSON.stringify(ids[0])),
          after: () => replay(client, [topic]),
        }
      }
      case 'irn_batchSubscribe': {
        const order = batch(request.params.topics)
        const list = [...new Set(order)]
        return {
          result: subscribe(client, list).then(() =>
            JSON.stringify(order.map((topic) => client.subscriptions.get(topic))),
          ),
          after: () => replay(client, list),
        }
      }
      case 'irn_unsubscribe':
        unsubscribe(client, request.params.topic)
        return { result: 'true' }
      case 'irn_batchUnsubscribe':
        for (const subscription of batch(request.params.subscriptions))
          unsubscribe(client, subscription.topic)
        return { result: 'true' }
      case 'irn_batchFetchMessages':
        return { result: fetch(client, batch(request.params.topics)) }
      case 'irn_fetchMessages':
        return { result: fetch(client, [request.params.topic]) }
      case 'irn_batchReceive':
        return { result: receipts(client, batch(request.params.receipts)) }
      case 'wc_proposeSession': {
        const { pairingTopic, sessionProposal, ttl, attestation } = request.params
        let fanOut: FanOut | undefined
        const result = (async () => {
          await subscribe(client, [pairingTopic])
          fanOut = await publish(client, {
            topic: pairingTopic,
            message: sessionProposal,
            ttl: ttl ?? Messages.SESSION_METHOD_TTL_S,
            tag: Messages.Tags.sessionProposal,
            attestation,
          })
          return 'true'
        })()
        return {
          result,
          after: () => {
            fanOut?.()
            return replay(client, [pairingTopic])
          },
        }
      }
      case 'wc_approveSession': {
        const {
          pairingTopic,
          sessionTopic,
          sessionProposalResponse,
          sessionSettlementRequest,
          ttl,
          attestation,
        } = request.params
        let fanOuts: FanOut[] = []
        const result = (async () => {
          await subscribe(client, [sessionTopic])
          fanOuts = await Promise.all([
            publish(client, {
              topic: pairingTopic,
              message: sessionProposalResponse,
              ttl: ttl ?? Messages.SESSION_METHOD_TTL_S,
              tag: Messages.Tags.sessionProposalResponse,
              attestation,
            }),
            publish(client, {
              topic: sessionTopic,
              message: sessionSettlementRequest,
              ttl: ttl ?? Messages.SESSION_METHOD_TTL_S,
              tag: Messages.Tags.sessionSettlement,
              attestation,
            }),
          ])
          return 'true'
        })()
        return {
          result,
          after: () => {
            fanOutAll(fanOuts)()
            return replay(client, [sessionTopic])
          },
        }
      }
    }
  }

  const fail = (client: Client.Client, id: string, error: unknown) => {
    if (error instanceof RequestError) {
      client.send(JsonRpc.error(id, error.error))
      return
    }
    logger.error({ err: error, client: client.id }, 'request failed')
    client.send(JsonRpc.error(id, { code: JsonRpc.ErrorCodes.internal, message: 'Internal error' }))
  }

  const resync = async () => {
    const pairs: [Client.Client, string][] = []
    for (const [topic, subscribers] of topics.entries())
      for (const client of subscribers) pairs.push([client, topic])
    let sent = 0
    for (let i = 0; i < pairs.length; i += RESYNC_BATCH) {
      const step = pairs.slice(i, i + RESYNC_BATCH)
      const stored = await Promise.all(step.map(([client, topic]) => mailbox.list(topic, client.clientId)))
      step.forEach(([client, topic], j) => {
        for (const message of stored[j]!) {
          if (message.publisher === client.clientId || client.unacked.has(String(message.messageId))) continue
          send(client, topic, message.data, message.messageId)
          sent += 1
        }
      })
    }
    return sent
  }

  return {
    topics,
    resync,
    receive: deliver,
    disconnect(client) {
      for (const topic of client.subscriptions.keys())
        if (topics.remove(topic, client)) fanout.unlisten(topic)
      client.subscriptions.clear()
      client.unacked.clear()
    },
    handle(client, text) {
      const decision = client.limiter.take()
      if (decision !== 'allowed') {
        metrics.rateLimited()
        if (decision === 'abusive') {
          client.close(Messages.Codes.rateLimited, 'Rate limited')
          return
        }
        client.send(
          JsonRpc.error(JsonRpc.rawId(text) ?? 'null', {
            code: Messages.Codes.rateLimited,
            message: 'Rate limited',
          }),
        )
        return
      }
      const frame = Messages.parse(text)
      if (frame.kind === 'response') {
        metrics.messageIn('response')
        // An ack (`result: true`) of a delivery: the client never gets that message again.
        const topic = client.unacked.get(frame.id)
        if (topic === undefined) return
        client.unacked.delete(frame.id)
        if (frame.ok) received(client, topic, [Number(frame.id)])
        return
      }
      if (frame.kind === 'invalid') {
        metrics.messageIn('invalid')
        client.send(JsonRpc.error(frame.id, frame.error))
        return
      }
      metrics.messageIn(frame.method)
      let outcome: ReturnType<typeof run>
      try {
        outcome = run(client, frame)
      } catch (error) {
        fail(client, frame.id, error)
        return
      }
      const { result, after } = outcome
      // The answer first, then what follows it (fan-out, mailbox replay).
      const answered = (json: string) => {
        client.send(JsonRpc.result(frame.id, json))
        try {
          after?.()?.catch((error: unknown) =>
            logger.error({ err: error, client: client.id }, 'mailbox replay failed'),
          )
        } catch (error) {
          logger.error({ err: error, client: client.id }, 'fan-out failed')
        }
      }
      if (typeof result === 'string') {
        answered(result)
        return
      }
      result.then(answered, (error: unknown) => fail(client, frame.id, error))
    },
  }
}
