/**
 * The per-topic mailbox: every published message is kept until its TTL ends and delivered to each
 * client that subscribes to the topic later (WalletConnect clients never fetch). In memory here;
 * `RedisMailbox` keeps it in Redis for several relay nodes.
 *
 * It is bounded five ways (`Caps`). Past a topic's messages or bytes a put is refused (nothing is
 * dropped): what a topic holds is what its peers wait for, and only those who know the topic can
 * fill it. Past its publisher's share (the bytes one client id, and one client address, may hold)
 * a put is refused too: a client cannot fill the mailbox with its own messages and so push out
 * everyone else's, however many client ids it makes (they share their address's share). Past the
 * bytes over all topics the messages closest to expiry are evicted to make room (as Redis'
 * volatile-ttl): refusing there would let one flood lock every topic out, while an evicted message
 * was delivered live to whoever was online and is lost only to a peer that was not. With the shares
 * that takes as many full addresses as the mailbox holds shares (16 by default).
 */

/** One stored message. */
export type Stored = {
  /** Its id (a safe integer): the request id of each `irn_subscription` that carries it. */
  messageId: number
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
  /** The share of one client id (a publisher), over all topics. */
  maxBytesPerClient: number
  /** The share of one client address (`ClientAddress.key`), over all its client ids and topics. */
  maxBytesPerAddress: number
  /** Over all topics. */
  maxBytes: number
}

/** What a put did: stored, or which cap refused it. */
export type Verdict =
  | 'stored'
  | 'topic_messages'
  | 'topic_bytes'
  | 'client_bytes'
  | 'address_bytes'
  | 'total_bytes'

/** A mailbox of topics. */
export type Mailbox = {
  /**
   * Keeps a message on a topic (evicting others past `maxBytes`), unless a cap refuses it; it counts
   * against the share of its publisher and of the publisher's `address`.
   */
  put: (topic: string, message: Stored, address: string) => Promise<Verdict> | Verdict
  /**
   * The live messages of a topic, oldest first; with `clientId`, only those that client has not
   * received (acked, fetched or receipted).
   */
  list: (topic: string, clientId?: string) => Promise<Stored[]> | Stored[]
  /**
   * Records that a client received messages of a topic: they are not listed for it again, while other
   * clients still get them until their TTL. Ids the topic does not hold are ignored.
   */
  receive: (topic: string, clientId: string, messageIds: readonly number[]) => Promise<void> | void
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
  /** Told how many messages a put evicted to stay under `maxBytes`. */
  onEvict?: (count: number) => void
  now?: () => number
  /** How often expired messages are swept (they are also skipped on `list`). */
  sweepMs?: number
}

/**
 * A kept message. `received`: the clients that received it; one client id alone (a message's usual
 * one peer) until a second needs a Set, so an ack costs no allocation in the common case.
 */
type Entry = Stored & {
  topic: string
  address: string
  bytes: number
  gone?: true
  received?: string | Set<string>
}

/** Adds `bytes` (negative to release) to a key's count, forgetting a key that holds nothing. */
function charge(counts: Map<string, number>, key: string, bytes: number): void {
  const next = (counts.get(key) ?? 0) + bytes
  if (next > 0) counts.set(key, next)
  else counts.delete(key)
}

function hasReceived(entry: Entry, clientId: string): boolean {
  const received = entry.received
  return (
    received !== undefined && (typeof received === 'string' ? received === clientId : received.has(clientId))
  )
}

function markReceived(entry: Entry, clientId: string): void {
  const received = entry.received
  if (received === undefined) entry.received = clientId
  else if (typeof received === 'string') {
    if (received !== clientId) entry.received = new Set([received, clientId])
  } else received.add(clientId)
}
/**
 * A topic's messages, oldest first, and the same by message id, so an ack finds its message at once
 * rather than by a walk of up to `maxMessagesPerTopic`. One node's ids never repeat; should a topic be
 * given a repeated id, `shared` is set and receipts walk the list as before.
 */
type Topic = { messages: Entry[]; byId: Map<number, Entry>; shared: boolean; bytes: number }

/** A binary min-heap of entries by expiry: the next to expire (and the next to evict) on top. */
function heap() {
  const items: Entry[] = []
  const before = (a: number, b: number) => items[a]!.expiresAt < items[b]!.expiresAt
  const swap = (a: number, b: number) => {
    const item = items[a]!
    items[a] = items[b]!
    items[b] = item
  }
  return {
    peek: (): Entry | undefined => items[0],
    push(entry: Entry) {
      items.push(entry)
      for (let i = items.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1
        if (!before(i, parent)) break
        swap(i, parent)
        i = parent
      }
    },
    pop(): Entry | undefined {
      const top = items[0]
      const last = items.pop()
      if (items.length && last) {
        items[0] = last
        for (let i = 0; ; ) {
          const [left, right] = [2 * i + 1, 2 * i + 2]
          let least = i
          if (left < items.length && before(left, least)) least = left
          if (right < items.length && before(right, least)) least = right
          if (least === i) break
          swap(i, least)
          i = least
        }
      }
      return top
    },
  }
}

/**
 * An in-memory mailbox (one process).
 *
 * @example
 * const mailbox = Mailbox.memory({ ...caps, maxBytes: 256 << 20 })
 * mailbox.put(topic, { messageId, data, publisher, expiresAt: Date.now() + ttlS * 1000 }, address) // 'stored'
 */
export function memory(options: MemoryOptions): Mailbox & { sweep: () => void } {
  const now = options.now ?? Date.now
  const topics = new Map<string, Topic>()
  const expiries = heap()
  /** The bytes each publisher (client id) and each address holds: their shares' use. */
  const clients = new Map<string, number>()
  const addresses = new Map<string, number>()
  let count = 0
  let total = 0
  /**
   * Pops entries off the heap while `take` says so (skipping those already gone). The totals drop at
   * once; each topic's list is filtered once per batch.
   */
  const drain = (take: (entry: Entry) => boolean): number => {
    let touched: Set<string> | undefined
    let popped = 0
    for (let entry = expiries.peek(); entry && (entry.gone || take(entry)); entry = expiries.peek()) {
      expiries.pop()
      if (entry.gone) continue
      entry.gone = true
      popped += 1
      count -= 1
      total -= entry.bytes
      charge(clients, entry.publisher, -entry.bytes)
      charge(addresses, entry.address, -entry.bytes)
      const topic = topics.get(entry.topic)
      if (topic) {
        topic.bytes -= entry.bytes
        if (topic.byId.get(entry.messageId) === entry) topic.byId.delete(entry.messageId)
      }
      touched ??= new Set()
      touched.add(entry.topic)
    }
    if (!touched) return popped
    for (const key of touched) {
      const topic = topics.get(key)
      if (!topic) continue
      topic.messages = topic.messages.filter((entry) => !entry.gone)
      if (topic.messages.length === 0) topics.delete(key)
    }
    return popped
  }
  const sweep = () => {
    const time = now()
    // Most puts find nothing expired: no closure, no set.
    const next = expiries.peek()
    if (!next || (!next.gone && next.expiresAt > time)) return
    drain((entry) => entry.expiresAt <= time)
  }
  const timer = setInterval(sweep, options.sweepMs ?? 30_000)
  timer.unref()
  return {
    put(key, message, address) {
      const size = bytes(message)
      sweep()
      let topic = topics.get(key)
      if ((topic?.messages.length ?? 0) >= options.maxMessagesPerTopic) return 'topic_messages'
      if ((topic?.bytes ?? 0) + size > options.maxBytesPerTopic) return 'topic_bytes'
      if ((clients.get(message.publisher) ?? 0) + size > options.maxBytesPerClient) return 'client_bytes'
      if ((addresses.get(address) ?? 0) + size > options.maxBytesPerAddress) return 'address_bytes'
      if (size > options.maxBytes) return 'total_bytes'
      if (total + size > options.maxBytes) {
        const evicted = drain(() => total + size > options.maxBytes)
        options.onEvict?.(evicted)
        topic = topics.get(key)
      }
      if (!topic) {
        topic = { messages: [], byId: new Map(), shared: false, bytes: 0 }
        topics.set(key, topic)
      }
      // Built member by member (not spread): one shape for every entry, fewer copies.
      const entry: Entry = {
        messageId: message.messageId,
        data: message.data,
        publisher: message.publisher,
        expiresAt: message.expiresAt,
        topic: key,
        address,
        bytes: size,
      }
      topic.messages.push(entry)
      if (topic.byId.has(entry.messageId)) topic.shared = true
      topic.byId.set(entry.messageId, entry)
      expiries.push(entry)
      topic.bytes += size
      charge(clients, message.publisher, size)
      charge(addresses, address, size)
      count += 1
      total += size
      return 'stored'
    },
    list(key, clientId) {
      const topic = topics.get(key)
      if (!topic) return []
      const time = now()
      return topic.messages
        .filter(
          (entry) => entry.expiresAt > time && !(clientId !== undefined && hasReceived(entry, clientId)),
        )
        .map(({ messageId, data, publisher, expiresAt }) => ({ messageId, data, publisher, expiresAt }))
    },
    receive(key, clientId, messageIds) {
      const topic = topics.get(key)
      if (!topic) return
      if (topic.shared) {
        const wanted = new Set(messageIds)
        for (const entry of topic.messages) if (wanted.has(entry.messageId)) markReceived(entry, clientId)
        return
      }
      for (const messageId of messageIds) {
        const entry = topic.byId.get(messageId)
        if (entry) markReceived(entry, clientId)
      }
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
