import type * as RateLimit from './RateLimit.js'

/** One authenticated socket, as the relay sees it. */
export type Client = {
  /** A number unique in this process, for logs. */
  id: number
  /** The client's did:key (the JWT's `iss`). */
  clientId: string
  /** Sends one text frame; drops the socket when it cannot keep up. */
  send: (frame: string) => void
  /** Closes the socket with a code and reason. */
  close: (code: number, reason: string) => void
  /** Subscribed topics and their subscription ids. */
  subscriptions: Map<string, string>
  limiter: RateLimit.Bucket
}
