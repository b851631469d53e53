import * as Addresses from '@frontdoor/protocol/addresses'
import * as Constants from '@frontdoor/schemas/constants'

/** The relay's settings, read once from the environment (`fromEnv`) or built by tests. */
export type Config = {
  /** The relay's public address (RELAY_URL); JWTs must name it (or the bound address) as audience. */
  publicUrl: string
  /** Where to listen. */
  host: string
  port: number
  /** Redis for the mailbox and the fan-out between relay nodes; unset keeps both in memory. */
  redisUrl: string | undefined
  logLevel: string
  /** How often every socket is pinged (the spec's relay heartbeat; clients drop a socket silent for 35 s). */
  heartbeatMs: number
  /** Clock skew allowed on a JWT's `iat` and `exp`. */
  jwtSkewS: number
  limits: Limits
}

/** Sizes and rates that bound what one socket may do. */
export type Limits = {
  /** Largest WebSocket frame accepted (larger frames close the socket with 1009). */
  maxFrameBytes: number
  /** Longest `message` of a publish, in characters. */
  maxMessageChars: number
  /** Messages per second one socket may send, sustained. */
  messagesPerSecond: number
  /** Messages one socket may send in a burst above the sustained rate. */
  messagesBurst: number
  /** Topics one socket may hold. */
  maxSubscriptionsPerSocket: number
  /** Messages kept per topic; the oldest go first. */
  maxMailboxPerTopic: number
  /** Largest accepted TTL of a publish (30 days: WalletConnect's longest). */
  maxTtlS: number
  /** Outgoing bytes buffered for one socket before it is dropped as too slow. */
  maxBufferedBytes: number
}

/** Default limits. */
export const DEFAULT_LIMITS: Limits = {
  maxFrameBytes: 512 * 1024,
  maxMessageChars: 256 * 1024,
  messagesPerSecond: 500,
  messagesBurst: 1000,
  maxSubscriptionsPerSocket: 5000,
  maxMailboxPerTopic: 500,
  maxTtlS: 30 * 24 * 60 * 60,
  maxBufferedBytes: 16 * 1024 * 1024,
}

/** The default clock skew allowed on JWT times. */
export const JWT_SKEW_S = 120

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value)
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback
}

/** `host:port` (or `[v6]:port`) to listen on, from RELAY_LISTEN; undefined when unset or malformed. */
export function parseListen(value: string | undefined): { host: string; port: number } | undefined {
  const match = value ? /^\[?([^\]]*?)\]?:(\d+)$/.exec(value) : null
  if (!match?.[1]) return undefined
  return { host: match[1], port: Number(match[2]) }
}

/**
 * Reads the relay's settings: RELAY_URL (the public address, also where to listen unless
 * RELAY_LISTEN=host:port says otherwise, e.g. behind a proxy), REDIS_URL, LOG_LEVEL,
 * RELAY_MAX_FRAME_BYTES, RELAY_MESSAGES_PER_SECOND, RELAY_MESSAGES_BURST.
 */
export function fromEnv(env: Record<string, string | undefined>): Config {
  const { RELAY_URL } = Addresses.from(env)
  const url = new URL(RELAY_URL)
  const listen = parseListen(env.RELAY_LISTEN)
  return {
    publicUrl: RELAY_URL,
    host: listen?.host ?? url.hostname.replace(/^\[|\]$/g, ''),
    port: listen?.port ?? Addresses.port(RELAY_URL),
    redisUrl: env.REDIS_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    heartbeatMs: Constants.RELAY_HEARTBEAT_S * 1000,
    jwtSkewS: JWT_SKEW_S,
    limits: {
      ...DEFAULT_LIMITS,
      maxFrameBytes: positive(env.RELAY_MAX_FRAME_BYTES, DEFAULT_LIMITS.maxFrameBytes),
      messagesPerSecond: positive(env.RELAY_MESSAGES_PER_SECOND, DEFAULT_LIMITS.messagesPerSecond),
      messagesBurst: positive(env.RELAY_MESSAGES_BURST, DEFAULT_LIMITS.messagesBurst),
    },
  }
}
