import { createServer, type Server as HttpServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'
import * as z from 'zod'
import * as Cluster from './Cluster.js'
import * as Rpc from './Rpc.js'

/**
 * The cluster's network face, as a validator's: JSON-RPC over HTTP (POST /, and GET /health) and the
 * PubSub WebSocket one port up (signatureSubscribe, which `@solana/web3.js` waits on to confirm).
 */

/** The largest request body read (a batch of requests). */
export const BODY_MAX_BYTES = 1024 * 1024

export type Server = {
  cluster: Cluster.Cluster
  /** The JSON-RPC address (`http://host:port`) and the WebSocket's (`ws://host:port+1`). */
  url: string
  websocketUrl: string
  close: () => Promise<void>
}

export type Options = {
  hostname?: string
  /** The HTTP port; 0 picks a free one (the WebSocket then gets another free one). */
  port?: number
  /** The WebSocket port; by default one above the HTTP port (0 when that is 0). */
  websocketPort?: number
  cluster?: Cluster.Cluster
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > BODY_MAX_BYTES) {
        resolve(undefined)
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function listen(server: HttpServer, port: number, hostname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, hostname, () => resolve((server.address() as AddressInfo).port))
  })
}

const SubscribeParams = z.tuple([z.string(), z.optional(z.looseObject({}))])
const UnsubscribeParams = z.tuple([z.number().int()])

/** Serves one PubSub connection: signature subscriptions, each answered once when its transaction lands. */
function pubsub(cluster: Cluster.Cluster, socket: WebSocket) {
  const subscriptions = new Map<number, string>()
  let next = 0
  const send = (message: unknown) => socket.send(JSON.stringify(message))
  const notify = (id: number, status: Cluster.Status) => {
    subscriptions.delete(id)
    send({
      jsonrpc: '2.0',
      method: 'signatureNotification',
      params: { result: { context: { slot: status.slot }, value: { err: status.err } }, subscription: id },
    })
  }
  const stop = cluster.onStatus((signature, status) => {
    for (const [id, watched] of subscriptions) if (watched === signature) notify(id, status)
  })
  socket.on('close', stop)
  socket.on('message', (data) => {
    let body: unknown
    try {
      body = JSON.parse(data.toString())
    } catch {
      send({ jsonrpc: '2.0', id: null, error: { code: Rpc.Code.parseError, message: 'Parse error' } })
      return
    }
    const request = Rpc.Request.safeParse(body)
    if (!request.success) {
      send({ jsonrpc: '2.0', id: null, error: { code: Rpc.Code.invalidRequest, message: 'Invalid request' } })
      return
    }
    const { id = null, method, params = [] } = request.data
    if (method === 'signatureSubscribe') {
      const parsed = SubscribeParams.safeParse(params)
      if (!parsed.success) {
        send({ jsonrpc: '2.0', id, error: { code: Rpc.Code.invalidParams, message: 'Invalid params' } })
        return
      }
      const subscription = next++
      subscriptions.set(subscription, parsed.data[0])
      send({ jsonrpc: '2.0', id, result: subscription })
      const [landed] = cluster.statuses([parsed.data[0]])
      if (landed) notify(subscription, landed)
      return
    }
    if (method === 'signatureUnsubscribe') {
      const parsed = UnsubscribeParams.safeParse(params)
      if (!parsed.success) {
        send({ jsonrpc: '2.0', id, error: { code: Rpc.Code.invalidParams, message: 'Invalid params' } })
        return
      }
      send({ jsonrpc: '2.0', id, result: subscriptions.delete(parsed.data[0]) })
      return
    }
    send({ jsonrpc: '2.0', id, error: { code: Rpc.Code.methodNotFound, message: 'Method not found' } })
  })
}

/**
 * Starts a cluster (a new, seeded one unless given) and serves it.
 *
 * @example
 * const server = await Server.start({ port: 8899 })
 * const connection = new Connection(server.url, 'confirmed')
 */
export async function start(options: Options = {}): Promise<Server> {
  const hostname = options.hostname ?? '127.0.0.1'
  const cluster = options.cluster ?? Cluster.create()
  const http = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(200, { 'content-type': 'text/plain' })
      response.end('ok')
      return
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' })
      response.end()
      return
    }
    const text = await readBody(request)
    if (text === undefined)
      return reply(413, {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: Rpc.Code.invalidRequest,
          message: `Request too large: at most ${BODY_MAX_BYTES} bytes`,
        },
      })
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return reply(200, {
        jsonrpc: '2.0',
        id: null,
        error: { code: Rpc.Code.parseError, message: 'Parse error' },
      })
    }
    const answer = Rpc.handle(cluster, body)
    if (answer === undefined) {
      response.writeHead(204)
      response.end()
      return
    }
    reply(200, answer)
  })
  const port = await listen(http, options.port ?? 0, hostname)
  const websocketHttp = createServer((_, response) => {
    response.writeHead(426)
    response.end()
  })
  const websocketPort = await listen(
    websocketHttp,
    options.websocketPort ?? (options.port ? port + 1 : 0),
    hostname,
  ).catch(async (error) => {
    await new Promise((resolve) => http.close(resolve))
    throw error
  })
  const sockets = new WebSocketServer({ server: websocketHttp, maxPayload: BODY_MAX_BYTES })
  sockets.on('connection', (socket) => pubsub(cluster, socket))
  const host = hostname.includes(':') ? `[${hostname}]` : hostname
  return {
    cluster,
    url: `http://${host}:${port}`,
    websocketUrl: `ws://${host}:${websocketPort}`,
    async close() {
      for (const socket of sockets.clients) socket.terminate()
      await new Promise((resolve) => sockets.close(resolve))
      http.closeAllConnections()
      websocketHttp.closeAllConnections()
      await Promise.all([
        new Promise((resolve) => http.close(resolve)),
        new Promise((resolve) => websocketHttp.close(resolve)),
      ])
    },
  }
}
