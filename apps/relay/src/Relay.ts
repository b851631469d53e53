import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import type * as Client from './Client.js'
import type * as Config from './Config.js'
import type * as Fanout from './Fanout.js'
import * as JsonRpc from './JsonRpc.js'
import type * as Mailbox from './Mailbox.js'
import * as Messages from './Messages.js'
import type * as Metrics from './Metrics.js'
import * as Topics from './Topics.js'

/**
 * The relay's protocol handling, apart from sockets: subscriptions, publishes with the mailbox and
 * the fan-out, the two session methods, acks and the rate limit.
 */
export type Relay = {
  /** Handles one text frame from a client. */
  handle: (client: Client.Client, text: string) => void
  /** Forgets a client whose socket closed. */
  disconnect: (client: Client.Client) => void
  /** Delivers a message published on another node to this node's subscribers. */
  receive: Fanout.Receive
  topics: Topics.Topics
}

export type Options = {
  mailbox: Mailbox.Mailbox
  fanout: Fanout.Fanout
  metrics: Metrics.Metrics
  limits: Config.Limits
  logger: Logger
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
export function subscriptionData(message: {
  topic: string
  message: string
  publishedAt: number
  tag?: number | undefined
  attestation?: string | undefined
}): string {
  let json = `{"topic":"${message.topic}","message":${JSON.stringify(message.message)},"publishedAt":${message.publishedAt}`
  if (message.tag !== undefined) json += `,"tag":${message.tag}`
  if (message.attestation !== undefined) json += `,"attestation":${JSON.stringify(message.attestation)}`
  return `${json}}`
}

class RequestError extends Error {
  constructor(readonly error: JsonRpc.ErrorObject) {
    super(error.message)
  }
}

/** The error a publish refused by the mailbox gets, and the metric it counts under. */
function refusal(verdict: Exclude<Mailbox.Verdict, 'stored'>, limits: Config.Limits) {
  const [limit, message]: [Metrics.Limit, string] =
    verdict === 'topic_messages'
      ? ['mailbox_topic_messages', `at most ${limits.maxMailboxMessagesPerTopic} messages per topic`]
      : verdict === 'topic_bytes'
        ? ['mailbox_topic_bytes', `at most ${limits.maxMailboxBytesPerTopic} bytes per topic`]
        : ['mailbox_total_bytes', `at most ${limits.maxMailboxBytes} bytes in all`]
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
  const { mailbox, fanout, metrics, limits, logger } = options
  const now = options.now ?? Date.now
  const topics = Topics.create()
  const nextId = JsonRpc.ids(now)

  const send = (client: Client.Client, topic: string, data: string) => {
    const id = client.subscriptions.get(topic)
    if (id === undefined) return
    client.send(JsonRpc.request(nextId(), 'irn_subscription', `{"id":"${id}","data":${data}}`))
    metrics.messageOut()
  }

  const deliver = (topic: string, publisher: string, data: string) => {
    const subscribers = topics.subscribers(topic)
    if (!subscribers) return
    for (const client of subscribers) if (client.clientId !== publisher) send(client, topic, data)
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

  /** Sends a client the stored messages of topics it just subscribed to. */
  const replay = async (client: Client.Client, list: readonly string[]) => {
    // Read together (one Redis round trip for a whole batch), delivered topic by topic.
    const stored = await Promise.all(list.map((topic) => mailbox.list(topic)))
    list.forEach((topic, i) => {
      for (const message of stored[i]!)
        if (message.publisher !== client.clientId) send(client, topic, message.data)
    })
  }

  const unsubscribe = (client: Client.Client, topic: string) => {
    if (!client.subscriptions.delete(topic)) return
    if (topics.remove(topic, client)) fanout.unlisten(topic)
  }

  const publish = (
    client: Client.Client,
    message: {
      topic: string
      message: string
      ttl: number
      tag?: number | undefined
      attestation?: string | undefined
    },
  ): Promise<unknown> | undefined => {
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
    const data = subscriptionData({
      topic: message.topic,
      message: message.message,
      publishedAt,
      tag: message.tag,
      attestation: message.attestation,
    })
    // Stored before anyone hears of it (on Redis, one script checks the caps, stores and tells the
    // other nodes), so a node whose client subscribes in between finds it in the mailbox, and a
    // message the mailbox refuses reaches no one.
    const verdict = mailbox.put(message.topic, {
      data,
      publisher: client.clientId,
      expiresAt: publishedAt + message.ttl * 1000,
    })
    const stored = (verdict: Mailbox.Verdict) => {
      if (verdict !== 'stored') {
        const { limit, error } = refusal(verdict, limits)
        metrics.limitReached(limit)
        throw error
      }
      metrics.stored()
      deliver(message.topic, client.clientId, data)
      return fanout.publish(message.topic, client.clientId, data)
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

  const fetch = (client: Client.Client, list: readonly string[]): Promise<string> => {
    // A repeated topic would repeat its messages in the answer.
    if (new Set(list).size !== list.length) {
      throw new RequestError({
        code: JsonRpc.ErrorCodes.invalidParams,
        message: 'Invalid params: topics: duplicate topic',
      })
    }
    return Promise.all(list.map((topic) => mailbox.list(topic))).then((lists) => {
      const data: string[] = []
      let bytes = 0
      for (const stored of lists) {
        for (const message of stored) {
          if (message.publisher === client.clientId) continue
          bytes += Buffer.byteLength(message.data)
          if (bytes > limits.maxFetchBytes) return `{"messages":[${data.join(',')}],"hasMore":true}`
          data.push(message.data)
        }
      }
      return `{"messages":[${data.join(',')}],"hasMore":false}`
    })
  }

  /** Runs a request; returns the result as JSON, or a promise of it, and what to do once answered. */
  const run = (
    client: Client.Client,
    request: Messages.Request,
  ): { result: string | Promise<string>; after?: () => Promise<void> } => {
    switch (request.method) {
      case 'irn_publish': {
        const done = publish(client, request.params)
        return { result: done ? done.then(() => 'true') : 'true' }
      }
      case 'irn_batchPublish': {
        const done = request.params.messages.map((message) => publish(client, message))
        return { result: Promise.all(done).then(() => 'true') }
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
      case 'wc_proposeSession': {
        const { pairingTopic, sessionProposal, ttl, attestation } = request.params
        const result = (async () => {
          await subscribe(client, [pairingTopic])
          await publish(client, {
            topic: pairingTopic,
            message: sessionProposal,
            ttl: ttl ?? Messages.SESSION_METHOD_TTL_S,
            tag: Messages.Tags.sessionProposal,
            attestation,
          })
          return 'true'
        })()
        return { result, after: () => replay(client, [pairingTopic]) }
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
        const result = (async () => {
          await subscribe(client, [sessionTopic])
          await Promise.all([
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
        return { result, after: () => replay(client, [sessionTopic]) }
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

  return {
    topics,
    receive: deliver,
    disconnect(client) {
      for (const topic of client.subscriptions.keys())
        if (topics.remove(topic, client)) fanout.unlisten(topic)
      client.subscriptions.clear()
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
      if (typeof result === 'string') {
        client.send(JsonRpc.result(frame.id, result))
        return
      }
      result.then(
        (json) => {
          client.send(JsonRpc.result(frame.id, json))
          after?.().catch((error: unknown) =>
            logger.error({ err: error, client: client.id }, 'mailbox replay failed'),
          )
        },
        (error: unknown) => fail(client, frame.id, error),
      )
    },
  }
}
