/** The relay's counters, rendered in Prometheus text format for `/metrics`. */
export type Metrics = {
  /** A frame received, by method (`response` for acks, `invalid` for refused frames). */
  messageIn: (method: string) => void
  /** An `irn_subscription` sent. */
  messageOut: () => void
  /** A message stored in the mailbox. */
  stored: () => void
  /** A refused connection, by reason. */
  authFailure: (reason: string) => void
  /** A frame refused by the rate limit. */
  rateLimited: () => void
  /** Messages the mailbox evicted to stay under its total bytes. */
  evicted: (count: number) => void
  /** A request refused by a memory cap, by cap (`Limit`). */
  limitReached: (limit: Limit) => void
  /** Redis lost (or not reachable at start): one per outage. */
  redisOutage: () => void
  render: () => Promise<string>
}

/** The memory caps a request can run into. */
export type Limit =
  | 'subscriptions_per_socket'
  | 'batch_topics'
  | 'mailbox_topic_messages'
  | 'mailbox_topic_bytes'
  | 'mailbox_client_bytes'
  | 'mailbox_address_bytes'
  | 'mailbox_total_bytes'

/** Live values read when the metrics are rendered. */
export type Gauges = {
  sockets: () => number
  subscriptions: () => number
  topics: () => number
  mailbox: () => Promise<number> | number
  mailboxBytes: () => Promise<number> | number
  /** 1 while both Redis connections are up, 0 while not; undefined in memory (not rendered). */
  redisUp?: () => number | undefined
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}

/**
 * Creates the registry.
 *
 * @example
 * const metrics = Metrics.create({ sockets: () => clients.size, … })
 * metrics.messageIn('irn_publish')
 */
export function create(gauges: Gauges): Metrics {
  const messagesIn = new Map<string, number>()
  const authFailures = new Map<string, number>()
  const limits = new Map<string, number>()
  let messagesOut = 0
  let stored = 0
  let rateLimited = 0
  let evicted = 0
  let redisOutages = 0
  const counter = (name: string, help: string, label: string, values: Map<string, number>) => [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} counter`,
    ...[...values].map(([key, value]) => `${name}{${label}="${escapeLabel(key)}"} ${value}`),
  ]
  const single = (name: string, type: 'counter' | 'gauge', help: string, value: number) => [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} ${type}`,
    `${name} ${value}`,
  ]
  return {
    messageIn(method) {
      messagesIn.set(method, (messagesIn.get(method) ?? 0) + 1)
    },
    messageOut() {
      messagesOut += 1
    },
    stored() {
      stored += 1
    },
    authFailure(reason) {
      authFailures.set(reason, (authFailures.get(reason) ?? 0) + 1)
    },
    rateLimited() {
      rateLimited += 1
    },
    evicted(count) {
      evicted += count
    },
    limitReached(limit) {
      limits.set(limit, (limits.get(limit) ?? 0) + 1)
    },
    redisOutage() {
      redisOutages += 1
    },
    async render() {
      const [mailbox, mailboxBytes] = await Promise.all([gauges.mailbox(), gauges.mailboxBytes()])
      const lines = [
        ...single('frontdoor_relay_sockets', 'gauge', 'Open WebSocket connections.', gauges.sockets()),
        ...single(
          'frontdoor_relay_subscriptions',
          'gauge',
          'Subscriptions (socket, topic) on this node.',
          gauges.subscriptions(),
        ),
        ...single(
          'frontdoor_relay_topics',
          'gauge',
          'Topics with a subscriber on this node.',
          gauges.topics(),
        ),
        ...single(
          'frontdoor_relay_mailbox_messages',
          'gauge',
          'Messages kept in the mailbox until their TTL.',
          mailbox,
        ),
        ...single(
          'frontdoor_relay_mailbox_bytes',
          'gauge',
          'Bytes of the messages kept in the mailbox (over all nodes on Redis).',
          mailboxBytes,
        ),
        ...counter('frontdoor_relay_messages_in_total', 'Frames received, by method.', 'method', messagesIn),
        ...single(
          'frontdoor_relay_messages_out_total',
          'counter',
          'irn_subscription messages sent.',
          messagesOut,
        ),
        ...single('frontdoor_relay_messages_stored_total', 'counter', 'Messages put in the mailbox.', stored),
        ...counter(
          'frontdoor_relay_auth_failures_total',
          'Connections refused, by reason.',
          'reason',
          authFailures,
        ),
        ...single(
          'frontdoor_relay_rate_limited_total',
          'counter',
          'Frames refused by the rate limit.',
          rateLimited,
        ),
        ...single(
          'frontdoor_relay_mailbox_evicted_total',
          'counter',
          'Messages evicted (closest to expiry first) to keep the mailbox under its total bytes.',
          evicted,
        ),
        ...counter(
          'frontdoor_relay_limit_refusals_total',
          'Requests refused by a memory cap, by cap.',
          'limit',
          limits,
        ),
        ...single(
          'frontdoor_relay_redis_outages_total',
          'counter',
          'Times this node lost Redis (or could not reach it at start).',
          redisOutages,
        ),
      ]
      const redisUp = gauges.redisUp?.()
      if (redisUp !== undefined)
        lines.push(
          ...single('frontdoor_relay_redis_up', 'gauge', 'Whether this node reaches Redis.', redisUp),
        )
      return `${lines.join('\n')}\n`
    },
  }
}
