import * as Addresses from '@frontdoor/protocol/addresses'
import * as ClientAddress from '@frontdoor/rate-limit/client-address'
import * as Constants from '@frontdoor/schemas/constants'
import * as Auth from './Auth.js'
import * as Messages from './Messages.js'
import * as ProjectAccess from './ProjectAccess.js'

/** The relay's settings, read once from the environment (`fromEnv`) or built by tests. */
export type Config = {
  /** The relay's public address (RELAY_URL); JWTs must name it (or the bound address) as audience. */
  publicUrl: string
  /** Where to listen. */
  host: string
  port: number
  /** Redis for the mailbox and the fan-out between relay nodes; unset keeps both in memory. */
  redisUrl: string | undefined
  /** Prefix of the relay's Redis keys and channels (default `RedisMailbox.PREFIX`); tests keep apart by it. */
  redisPrefix?: string | undefined
  logLevel: string
  /** How often every socket is pinged (the spec's relay heartbeat; clients drop a socket silent for 35 s). */
  heartbeatMs: number
  /** Clock skew allowed on a JWT's `iat` and `exp`. */
  jwtSkewS: number
  /** The longest lifetime (`exp - iat`) a JWT may claim. */
  jwtMaxLifetimeS: number
  /** The API that holds the project registry (API_URL): the relay asks it who may connect. */
  apiUrl: string
  /**
   * Origins served for any project (the modal frame's, MODAL_URL, plus RELAY_TRUSTED_ORIGINS): they
   * check their host page against the project's allowlist themselves.
   */
  trustedOrigins: string[]
  /** How long a project's access lists are cached (RELAY_PROJECT_CACHE_MS). */
  projectCacheMs: number
  /**
   * Project ids served without asking the API (RELAY_PROJECTS, comma-separated), with empty allowlists:
   * for a relay run on its own (the relay benchmark). Unset: the API's registry decides.
   */
  fixedProjects: string[] | undefined
  /**
   * How many proxies of ours stand in front of the relay (TRUST_PROXY, as for the API): a client's
   * address is then the `X-Forwarded-For` entry the outermost of them appended; without, the
   * socket's peer (the header is ignored).
   */
  trustProxy: number
  limits: Limits
}

/** Sizes and rates that bound what one socket, one client and one client address may do. */
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
  /** Topics one `irn_batchSubscribe`, `irn_batchUnsubscribe` or `irn_batchFetchMessages` may name. */
  maxBatchTopics: number
  /** Messages the mailbox keeps per topic; a publish past it is refused. */
  maxMailboxMessagesPerTopic: number
  /** Bytes the mailbox keeps per topic; a publish past it is refused. */
  maxMailboxBytesPerTopic: number
  /** Bytes the mailbox keeps over all topics (in memory, or in Redis for all nodes); past it the messages closest to expiry are evicted. */
  maxMailboxBytes: number
  /** Bytes one client id's messages may take in the mailbox (its share); a publish past it is refused. */
  maxMailboxBytesPerClient: number
  /** Bytes the messages of one client address (all its client ids) may take; a publish past it is refused. */
  maxMailboxBytesPerAddress: number
  /** Sockets one client address may open per minute (over all nodes on Redis); more are closed with 1013. */
  newSocketsPerMinute: number
  /** Sockets one client address may hold open on a node at once; more are closed with 1013. */
  maxSocketsPerAddress: number
  /**
   * Lookups of projects the registry does not know that one client address may cause per minute
   * (over all nodes on Redis); past it a socket naming a project not cached is closed with 1013.
   */
  unknownProjectsPerMinute: number
  /** Bytes of messages one `irn_batchFetchMessages` answer carries; the rest is left with `hasMore`. */
  maxFetchBytes: number
  /** Largest accepted TTL of a publish (30 days: WalletConnect's longest). */
  maxTtlS: number
  /** Outgoing bytes buffered for one socket before it is dropped as too slow. */
  maxBufferedBytes: number
}

/** Topics one socket may subscribe to (RELAY_MAX_SUBSCRIPTIONS_PER_SOCKET). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 5000

/** Messages kept per topic (RELAY_MAX_MAILBOX_MESSAGES_PER_TOPIC). */
export const MAX_MAILBOX_MESSAGES_PER_TOPIC = 500

/** Bytes kept per topic (RELAY_MAX_MAILBOX_BYTES_PER_TOPIC): 16 of the largest messages. */
export const MAX_MAILBOX_BYTES_PER_TOPIC = 4 * 1024 * 1024

/** Bytes kept over all topics (RELAY_MAX_MAILBOX_BYTES). */
export const MAX_MAILBOX_BYTES = 256 * 1024 * 1024

/** One client id's share of the mailbox (RELAY_MAX_MAILBOX_BYTES_PER_CLIENT): 1/64 of it. */
export const MAX_MAILBOX_BYTES_PER_CLIENT = 4 * 1024 * 1024

/** One client address's share of the mailbox (RELAY_MAX_MAILBOX_BYTES_PER_ADDRESS): 1/16 of it. */
export const MAX_MAILBOX_BYTES_PER_ADDRESS = 16 * 1024 * 1024

/** Sockets one client address may open per minute (RELAY_NEW_SOCKETS_PER_MINUTE). */
export const NEW_SOCKETS_PER_MINUTE = 300

/** Sockets one client address may hold open on one node (RELAY_MAX_SOCKETS_PER_ADDRESS). */
export const MAX_SOCKETS_PER_ADDRESS = 500

/** Unknown projects one client address may ask about per minute (RELAY_UNKNOWN_PROJECTS_PER_MINUTE). */
export const UNKNOWN_PROJECTS_PER_MINUTE = 10

/** Bytes of messages in one `irn_batchFetchMessages` answer (RELAY_MAX_FETCH_BYTES). */
export const MAX_FETCH_BYTES = 4 * 1024 * 1024

/** Default limits. */
export const DEFAULT_LIMITS: Limits = {
  maxFrameBytes: 512 * 1024,
  maxMessageChars: 256 * 1024,
  messagesPerSecond: 500,
  messagesBurst: 1000,
  maxSubscriptionsPerSocket: MAX_SUBSCRIPTIONS_PER_SOCKET,
  maxBatchTopics: Messages.MAX_BATCH_TOPICS,
  maxMailboxMessagesPerTopic: MAX_MAILBOX_MESSAGES_PER_TOPIC,
  maxMailboxBytesPerTopic: MAX_MAILBOX_BYTES_PER_TOPIC,
  maxMailboxBytes: MAX_MAILBOX_BYTES,
  maxMailboxBytesPerClient: MAX_MAILBOX_BYTES_PER_CLIENT,
  maxMailboxBytesPerAddress: MAX_MAILBOX_BYTES_PER_ADDRESS,
  newSocketsPerMinute: NEW_SOCKETS_PER_MINUTE,
  maxSocketsPerAddress: MAX_SOCKETS_PER_ADDRESS,
  unknownProjectsPerMinute: UNKNOWN_PROJECTS_PER_MINUTE,
  maxFetchBytes: MAX_FETCH_BYTES,
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
 * RELAY_LISTEN=host:port says otherwise, e.g. behind a proxy), API_URL (the project registry;
 * API_INTERNAL_URL instead when set),
 * MODAL_URL and RELAY_TRUSTED_ORIGINS (origins served for every project), RELAY_PROJECT_CACHE_MS,
 * RELAY_PROJECTS (serve these project ids without the API),
 * REDIS_URL, LOG_LEVEL, TRUST_PROXY (proxies of ours in front: whose X-Forwarded-For entry is the client),
 * RELAY_MAX_FRAME_BYTES, RELAY_MESSAGES_PER_SECOND, RELAY_MESSAGES_BURST, RELAY_MAX_JWT_LIFETIME_S,
 * the caps RELAY_MAX_SUBSCRIPTIONS_PER_SOCKET, RELAY_MAX_BATCH_TOPICS, RELAY_MAX_MAILBOX_MESSAGES_PER_TOPIC,
 * RELAY_MAX_MAILBOX_BYTES_PER_TOPIC, RELAY_MAX_MAILBOX_BYTES, RELAY_MAX_FETCH_BYTES, the shares
 * RELAY_MAX_MAILBOX_BYTES_PER_CLIENT and RELAY_MAX_MAILBOX_BYTES_PER_ADDRESS, and per client address
 * RELAY_NEW_SOCKETS_PER_MINUTE, RELAY_MAX_SOCKETS_PER_ADDRESS and RELAY_UNKNOWN_PROJECTS_PER_MINUTE.
 */
export function fromEnv(env: Record<string, string | undefined>): Config {
  const { RELAY_URL, API_URL, MODAL_URL } = Addresses.from(env)
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
    jwtMaxLifetimeS: positive(env.RELAY_MAX_JWT_LIFETIME_S, Auth.MAX_JWT_LIFETIME_S),
    // API_INTERNAL_URL: the API as the relay reaches it (behind an edge); default API_URL.
    apiUrl: env.API_INTERNAL_URL || API_URL,
    trustedOrigins: [
      ...new Set([
        new URL(MODAL_URL).origin,
        ...(env.RELAY_TRUSTED_ORIGINS ?? '')
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
          .map((origin) => new URL(origin).origin),
      ]),
    ],
    projectCacheMs: positive(env.RELAY_PROJECT_CACHE_MS, ProjectAccess.PROJECT_CACHE_TTL_MS),
    fixedProjects: env.RELAY_PROJECTS
      ? env.RELAY_PROJECTS.split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : undefined,
    trustProxy: ClientAddress.trustedProxies(env.TRUST_PROXY),
    limits: {
      ...DEFAULT_LIMITS,
      maxFrameBytes: positive(env.RELAY_MAX_FRAME_BYTES, DEFAULT_LIMITS.maxFrameBytes),
      messagesPerSecond: positive(env.RELAY_MESSAGES_PER_SECOND, DEFAULT_LIMITS.messagesPerSecond),
      messagesBurst: positive(env.RELAY_MESSAGES_BURST, DEFAULT_LIMITS.messagesBurst),
      maxSubscriptionsPerSocket: positive(
        env.RELAY_MAX_SUBSCRIPTIONS_PER_SOCKET,
        DEFAULT_LIMITS.maxSubscriptionsPerSocket,
      ),
      maxBatchTopics: positive(env.RELAY_MAX_BATCH_TOPICS, DEFAULT_LIMITS.maxBatchTopics),
      maxMailboxMessagesPerTopic: positive(
        env.RELAY_MAX_MAILBOX_MESSAGES_PER_TOPIC,
        DEFAULT_LIMITS.maxMailboxMessagesPerTopic,
      ),
      maxMailboxBytesPerTopic: positive(
        env.RELAY_MAX_MAILBOX_BYTES_PER_TOPIC,
        DEFAULT_LIMITS.maxMailboxBytesPerTopic,
      ),
      maxMailboxBytes: positive(env.RELAY_MAX_MAILBOX_BYTES, DEFAULT_LIMITS.maxMailboxBytes),
      maxMailboxBytesPerClient: positive(
        env.RELAY_MAX_MAILBOX_BYTES_PER_CLIENT,
        DEFAULT_LIMITS.maxMailboxBytesPerClient,
      ),
      maxMailboxBytesPerAddress: positive(
        env.RELAY_MAX_MAILBOX_BYTES_PER_ADDRESS,
        DEFAULT_LIMITS.maxMailboxBytesPerAddress,
      ),
      newSocketsPerMinute: positive(env.RELAY_NEW_SOCKETS_PER_MINUTE, DEFAULT_LIMITS.newSocketsPerMinute),
      maxSocketsPerAddress: positive(env.RELAY_MAX_SOCKETS_PER_ADDRESS, DEFAULT_LIMITS.maxSocketsPerAddress),
      unknownProjectsPerMinute: positive(
        env.RELAY_UNKNOWN_PROJECTS_PER_MINUTE,
        DEFAULT_LIMITS.unknownProjectsPerMinute,
      ),
      maxFetchBytes: positive(env.RELAY_MAX_FETCH_BYTES, DEFAULT_LIMITS.maxFetchBytes),
    },
  }
}
