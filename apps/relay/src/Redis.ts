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

/**
 * Opens the two Redis connections of a relay node (commands, and a subscriber) and builds the mailbox
 * and the fan-out on them. Fails when Redis does not answer.
 *
 * @example
 * const { mailbox, fanout, healthy } = await Redis.backends({ url: process.env.REDIS_URL, nodeId, … })
 */
export async function backends(
  options: Options,
): Promise<{ mailbox: Mailbox.Mailbox; fanout: Fanout.Fanout; healthy: () => boolean }> {
  const connect = (role: string) => {
    const redis = new Redis(options.url, { enableAutoPipelining: true, lazyConnect: true })
    redis.on('error', (error: Error) => options.logger.warn({ err: error, role }, 'redis error'))
    return redis
  }
  const commands = connect('commands')
  const subscriber = connect('subscriber')
  try {
    await Promise.all([commands.connect(), subscriber.connect()])
  } catch (error) {
    commands.disconnect()
    subscriber.disconnect()
    throw error
  }
  const mailbox = RedisMailbox.create({
    redis: commands,
    nodeId: options.nodeId,
    maxMessagesPerTopic: options.maxMessagesPerTopic,
    maxBytesPerTopic: options.maxBytesPerTopic,
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
  return {
    healthy: () => commands.status === 'ready' && subscriber.status === 'ready',
    mailbox: {
      ...mailbox,
      close: async () => {
        await commands.quit().catch(() => {})
      },
    },
    fanout: {
      ...fanout,
      close: async () => {
        await fanout.close()
        await subscriber.quit().catch(() => {})
      },
    },
  }
}
