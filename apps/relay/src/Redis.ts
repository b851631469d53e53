import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type * as Fanout from './Fanout.js'
import type * as Mailbox from './Mailbox.js'
import * as RedisFanout from './RedisFanout.js'
import * as RedisMailbox from './RedisMailbox.js'

export type Options = Mailbox.Caps & {
  url: string
  nodeId: string
  receive: Fanout.Receive
  logger: Logger
  onEvict?: (count: number) => void
  /** Key and channel prefix (default `RedisMailbox.PREFIX`). */
  prefix?: string | undefined
}

/** The longest wait between two attempts to reach Redis. */
const MAX_RETRY_DELAY_MS = 2000

/**
 * The wait before the `attempt`th reconnection: 100 ms, doubling, at most `MAX_RETRY_DELAY_MS`, with
 * up to a quarter of jitter so that the nodes of a fleet do not knock all at once. It never gives up.
 */
export function retryDelay(attempt: number, random = Math.random): number {
  const base = Math.min(MAX_RETRY_DELAY_MS, 100 * 2 ** Math.min(attempt - 1, 10))
  return Math.round(base * (1 - random() / 4))
}

/**
 * Warns when Redis would lose acknowledged messages on a restart: the relay acknowledges a publish
 * once Redis holds it, so that Redis must write every command to its append-only file before it
 * answers (`appendonly yes`, `appendfsync always`). A Redis that does not allow CONFIG is trusted.
 */
function durability(redis: Redis, logger: Logger) {
  redis.config('GET', 'append*').then(
    (pairs) => {
      const config = new Map<string, string>()
      const list = pairs as string[]
      for (let i = 0; i + 1 < list.length; i += 2) config.set(list[i]!, list[i + 1]!)
      if (config.get('appendonly') !== 'yes' || config.get('appendfsync') !== 'always')
        logger.warn(
          { appendonly: config.get('appendonly'), appendfsync: config.get('appendfsync') },
          'redis does not write every message to disk (want appendonly yes, appendfsync always): a Redis restart may lose acknowledged messages',
        )
    },
    () => {},
  )
}

/** What the relay's Redis connections tell the server. */
export type Events = {
  /** Redis was lost (the first connection of the two to drop); once per outage. */
  onOutage?: () => void
  /**
   * The subscriber is back and subscribed to its topics again: messages announced while it was away
   * were never heard here, so the relay delivers them from the mailbox.
   */
  onResubscribed?: () => void
}

/**
 * Opens the two Redis connections of a relay node (commands, and a subscriber) and builds the mailbox
 * and the fan-out on them. It does not wait for Redis: both connections retry with backoff
 * (`retryDelay`) for as long as it takes, at start and after any loss; `ready` says whether both are
 * up (the relay's `/readyz`). Each outage is logged once (`redis unavailable`, warn) and its end
 * (`redis ready`, info). A command sent while Redis is away waits for it (ioredis' offline queue,
 * at most 20 reconnection attempts, about 30 s), so nothing is acknowledged before Redis stored it.
 *
 * @example
 * const { mailbox, fanout, ready } = Redis.backends({ url: process.env.REDIS_URL, nodeId, … })
 */
export function backends(options: Options & Events): {
  mailbox: Mailbox.Mailbox
  fanout: Fanout.Fanout
  ready: () => boolean
} {
  let down = false
  let closing = false
  const ready = () => commands.status === 'ready' && subscriber.status === 'ready'
  const connect = (role: 'commands' | 'subscriber') => {
    const redis = new Redis(options.url, {
      enableAutoPipelining: true,
      retryStrategy: (attempt) => retryDelay(attempt),
    })
    let logged: string | undefined
    redis.on('error', (error: Error) => {
      // One line per kind of failure (a refused connection repeats on every attempt).
      if (error.message === logged) return
      logged = error.message
      options.logger.warn({ err: error, role }, 'redis error')
    })
    redis.on('close', () => {
      if (closing || down) return
      down = true
      options.logger.warn({ role }, 'redis unavailable')
      options.onOutage?.()
    })
    redis.on('ready', () => {
      logged = undefined
      if (role === 'subscriber' && wasReady) {
        // ioredis sent the SUBSCRIBEs before this event; a PING after them answers once they are done.
        redis
          .ping()
          .then(() => options.onResubscribed?.())
          .catch((error: unknown) => options.logger.warn({ err: error }, 'redis resubscribe failed'))
      }
      if (role === 'subscriber') wasReady = true
      if (role === 'commands') durability(redis, options.logger)
      if (ready()) {
        if (down || !announced) options.logger.info('redis ready')
        down = false
        announced = true
      }
    })
    return redis
  }
  let wasReady = false
  let announced = false
  const commands = connect('commands')
  const subscriber = connect('subscriber')
  const mailbox = RedisMailbox.create({
    redis: commands,
    nodeId: options.nodeId,
    maxMessagesPerTopic: options.maxMessagesPerTopic,
    maxBytesPerTopic: options.maxBytesPerTopic,
    maxBytesPerClient: options.maxBytesPerClient,
    maxBytesPerAddress: options.maxBytesPerAddress,
    maxBytes: options.maxBytes,
    ...(options.onEvict && { onEvict: options.onEvict }),
    ...(options.prefix && { prefix: options.prefix }),
  })
  const fanout = RedisFanout.create({
    subscriber,
    nodeId: options.nodeId,
    receive: options.receive,
    ...(options.prefix && { prefix: options.prefix }),
  })
  const quit = async (redis: Redis) => {
    closing = true
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect())
    else redis.disconnect()
  }
  return {
    ready,
    mailbox: { ...mailbox, close: () => quit(commands) },
    fanout: {
      ...fanout,
      close: async () => {
        await fanout.close()
        await quit(subscriber)
      },
    },
  }
}
