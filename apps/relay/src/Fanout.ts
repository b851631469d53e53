/**
 * How a publish reaches subscribers on other relay nodes. A single node needs nothing (`local`);
 * `RedisFanout` carries messages between nodes over Redis pub/sub.
 */

/** A message from another node: deliver it to this node's subscribers of `topic`, under its id. */
export type Receive = (topic: string, publisher: string, data: string, messageId: number) => void

/** The link to other relay nodes. */
export type Fanout = {
  /** Starts receiving a topic's messages from other nodes; resolves once they will arrive. */
  listen: (topic: string) => Promise<void> | undefined
  /** Stops receiving a topic (its last subscriber on this node left). */
  unlisten: (topic: string) => void
  /** Sends a message to the topic's subscribers on other nodes. */
  publish: (topic: string, publisher: string, data: string, messageId: number) => Promise<void> | undefined
  close: () => Promise<void> | undefined
}

/** A single node: nothing to send, nothing to receive. */
export function local(): Fanout {
  return {
    listen: () => undefined,
    unlisten: () => {},
    publish: () => undefined,
    close: () => undefined,
  }
}
