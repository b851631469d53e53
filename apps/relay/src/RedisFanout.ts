import type { Redis } from 'ioredis'
import type * as Fanout from './Fanout.js'
import * as RedisMailbox from './RedisMailbox.js'

/**
 * Fan-out between relay nodes over Redis pub/sub: one channel per topic, listened to while the topic
 * has a subscriber on this node. The Redis mailbox announces every message it stores on its topic's
 * channel (in the same script), so `publish` has nothing left to do; a node skips the messages it
 * stored itself (it delivered them locally already).
 */

export type Options = {
  /** A connection of its own, in subscriber mode. */
  subscriber: Redis
  nodeId: string
  receive: Fanout.Receive
  /** Key prefix (default `RedisMailbox.PREFIX`). */
  prefix?: string
}

/**
 * Creates the Redis fan-out.
 *
 * @example
 * const fanout = RedisFanout.create({ subscriber, nodeId, receive: relay.receive })
 */
export function create(options: Options): Fanout.Fanout {
  const { subscriber, receive } = options
  const own = `${RedisMailbox.nodeTag(options.nodeId)}.`
  const prefix = RedisMailbox.channel('', options.prefix)
  const listening = new Map<string, Promise<void>>()
  subscriber.on('message', (channel: string, payload: string) => {
    if (!channel.startsWith(prefix)) return
    const member = RedisMailbox.parseMember(payload)
    if (!member || member.uid.startsWith(own)) return
    receive(channel.slice(prefix.length), member.publisher, member.data, member.messageId)
  })
  return {
    listen(topic) {
      let wait = listening.get(topic)
      if (!wait) {
        const started = subscriber.subscribe(prefix + topic).then(
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
      subscriber.unsubscribe(prefix + topic).catch(() => {})
    },
    // Announced by the mailbox's put.
    publish: () => undefined,
    async close() {
      listening.clear()
    },
  }
}
