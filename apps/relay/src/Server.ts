import { randomUUID } from 'node:crypto'
import * as Http from 'node:http'
import type { Duplex } from 'node:stream'
import pino, { type Logger } from 'pino'
import { WebSocket, WebSocketServer } from 'ws'
import * as Auth from './Auth.js'
import type * as Client from './Client.js'
import * as Config from './Config.js'
import * as DeliveryLatency from './DeliveryLatency.js'
import * as Door from './Door.js'
import * as Fanout from './Fanout.js'
import * as Log from './Log.js'
import * as Mailbox from './Mailbox.js'
import * as Messages from './Messages.js'
import * as Metrics from './Metrics.js'
import * as ProjectAccess from './ProjectAccess.js'
import * as RateLimit from './RateLimit.js'
import * as Relay from './Relay.js'
import * as WriteBatch from './WriteBatch.js'

/** A running relay. */
export type Server = {
  /** The address it listens on (`ws://host:port`). */
  url: string
  port: number
  /** This node's id on the fan-out. */
  nodeId: string
  relay: Relay.Relay
  /** Closes every socket (1001) and stops listening. */
  stop: () => Promise<void>
}

export type StartOptions = {
  /** The environment to read (RELAY_URL, API_URL, MODAL_URL, REDIS_URL, LOG_LEVEL, RELAY_*). */
  env?: Record<string, string | undefined>
  /** Settings to use instead of the environment's. */
  config?: Partial<Config.Config>
  /** Listen on this port instead of RELAY_URL's (0: any free port). */
  port?: number
  logger?: Logger
  /** Where project access lists come from (default: the API at `config.apiUrl`, cached). */
  projects?: ProjectAccess.Registry
}

/** How long `stop` waits for clients to answer the close before dropping them. */
const STOP_GRACE_MS = 1000

/**
 * How long `start` waits for Redis before it listens anyway (the node keeps trying, answers `/healthz`
 * and serves sockets once Redis answers).
 */
const READY_GRACE_MS = 3000

/** Missed pongs after which a socket is dropped. */
const MAX_MISSED_PONGS = 3

/**
 * The storage and fan-out for a config: in memory, or Redis when `redisUrl` is set. Redis is not
 * awaited: `ready` says when it is up (`/readyz`).
 */
async function backends(
  config: Config.Config,
  nodeId: string,
  receive: Fanout.Receive,
  logger: Logger,
  events: { onEvict: (count: number) => void; onOutage: () => void; onResubscribed: () => void },
): Promise<{ mailbox: Mailbox.Mailbox; fanout: Fanout.Fanout; ready: () => boolean }> {
  const caps: Mailbox.Caps = {
    maxMessagesPerTopic: config.limits.maxMailboxMessagesPerTopic,
    maxBytesPerTopic: config.limits.maxMailboxBytesPerTopic,
    maxBytesPerClient: config.limits.maxMailboxBytesPerClient,
    maxBytesPerAddress: config.limits.maxMailboxBytesPerAddress,
    maxBytes: config.limits.maxMailboxBytes,
  }
  if (!config.redisUrl) {
    return {
      mailbox: Mailbox.memory({ ...caps, onEvict: events.onEvict }),
      fanout: Fanout.local(),
      ready: () => true,
    }
  }
  const Redis = await import('./Redis.js')
  return Redis.backends({
    url: config.redisUrl,
    nodeId,
    ...caps,
    ...events,
    prefix: config.redisPrefix,
    receive,
    logger,
  })
}

/** The token from `?auth=` or an `Authorization: Bearer` header. */
function token(request: Http.IncomingMessage, url: URL): string | null {
  const query = url.searchParams.get('auth')
  if (query) return query
  const header = request.headers.authorization
  return header?.startsWith('Bearer ') ? header.slice(7) : null
}

/** The close of a socket opened while this node cannot reach Redis: try again later (RFC 6455 1013). */
export const REDIS_UNAVAILABLE = { code: 1013, reason: 'Try again later: Redis unavailable' } as const

/**
 * Starts the relay: HTTP (`/healthz` liveness, `/readyz` readiness, `/metrics`) and WebSocket on one
 * port. On Redis it listens once Redis answers, or after `READY_GRACE_MS` without it: then it keeps
 * trying and serves sockets once Redis answers (`/readyz`).
 *
 * @example
 * const server = await Server.start({ env: process.env })
 * await server.stop()
 */
export async function start(options: StartOptions = {}): Promise<Server> {
  const config: Config.Config = { ...Config.fromEnv(options.env ?? process.env), ...options.config }
  const logger = options.logger ?? pino({ level: config.logLevel, base: { service: 'relay' } })
  const nodeId = randomUUID()
  let relay: Relay.Relay | undefined
  const latency = DeliveryLatency.create()
  let metrics: Metrics.Metrics | undefined
  const {
    mailbox,
    fanout,
    ready: redisReady,
  } = await backends(
    config,
    nodeId,
    (topic, publisher, data, messageId) => {
      latency.handling(performance.now())
      relay?.receive(topic, publisher, data, messageId)
      latency.handling(-1)
    },
    logger,
    {
      onEvict: (count) => metrics?.evicted(count),
      onOutage: () => metrics?.redisOutage(),
      onResubscribed: () => {
        relay?.resync().then(
          (sent) => logger.info({ sent }, 'redis fan-out resumed; missed messages sent from the mailbox'),
          (error: unknown) => logger.warn({ err: error }, 'redis fan-out resync failed'),
        )
      },
    },
  )
  const clients = new Set<{ client: Client.Client; socket: WebSocket; missed: number }>()
  metrics = Metrics.create({
    sockets: () => clients.size,
    subscriptions: () => relay?.topics.size() ?? 0,
    topics: () => relay?.topics.topicCount() ?? 0,
    // Without Redis these would wait for it; the scrape answers at once instead.
    mailbox: () => (redisReady() ? mailbox.size() : Number.NaN),
    mailboxBytes: () => (redisReady() ? mailbox.bytes() : Number.NaN),
    redisUp: () => (config.redisUrl ? (redisReady() ? 1 : 0) : undefined),
  })
  relay = Relay.create({ mailbox, fanout, metrics, limits: config.limits, logger, latency })
  const ready = relay
  const projects =
    options.projects ??
    (config.fixedProjects
      ? ProjectAccess.fixed(Object.fromEntries(config.fixedProjects.map((id) => [id, {}])))
      : ProjectAccess.http({ apiUrl: config.apiUrl, ttlMs: config.projectCacheMs }))

  const http = Http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]
    if (request.method === 'GET' && path === '/healthz') {
      // Liveness: the process answers. Losing Redis is not a reason to restart it (it reconnects).
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
      return
    }
    if (request.method === 'GET' && path === '/readyz') {
      // Readiness: with Redis, a node that cannot reach it cannot reach the other nodes nor keep a
      // message: the load balancer should send sockets elsewhere until it is back.
      const ok = redisReady()
      response
        .writeHead(ok ? 200 : 503, { 'content-type': 'application/json' })
        .end(ok ? '{"status":"ready"}' : '{"status":"unavailable","reason":"redis"}')
      return
    }
    if (request.method === 'GET' && path === '/metrics') {
      metrics.render().then(
        (text) =>
          response
            .writeHead(200, { 'content-type': 'text/plain; version=0.0.4' })
            .end(`${text}${latency.render().join('\n')}\n`),
        (error: unknown) => {
          logger.error({ err: error }, 'metrics failed')
          response.writeHead(500).end()
        },
      )
      return
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: config.limits.maxFrameBytes })
  let audiences: string[] = [config.publicUrl]
  let nextClient = 1

  const batch = WriteBatch.create(latency.written)
  const door = Door.create(config, logger)
  const accept = (socket: WebSocket, stream: Duplex, clientId: string, address: string, url: string) => {
    const entry = {
      socket,
      missed: 0,
      /** When the socket's last data arrived (`performance.now()`): a frame's arrival, for `latency`. */
      arrived: 0,
      client: {
        id: nextClient++,
        clientId,
        address,
        subscriptions: new Map<string, string>(),
        unacked: new Map<string, string>(),
        limiter: RateLimit.bucket({
          perSecond: config.limits.messagesPerSecond,
          burst: config.limits.messagesBurst,
        }),
        send(frame: string) {
          if (socket.readyState !== WebSocket.OPEN) return
          if (socket.bufferedAmount > config.limits.maxBufferedBytes) {
            logger.warn({ client: entry.client.id }, 'socket too slow, dropped')
            socket.terminate()
            return
          }
          batch.hold(stream)
          socket.send(frame)
        },
        close(code: number, reason: string) {
          socket.close(code, reason)
        },
      } satisfies Client.Client,
    }
    clients.add(entry)
    // Before ws's own listener, which parses the frames of the chunk and emits them one by one.
    stream.prependListener('data', () => {
      entry.arrived = performance.now()
    })
    logger.debug({ client: entry.client.id, clientId, url }, 'socket open')
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        socket.close(1003, 'Text frames only')
        return
      }
      latency.handling(entry.arrived)
      ready.handle(entry.client, data.toString())
      latency.handling(-1)
    })
    socket.on('pong', () => {
      entry.missed = 0
    })
    socket.on('error', (error) => logger.debug({ err: error, client: entry.client.id }, 'socket error'))
    socket.on('close', () => {
      clients.delete(entry)
      ready.disconnect(entry.client)
      logger.debug({ client: entry.client.id }, 'socket closed')
    })
  }

  http.on('upgrade', (request: Http.IncomingMessage, stream: Duplex, head: Buffer) => {
    stream.on('error', () => {})
    const url = new URL(request.url ?? '/', 'ws://relay')
    // The request line carries the client's JWT (`?auth=`): only ever logged redacted.
    const logged = Log.redact(request.url)
    const address = door.address(request)
    // The door's limits per client address first; then the JWT, the project and the caller
    // (ProjectAccess), all checked before the upgrade completes, a refusal sent as a close (3000 or
    // 1013 and a reason) the client's SDK reports.
    const checks = (async () => {
      const refusal = await door.admit(address, stream)
      if (refusal) return { refusal }
      const [auth, access] = await Promise.all([
        Auth.verify(token(request, url), {
          audiences,
          skewS: config.jwtSkewS,
          maxLifetimeS: config.jwtMaxLifetimeS,
        }),
        ProjectAccess.check(ProjectAccess.caller(url, request.headers.origin), {
          registry: projects,
          trustedOrigins: config.trustedOrigins,
          budget: door.lookups(address),
        }),
      ])
      return { auth, access }
    })()
    checks.then(
      (outcome) => {
        wss.handleUpgrade(request, stream, head, (socket) => {
          if ('refusal' in outcome) {
            const { refusal } = outcome
            metrics.authFailure(refusal.metric)
            // Counted in /metrics; a flood of them is not written out line by line.
            logger.debug({ reason: refusal.metric, address, url: logged }, 'socket refused')
            socket.close(refusal.code, refusal.reason)
            return
          }
          const { auth, access } = outcome
          if (!redisReady()) {
            metrics.authFailure('redis_unavailable')
            socket.close(REDIS_UNAVAILABLE.code, REDIS_UNAVAILABLE.reason)
            return
          }
          if (!auth.ok) {
            metrics.authFailure(auth.reason)
            logger.info({ reason: auth.reason, url: logged }, 'socket refused')
            socket.close(Messages.Codes.unauthorized, Auth.closeReason(auth.reason))
            return
          }
          if (!access.ok) {
            metrics.authFailure(access.metric)
            logger.info(
              { reason: access.reason, origin: request.headers.origin, address, url: logged },
              'socket refused',
            )
            socket.close(access.code, access.reason)
            return
          }
          accept(socket, stream, auth.clientId, address, logged)
        })
      },
      (error: unknown) => {
        logger.error({ err: error, url: logged }, 'socket checks failed')
        stream.destroy()
      },
    )
  })

  const heartbeat = setInterval(() => {
    for (const entry of clients) {
      if (entry.missed >= MAX_MISSED_PONGS) {
        entry.socket.terminate()
        continue
      }
      entry.missed += 1
      entry.socket.ping()
    }
  }, config.heartbeatMs)
  heartbeat.unref()

  // Sockets that come before Redis would be refused (1013) and their clients back off: give Redis a
  // moment first. Past it the node listens anyway (liveness), not ready until Redis answers.
  for (const deadline = Date.now() + READY_GRACE_MS; !redisReady() && Date.now() < deadline; )
    await new Promise((resolve) => setTimeout(resolve, 10))
  const port = options.port ?? config.port
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, config.host, () => {
      http.off('error', reject)
      resolve()
    })
  })
  const address = http.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  const url = `ws://${config.host.includes(':') ? `[${config.host}]` : config.host}:${actualPort}`
  audiences = [...new Set([config.publicUrl, url])]
  logger.info(
    { url, publicUrl: config.publicUrl, redis: Boolean(config.redisUrl), nodeId },
    'relay listening',
  )

  let stopped: Promise<void> | undefined
  return {
    url,
    port: actualPort,
    nodeId,
    relay: ready,
    stop: () => {
      stopped ??= (async () => {
        clearInterval(heartbeat)
        const closing = [...clients].map(
          ({ socket }) =>
            new Promise<void>((resolve) => {
              socket.once('close', () => resolve())
              socket.close(1001, 'Relay shutting down')
            }),
        )
        await Promise.race([
          Promise.all(closing),
          new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS)),
        ])
        for (const { socket } of clients) socket.terminate()
        await new Promise<void>((resolve) => {
          wss.close(() => resolve())
        })
        await new Promise<void>((resolve) => {
          http.close(() => resolve())
          http.closeAllConnections()
        })
        await fanout.close()
        await mailbox.close()
        await door.close()
      })()
      return stopped
    },
  }
}
