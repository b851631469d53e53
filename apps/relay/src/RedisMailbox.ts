import type { Redis } from 'ioredis'
import type * as Mailbox from './Mailbox.js'

/**
 * The mailbox in Redis, shared by every relay node. Each topic is a sorted set scored by expiry; the
 * key itself expires with its longest-lived message. A member is `uid \n publisher \n data`, the uid
 * being `nodeTag.counter` (it keeps two equal messages apart and names the node that stored it).
 *
 * One short Lua script per put stores the message and announces the same member on the topic's
 * channel (`RedisFanout` listens): one command per publish on the Redis hot path, and a message is
 * always stored before any node hears of it.
 */

/** Where the relay's keys live. */
export const PREFIX = 'frontdoor:relay:'

// KEYS: topic set, topic channel. ARGV: now, expiresAt, member, maxPerTopic, ttlMs.
const PUT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
local excess = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4])
if excess > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, excess - 1) end
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[5]) then redis.call('PEXPIREAT', KEYS[1], ARGV[2]) end
redis.call('PUBLISH', KEYS[2], ARGV[3])
`

type Scripted = Redis & {
  relayMailboxPut: (topicKey: string, channel: string, ...args: (string | number)[]) => Promise<unknown>
}

/** The channel on which a topic's new messages are announced. */
export function channel(topic: string, prefix = PREFIX): string {
  return `${prefix}topic:${topic}`
}

/** A node's tag in the uids of the messages it stores. */
export function nodeTag(nodeId: string): string {
  return nodeId.replace(/-/g, '').slice(0, 16)
}

/** A stored member (also the payload of an announcement), split; undefined when malformed. */
export function parseMember(member: string): { uid: string; publisher: string; data: string } | undefined {
  const first = member.indexOf('\n')
  const second = first < 0 ? -1 : member.indexOf('\n', first + 1)
  if (second < 0) return undefined
  return {
    uid: member.slice(0, first),
    publisher: member.slice(first + 1, second),
    data: member.slice(second + 1),
  }
}

/** How many keys one SCAN step asks for when `/metrics` counts the mailbox. */
const SCAN_COUNT = 1000

/** The key of a topic's messages. */
export function topicKey(topic: string, prefix = PREFIX): string {
  return `${prefix}mailbox:${topic}`
}

export type Options = {
  /** A connection for commands (not in subscriber mode). */
  redis: Redis
  /** Names this node in the uids of its messages (see `nodeTag`). */
  nodeId: string
  maxPerTopic: number
  now?: () => number
  /** Key prefix (default `PREFIX`); tests use their own. */
  prefix?: string
}

/**
 * A Redis mailbox.
 *
 * @example
 * const mailbox = RedisMailbox.create({ redis: new Redis(url), nodeId, maxPerTopic: 500 })
 */
export function create(options: Options): Mailbox.Mailbox {
  const now = options.now ?? Date.now
  if (!('relayMailboxPut' in options.redis)) {
    options.redis.defineCommand('relayMailboxPut', { numberOfKeys: 2, lua: PUT })
  }
  const redis = options.redis as Scripted
  const prefix = options.prefix ?? PREFIX
  const tag = `${nodeTag(options.nodeId)}.`
  let counter = 0
  return {
    async put(topic, message) {
      const uid = tag + (counter++).toString(36)
      const time = now()
      await redis.relayMailboxPut(
        topicKey(topic, prefix),
        channel(topic, prefix),
        time,
        message.expiresAt,
        `${uid}\n${message.publisher}\n${message.data}`,
        options.maxPerTopic,
        message.expiresAt - time,
      )
    },
    async list(topic) {
      const members = await redis.zrangebyscore(topicKey(topic, prefix), `(${now()}`, '+inf', 'WITHSCORES')
      const stored: Mailbox.Stored[] = []
      for (let i = 0; i + 1 < members.length; i += 2) {
        const member = parseMember(members[i]!)
        if (member)
          stored.push({ publisher: member.publisher, data: member.data, expiresAt: Number(members[i + 1]) })
      }
      return stored
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
    close: () => undefined,
  }
}
