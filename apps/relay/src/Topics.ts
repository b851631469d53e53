import type * as Client from './Client.js'

/** The clients on this node subscribed to each topic. */
export type Topics = {
  /** Adds a subscriber; true when it is the topic's first on this node. */
  add: (topic: string, client: Client.Client) => boolean
  /** Removes a subscriber; true when it was the topic's last on this node. */
  remove: (topic: string, client: Client.Client) => boolean
  /** The topic's subscribers on this node. */
  subscribers: (topic: string) => ReadonlySet<Client.Client> | undefined
  /** Subscriptions (client, topic) on this node. */
  size: () => number
  /** Topics with a subscriber on this node. */
  topicCount: () => number
  /** Every topic with its subscribers on this node. */
  entries: () => Iterable<[string, ReadonlySet<Client.Client>]>
}

/** Creates an empty registry. */
export function create(): Topics {
  const topics = new Map<string, Set<Client.Client>>()
  let size = 0
  return {
    add(topic, client) {
      let set = topics.get(topic)
      const first = !set
      if (!set) {
        set = new Set()
        topics.set(topic, set)
      }
      if (!set.has(client)) {
        set.add(client)
        size += 1
      }
      return first
    },
    remove(topic, client) {
      const set = topics.get(topic)
      if (!set?.delete(client)) return false
      size -= 1
      if (set.size > 0) return false
      topics.delete(topic)
      return true
    },
    subscribers: (topic) => topics.get(topic),
    size: () => size,
    topicCount: () => topics.size,
    entries: () => topics.entries(),
  }
}
