import type { Redis } from 'ioredis'
import type * as Mailbox from './Mailbox.js'

/**
 * The mailbox in Redis, shared by every relay node. Each topic is a sorted set scored by expiry (the key
 * itself expires with its last message); an index set, trimmed on every put, counts live messages
 * for `/metrics`. A member is
 * `uid \n publisher \n data`.
 */

/** Where the relay's keys live. */
export const PREFIX = 'frontdoor:relay:'

const INDEX_KEY = `${PREFIX}mailbox-index`

// KEYS: topic set, index. ARGV: now, expiresAt, member, uid, maxPerTopic.
const PUT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[4])
local count = redis.call('ZCARD', KEYS[1])
local excess = count - tonumber(ARGV[5])
if excess > 0 then
  for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, excess - 1)) do
    redis.call('ZREM', KEYS[2], string.sub(member, 1, string.find(member, '\\n', 1, true) - 1))
  end
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, excess - 1)
end
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])
`

// KEYS: index. ARGV: now.
const SIZE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
return redis.call('ZCARD', KEYS[1])
`

type Scripted = Redis & {
  relayMailboxPut: (topicKey: string, index: string, ...args: (string | number)[]) => Promise<unknown>
  relayMailboxSize: (index: string, now: number) => Promise<number>
}

/** The key of a topic's messages. */
export function topicKey(topic: string): string {
  return `${PREFIX}mailbox:${topic}`
}

export type Options = {
  /** A connection for commands (not in subscriber mode). */
  redis: Redis
  /** Prefixes the uids of this node's messages. */
  nodeId: string
  maxPerTopic: number
  now?: () => number
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
    options.redis.defineCommand('relayMailboxSize', { numberOfKeys: 1, lua: SIZE })
  }
  const redis = options.redis as Scripted
  const node = options.nodeId.slice(0, 8)
  let counter = 0
  return {
    async put(topic, message) {
      const uid = `${node}${(counter++).toString(36)}`
      await redis.relayMailboxPut(
        topicKey(topic),
        INDEX_KEY,
        now(),
        message.expiresAt,
        `${uid}\n${message.publisher}\n${message.data}`,
        uid,
        options.maxPerTopic,
      )
    },
    async list(topic) {
      const members = await redis.zrangebyscore(topicKey(topic), `(${now()}`, '+inf', 'WITHSCORES')
      const stored: Mailbox.Stored[] = []
      for (let i = 0; i + 1 < members.length; i += 2) {
        const member = members[i]!
        const first = member.indexOf('\n')
        const second = member.indexOf('\n', first + 1)
        if (first < 0 || second < 0) continue
        stored.push({
          publisher: member.slice(first + 1, second),
          data: member.slice(second + 1),
          expiresAt: Number(members[i + 1]),
        })
      }
      return stored
    },
    size: () => redis.relayMailboxSize(INDEX_KEY, now()),
    close: () => undefined,
  }
}
