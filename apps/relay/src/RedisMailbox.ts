import type { Redis } from 'ioredis'
import * as Mailbox from './Mailbox.js'

/**
 * The mailbox in Redis, shared by every relay node. Each topic is a sorted set scored by expiry; the
 * key itself expires with its longest-lived message. A member is `uid \n publisher \n data`, the uid
 * being `nodeTag.messageId` (it keeps two equal messages apart, names the node that stored it and
 * carries the message id every node delivers it under).
 *
 * What each client received (acked, fetched or receipted) is a set of message ids per topic and
 * client (`received`), expiring with the topic's key, so a receipt outlives a relay restart and holds
 * on every node.
 *
 * One short Lua script per put checks the caps (per topic and the publisher's shares: refuse; in
 * all: evict the messages closest to expiry, as `Mailbox` explains), stores the message and announces
 * the same member on the topic's channel (`RedisFanout` listens): one command per publish on the
 * Redis hot path, and a message is always stored before any node hears of it.
 *
 * The byte caps need totals that survive a topic key expiring on its own: a ledger (a sorted set of
 * `bytes \n topic \n uid \n client \n address` scored by expiry) and a hash of bytes per topic, per
 * client (`client:<id>`), per address (`address:<key>`) and in all (`total`). Each put first retires
 * a bounded number of expired ledger entries from the totals; until they are retired the totals
 * count a little high, which only refuses early. Entries written before the shares (`bytes \n topic
 * \n uid`) count against the topic and the total only.
 */

/** Where the relay's keys live. */
const PREFIX = 'frontdoor:relay:'

/** Expired ledger entries one put retires at most. */
const SWEEP_BATCH = 256

// A ledger entry's parts (client and address absent in an entry from before the shares), and the
// release of its bytes from the counts of its topic, client and address in the bytes hash.
const LEDGER = `
local function parse(entry)
  local size, topic, uid, client, address = string.match(entry, '^(%d+)\\n([^\\n]*)\\n([^\\n]*)\\n([^\\n]*)\\n([^\\n]*)$')
  if not size then size, topic, uid = string.match(entry, '^(%d+)\\n([^\\n]*)\\n(.*)$') end
  return tonumber(size), topic, uid, client, address
end
local function release(bytes, field, size)
  if redis.call('HINCRBY', bytes, field, -size) <= 0 then redis.call('HDEL', bytes, field) end
end
local function releaseEntry(bytes, size, topic, client, address)
  release(bytes, topic, size)
  if client then
    release(bytes, 'client:' .. client, size)
    release(bytes, 'address:' .. address, size)
  end
end
`

// KEYS[ledger], KEYS[bytes] at positions L and B. ARGV[1]: now. Leaves `swept` (entries retired).
const sweep = (L: number, B: number) => `${LEDGER}
local expired = redis.call('ZRANGEBYSCORE', KEYS[${L}], '-inf', ARGV[1], 'LIMIT', 0, ${SWEEP_BATCH})
local swept = #expired
if swept > 0 then
  local freed = 0
  for _, entry in ipairs(expired) do
    local size, topic, _, client, address = parse(entry)
    freed = freed + size
    releaseEntry(KEYS[${B}], size, topic, client, address)
  end
  release(KEYS[${B}], 'total', freed)
  redis.call('ZREM', KEYS[${L}], unpack(expired))
end
`

/** Messages one put evicts at most to stay under the total; past that it is refused. */
const EVICT_BATCH = 1024

// KEYS: topic set, topic channel, ledger, bytes. ARGV: now, expiresAt, member, ttlMs, topic, size,
// ledger entry, maxMessagesPerTopic, maxBytesPerTopic, maxBytes, topic key prefix, client, address,
// maxBytesPerClient, maxBytesPerAddress. Returns {verdict, evicted}. Eviction reaches keys it
// computes (other topics): fine on one Redis, not on a Redis Cluster.
const PUT = `${sweep(3, 4)}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[8]) then return {'topic_messages', 0} end
local size = tonumber(ARGV[6])
local max = tonumber(ARGV[10])
local held = function(field) return tonumber(redis.call('HGET', KEYS[4], field)) or 0 end
local client, address = 'client:' .. ARGV[12], 'address:' .. ARGV[13]
if held(ARGV[5]) + size > tonumber(ARGV[9]) then return {'topic_bytes', 0} end
if held(client) + size > tonumber(ARGV[14]) then return {'client_bytes', 0} end
if held(address) + size > tonumber(ARGV[15]) then return {'address_bytes', 0} end
if size > max then return {'total_bytes', 0} end
local total = tonumber(redis.call('HGET', KEYS[4], 'total')) or 0
local evicted = 0
while total + size > max and evicted < ${EVICT_BATCH} do
  local first = redis.call('ZPOPMIN', KEYS[3])
  if #first == 0 then break end
  local bytes, topic, uid, owner, from = parse(first[1])
  local key = ARGV[11] .. topic
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', key, first[2], first[2])) do
    if string.sub(member, 1, #uid + 1) == uid .. '\\n' then
      redis.call('ZREM', key, member)
      break
    end
  end
  releaseEntry(KEYS[4], bytes, topic, owner, from)
  total = redis.call('HINCRBY', KEYS[4], 'total', -bytes)
  evicted = evicted + 1
end
if total + size > max then return {'total_bytes', evicted} end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[7])
redis.call('HINCRBY', KEYS[4], ARGV[5], size)
redis.call('HINCRBY', KEYS[4], client, size)
redis.call('HINCRBY', KEYS[4], address, size)
redis.call('HINCRBY', KEYS[4], 'total', size)
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[4]) then redis.call('PEXPIREAT', KEYS[1], ARGV[2]) end
redis.call('PUBLISH', KEYS[2], ARGV[3])
return {'stored', evicted}
`

// KEYS: ledger, bytes. ARGV: now. Returns how many entries it retired.
const SWEEP = `${sweep(1, 2)}
return swept
`

// KEYS: topic set, received set. ARGV: message ids. Records them unless the topic is gone; the set
// expires with the topic (never before its last message).
const RECEIVE = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then return 0 end
redis.call('SADD', KEYS[2], unpack(ARGV))
if redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end
return 1
`

type Scripted = Redis & {
  relayMailboxReceive: (...args: (string | number)[]) => Promise<number>
  relayMailboxPut: (...args: (string | number)[]) => Promise<[Mailbox.Verdict, number]>
  relayMailboxSweep: (...args: (string | number)[]) => Promise<number>
}

/** The channel on which a topic's new messages are announced. */
export function channel(topic: string, prefix = PREFIX): string {
  return `${prefix}topic:${topic}`
}

/** A node's tag in the uids of the messages it stores. */
export function nodeTag(nodeId: string): string {
  return nodeId.replace(/-/g, '').slice(0, 16)
}

/**
 * A stored member (also the payload of an announcement), split; undefined when malformed. The message
 * id is the uid's part after the node tag (0 for a member stored before message ids).
 */
export function parseMember(
  member: string,
): { uid: string; messageId: number; publisher: string; data: string } | undefined {
  const first = member.indexOf('\n')
  const second = first < 0 ? -1 : member.indexOf('\n', first + 1)
  if (second < 0) return undefined
  const uid = member.slice(0, first)
  const messageId = Number(uid.slice(uid.indexOf('.') + 1))
  return {
    uid,
    messageId: Number.isSafeInteger(messageId) && messageId > 0 ? messageId : 0,
    publisher: member.slice(first + 1, second),
    data: member.slice(second + 1),
  }
}

/** The key of the message ids a client received on a topic. */
function receivedKey(topic: string, clientId: string, prefix = PREFIX): string {
  return `${prefix}received:${topic}:${clientId}`
}

/** How many keys one SCAN step asks for when `/metrics` counts the mailbox. */
const SCAN_COUNT = 1000

/** The key of a topic's messages. */
export function topicKey(topic: string, prefix = PREFIX): string {
  return `${prefix}mailbox:${topic}`
}

export type Options = Mailbox.Caps & {
  /** A connection for commands (not in subscriber mode). */
  redis: Redis
  /** Names this node in the uids of its messages (see `nodeTag`). */
  nodeId: string
  now?: () => number
  /** Key prefix (default `PREFIX`); tests use their own. */
  prefix?: string
  /** Told how many messages a put evicted to stay under `maxBytes`. */
  onEvict?: (count: number) => void
}

/**
 * A Redis mailbox.
 *
 * @example
 * const mailbox = RedisMailbox.create({ redis: new Redis(url), nodeId, ...caps })
 */
export function create(options: Options): Mailbox.Mailbox {
  const now = options.now ?? Date.now
  if (!('relayMailboxPut' in options.redis)) {
    options.redis.defineCommand('relayMailboxPut', { numberOfKeys: 4, lua: PUT })
    options.redis.defineCommand('relayMailboxSweep', { numberOfKeys: 2, lua: SWEEP })
    options.redis.defineCommand('relayMailboxReceive', { numberOfKeys: 2, lua: RECEIVE })
  }
  const redis = options.redis as Scripted
  const prefix = options.prefix ?? PREFIX
  const ledger = `${prefix}ledger`
  const totals = `${prefix}bytes`
  const tag = `${nodeTag(options.nodeId)}.`
  /** Retires every expired ledger entry (for the gauges; puts retire a batch each). */
  const sweepAll = async () => {
    while ((await redis.relayMailboxSweep(ledger, totals, now())) >= SWEEP_BATCH);
  }
  return {
    put(topic, message, address) {
      const uid = tag + message.messageId
      const time = now()
      const size = Mailbox.bytes(message)
      const done = redis.relayMailboxPut(
        topicKey(topic, prefix),
        channel(topic, prefix),
        ledger,
        totals,
        time,
        message.expiresAt,
        `${uid}\n${message.publisher}\n${message.data}`,
        message.expiresAt - time,
        topic,
        size,
        `${size}\n${topic}\n${uid}\n${message.publisher}\n${address}`,
        options.maxMessagesPerTopic,
        options.maxBytesPerTopic,
        options.maxBytes,
        topicKey('', prefix),
        message.publisher,
        address,
        options.maxBytesPerClient,
        options.maxBytesPerAddress,
      )
      return done.then(([verdict, evicted]) => {
        if (evicted > 0) options.onEvict?.(evicted)
        return verdict
      })
    },
    async list(topic, clientId) {
      // Both commands leave in one round trip (auto-pipelining).
      const [members, received] = await Promise.all([
        redis.zrangebyscore(topicKey(topic, prefix), `(${now()}`, '+inf', 'WITHSCORES'),
        clientId === undefined ? [] : redis.smembers(receivedKey(topic, clientId, prefix)),
      ])
      const skip = new Set(received.map(Number))
      const stored: Mailbox.Stored[] = []
      for (let i = 0; i + 1 < members.length; i += 2) {
        const member = parseMember(members[i]!)
        if (member && !skip.has(member.messageId))
          stored.push({
            messageId: member.messageId,
            publisher: member.publisher,
            data: member.data,
            expiresAt: Number(members[i + 1]),
          })
      }
      return stored
    },
    async receive(topic, clientId, messageIds) {
      if (messageIds.length === 0) return
      await redis.relayMailboxReceive(
        topicKey(topic, prefix),
        receivedKey(topic, clientId, prefix),
        ...messageIds,
      )
    },
    // Counted when scraped (SCAN and ZCOUNT), so the put stays short.
    async size() {
      const from = `(${now()}`
      let cursor = '0'
      let total = 0
      do {
        const [next, keys] = await redis.scan(
          cursor,
          'MATCH',
          `${topicKey('*', prefix)}`,
          'COUNT',
          SCAN_COUNT,
        )
        cursor = next
        const counts = await Promise.all(keys.map((key) => redis.zcount(key, from, '+inf')))
        for (const count of counts) total += count
      } while (cursor !== '0')
      return total
    },
    async bytes() {
      await sweepAll()
      return Number(await redis.hget(totals, 'total')) || 0
    },
    close: () => undefined,
  }
}
