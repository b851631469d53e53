import type * as RateLimit from './RateLimit.js'

/** One authenticated socket, as the relay sees it. */
export type Client = {
  /** A number unique in this process, for logs. */
  id: number
  /** The client's did:key (the JWT's `iss`). */
  clientId: string
  /** The key of its address (`ClientAddress.key`): its messages count against that address's share. */
  address: string
  /** Sends one text frame; drops the socket when it cannot keep up. */
  send: (frame: string) => void
  /** Closes the socket with a code and reason. */
  close: (code: number, reason: string) => void
  /** Subscribed topics and their subscription ids. */
  subscriptions: Map<string, string>
  /**
   * Deliveries awaiting the client's ack: the `irn_subscription` request id (the message id) and its
   * topic, oldest first (at most `Relay.MAX_UNACKED_PER_SOCKET`).
   */
  unacked: Map<string, string>
  limiter: RateLimit.Bucket
}
