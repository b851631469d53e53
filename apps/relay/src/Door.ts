import type * as Http from 'node:http'
import type { Duplex } from 'node:stream'
import * as ClientAddress from '@frontdoor/rate-limit/client-address'
import * as RateLimiter from '@frontdoor/rate-limit/rate-limiter'
import type { Logger } from 'pino'
import type * as Config from './Config.js'
import type * as ProjectAccess from './ProjectAccess.js'

/**
 * The door's limits per client address, checked before a socket's JWT and project: how many sockets
 * one address may hold open on this node, how many it may open per minute, and how many unknown
 * projects it may make the relay ask the API about per minute. The two rates are counted with the
 * one rate limiter (`@frontdoor/rate-limit`): in Redis for every node when the relay has Redis
 * (failing open to this node while Redis is away), in memory otherwise.
 *
 * A client's address is the socket's peer, or, behind `trustProxy` proxies of ours (the edge), the
 * `X-Forwarded-For` entry the outermost of them appended: never one the client wrote itself.
 */
export type Door = {
  /** The key (`ClientAddress.key`) of an upgrade request's client address. */
  address: (request: Http.IncomingMessage) => string
  /**
   * Lets a new socket in, or says why not. A socket let in counts against its address until `stream`
   * closes (also when the JWT or the project then refuse it).
   */
  admit: (address: string, stream: Duplex) => Promise<Refusal | undefined>
  /** An address's budget of unknown-project lookups. */
  lookups: (address: string) => ProjectAccess.LookupBudget
  close: () => Promise<void>
}

/** The close of a socket the door refuses (try again later, RFC 6455 1013), and its metric. */
type Refusal = { code: number; reason: string; metric: string }

/** The close of a socket from an address over its socket limits. */
export const TOO_MANY_SOCKETS = {
  code: 1013,
  reason: 'Too many sockets from this address',
} as const

const MINUTE_MS = 60_000

/**
 * Creates the door of a relay node.
 *
 * @example
 * const door = Door.create(config, logger)
 * const address = door.address(request)
 * const refusal = await door.admit(address, stream)
 * if (refusal) socket.close(refusal.code, refusal.reason)
 */
export function create(config: Config.Config, logger: Logger): Door {
  const limiter = RateLimiter.fromUrl(config.redisUrl, { logger })
  const newSockets = RateLimiter.counter(limiter, {
    limit: config.limits.newSocketsPerMinute,
    windowMs: MINUTE_MS,
  })
  const unknownProjects = RateLimiter.counter(limiter, {
    limit: config.limits.unknownProjectsPerMinute,
    windowMs: MINUTE_MS,
  })
  // Apart from the API's keys, and from other relays' on a shared Redis (tests use their own prefix).
  const prefix = `relay:${config.redisPrefix ?? ''}`
  /** Sockets open (or being let in) on this node, per address. */
  const open = new Map<string, number>()
  return {
    address(request) {
      const forwarded = ClientAddress.forwarded(request.headers['x-forwarded-for'], config.trustProxy)
      return ClientAddress.key(forwarded ?? request.socket.remoteAddress ?? 'unknown')
    },
    async admit(address, stream) {
      const count = open.get(address) ?? 0
      if (count >= config.limits.maxSocketsPerAddress)
        return { ...TOO_MANY_SOCKETS, metric: 'sockets_per_address' }
      open.set(address, count + 1)
      stream.once('close', () => {
        const left = (open.get(address) ?? 1) - 1
        if (left > 0) open.set(address, left)
        else open.delete(address)
      })
      const decision = await newSockets.take(`${prefix}sockets:${address}`)
      return decision.allowed ? undefined : { ...TOO_MANY_SOCKETS, metric: 'new_sockets_per_address' }
    },
    lookups(address) {
      const key = `${prefix}unknown-projects:${address}`
      return {
        take: async () => (await unknownProjects.take(key)).allowed,
        giveBack: () => {
          unknownProjects.giveBack(key).catch(() => {})
        },
      }
    },
    close: () => limiter.close(),
  }
}
