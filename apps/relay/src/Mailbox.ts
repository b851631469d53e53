/**
 * The per-topic mailbox: every published message is kept until its TTL ends and delivered to each
 * client that subscribes to the topic later (WalletConnect clients never fetch). In memory here;
 * `RedisMailbox` keeps it in Redis for several relay nodes.
 *
 * It is bounded three ways (`Caps`): messages and bytes per topic, and bytes over all topics. A put
 * past a cap is refused (nothing is dropped): what a topic already holds is what its peers are
 * waiting for, and the publisher hears why.
 */

/** One stored message. */
export type Stored = {
  /** The `data` of the `irn_subscription` that delivers it, already JSON. */
  data: string
  /** The did:key of the publishing client, which never gets its own message back. */
  publisher: string
  /** When it expires, in milliseconds since the epoch. */
  expiresAt: number
}

/** What the mailbox may hold. */
export type Caps = {
  maxMessagesPerTopic: number
  maxBytesPerTopic: number
  /** Over all topics. */
  maxBytes: number
}

/** What a put did: stored, or which cap refused it. */
export type Verdict = 'stored' | 'topic_messages' | 'topic_bytes' | 'total_bytes'

/** A mailbox of topics. */
export type Mailbox = {
  /** Keeps a message on a topic, unless a cap refuses it. */
  put: (topic: string, message: Stored) => Promise<Verdict> | Verdict
  /** The live messages of a topic, oldest first. */
  list: (topic: string) => Promise<Stored[]> | Stored[]
  /** How many live messages are kept over all topics. */
  size: () => Promise<number> | number
  /** How many bytes (`bytes` of each message) are kept over all topics. */
  bytes: () => Promise<number> | number
  close: () => Promise<void> | void
}

/**
 * What a message counts against the byte caps: its data and publisher, in UTF-8 (what Redis holds;
 * in memory a string takes about as much).
 */
export function bytes(message: Pick<Stored, 'data' | 'publisher'>): number {
  return Buffer.byteLength(message.data) + Buffer.byteLength(message.publisher)
}

export type MemoryOptions = Caps & {
  now?: () => number
  /** How often expired messages are swept (they are also skipped on `list`). */
  sweepMs?: number
}

/** How often a full mailbox looks for expired messages to make room. */
const FULL_SWEEP_MS = 1000

type Topic = { messages: (Stored & { bytes: number })[]; bytes: number }

/**
 * An in-memory mailbox (one process).
 *
 * @example
 * const mailbox = Mailbox.memory({ maxMessagesPerTopic: 500, maxBytesPerTopic: 4 << 20, maxBytes: 256 << 20 })
 * mailbox.put(topic, { data, publisher, expiresAt: Date.now() + ttlS * 1000 }) // 'stored'
 */
export function memory(options: MemoryOptions): Mailbox & { sweep: () => void } {
  const now = options.now ?? Date.now
  const topics = new Map<string, Topic>()
  let count = 0
  let total = 0
  let swept = Number.NEGATIVE_INFINITY
  const trim = (key: string, topic: Topic, time: number) => {
    const live = topic.messages.filter((message) => message.expiresAt > time)
    if (live.length === topic.messages.length) return
    let freed = 0
    for (const message of topic.messages) if (message.expiresAt <= time) freed += message.bytes
    count -= topic.messages.length - live.length
    total -= freed
    topic.bytes -= freed
    topic.messages = live
    if (live.length === 0) topics.delete(key)
  }
  const sweep = () => {
    const time = now()
    swept = time
    for (const [key, topic] of topics) trim(key, topic, time)
  }
  const timer = setInterval(sweep, options.sweepMs ?? 30_000)
  timer.unref()
  return {
    put(key, message) {
      const size = bytes(message)
      let topic = topics.get(key)
      if (topic) trim(key, topic, now())
      topic = topics.get(key)
      if ((topic?.messages.length ?? 0) >= options.maxMessagesPerTopic) return 'topic_messages'
      if ((topic?.bytes ?? 0) + size > options.maxBytesPerTopic) return 'topic_bytes'
      if (total + size > options.maxBytes) {
        // Expired messages elsewhere may free enough; swept at most once a second, so a flood at
        // the cap does not walk every topic on every publish.
        if (now() - swept >= FULL_SWEEP_MS) sweep()
        if (total + size > options.maxBytes) return 'total_bytes'
      }
      if (!topic) {
        topic = { messages: [], bytes: 0 }
        topics.set(key, topic)
      }
      topic.messages.push({ ...message, bytes: size })
      topic.bytes += size
      count += 1
      total += size
      return 'stored'
    },
    list(key) {
      const topic = topics.get(key)
      if (!topic) return []
      const time = now()
      return topic.messages
        .filter((message) => message.expiresAt > time)
        .map(({ data, publisher, expiresAt }) => ({ data, publisher, expiresAt }))
    },
    size() {
      sweep()
      return count
    },
    bytes() {
      sweep()
      return total
    },
    sweep,
    close: () => clearInterval(timer),
  }
}
