/**
 * The per-topic mailbox: every published message is kept until its TTL ends and delivered to each
 * client that subscribes to the topic later (WalletConnect clients never fetch). In memory here;
 * `RedisMailbox` keeps it in Redis for several relay nodes.
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

/** A mailbox of topics. */
export type Mailbox = {
  /** Keeps a message on a topic; past `maxPerTopic` the oldest are dropped. */
  put: (topic: string, message: Stored) => Promise<void> | void
  /** The live messages of a topic, oldest first. */
  list: (topic: string) => Promise<Stored[]> | Stored[]
  /** How many live messages are kept over all topics. */
  size: () => Promise<number> | number
  close: () => Promise<void> | void
}

export type MemoryOptions = {
  maxPerTopic: number
  now?: () => number
  /** How often expired messages are swept (they are also skipped on `list`). */
  sweepMs?: number
}

/**
 * An in-memory mailbox (one process).
 *
 * @example
 * const mailbox = Mailbox.memory({ maxPerTopic: 500 })
 * mailbox.put(topic, { data, publisher, expiresAt: Date.now() + ttlS * 1000 })
 */
export function memory(options: MemoryOptions): Mailbox & { sweep: () => void } {
  const now = options.now ?? Date.now
  const topics = new Map<string, Stored[]>()
  let count = 0
  const sweep = () => {
    const time = now()
    for (const [topic, messages] of topics) {
      const live = messages.filter((message) => message.expiresAt > time)
      count -= messages.length - live.length
      if (live.length === 0) topics.delete(topic)
      else if (live.length !== messages.length) topics.set(topic, live)
    }
  }
  const timer = setInterval(sweep, options.sweepMs ?? 30_000)
  timer.unref()
  return {
    put(topic, message) {
      let messages = topics.get(topic)
      if (!messages) {
        messages = []
        topics.set(topic, messages)
      }
      messages.push(message)
      count += 1
      if (messages.length > options.maxPerTopic) {
        messages.shift()
        count -= 1
      }
    },
    list(topic) {
      const messages = topics.get(topic)
      if (!messages) return []
      const time = now()
      return messages.filter((message) => message.expiresAt > time)
    },
    size() {
      sweep()
      return count
    },
    sweep,
    close: () => clearInterval(timer),
  }
}
