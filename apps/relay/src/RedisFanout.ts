import type { Redis } from 'ioredis'
import type * as Fanout from './Fanout.js'
import { PREFIX } from './RedisMailbox.js'

/**
 * Fan-out between relay nodes over Redis pub/sub: one channel per topic, listened to while the topic
 * has a subscriber on this node. A payload is `nodeId \n publisher \n data`; a node skips its own
 * (it delivered them locally already).
 */

const CHANNEL_PREFIX = `${PREFIX}topic:`

export type Options = {
  /** The connection that publishes (the mailbox's, so a message is stored before it is announced). */
  publisher: Redis
  /** A connection of its own, in subscriber mode. */
  subscriber: Redis
  nodeId: string
  receive: Fanout.Receive
}

/**
 * Creates the Redis fan-out.
 *
 * @example
 * const fanout = RedisFanout.create({ publisher, subscriber, nodeId, receive: relay.receive })
 */
export function create(options: Options): Fanout.Fanout {
  const { publisher, subscriber, nodeId, receive } = options
  const listening = new Map<string, Promise<void>>()
  subscriber.on('message', (channel: string, payload: string) => {
    if (!channel.startsWith(CHANNEL_PREFIX)) return
    const first = payload.indexOf('\n')
    const second = payload.indexOf('\n', first + 1)
    if (first < 0 || second < 0 || payload.slice(0, first) === nodeId) return
    receive(channel.slice(CHANNEL_PREFIX.length), payload.slice(first + 1, second), payload.slice(second + 1))
  })
  return {
    listen(topic) {
      let wait = listening.get(topic)
      if (!wait) {
        const started = subscriber.subscribe(CHANNEL_PREFIX + topic).then(
          () => undefined,
          (error: unknown) => {
            // Let the next subscriber try again.
            if (listening.get(topic) === started) listening.delete(topic)
            throw error
          },
        )
        wait = started
        listening.set(topic, wait)
      }
      return wait
    },
    unlisten(topic) {
      if (!listening.delete(topic)) return
      subscriber.unsubscribe(CHANNEL_PREFIX + topic).catch(() => {})
    },
    async publish(topic, publisherId, data) {
      await publisher.publish(CHANNEL_PREFIX + topic, `${nodeId}\n${publisherId}\n${data}`)
    },
    async close() {
      listening.clear()
    },
  }
}
