import * as RelayAuth from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'

/**
 * A bare relay client over a WebSocket, speaking the frames by hand: for protocol tests and the
 * benchmark. It authenticates with a freshly generated did:key JWT, as sign-client does.
 */

/** One delivered `irn_subscription`. */
export type Delivery = {
  id: string
  subscriptionId: string
  data: { topic: string; message: string; publishedAt: number; tag?: number; attestation?: string }
}

/** A connected client. */
export type RawClient = {
  socket: WebSocket
  /** The did:key the JWT names. */
  clientId: string
  /** Sends a request and resolves with the raw response text. */
  call: (method: string, params: unknown) => Promise<string>
  /** Sends a request and resolves with its result, or rejects with its error. */
  request: <T = unknown>(method: string, params: unknown) => Promise<T>
  /** Called for each `irn_subscription`; acked unless `ack` is false. */
  onDelivery: (listener: (delivery: Delivery) => void) => void
  /** Deliveries received so far. */
  deliveries: Delivery[]
  close: () => Promise<void>
}

/** A relay JWT for `aud`, as sign-client signs one (`ttl` and `iat` in seconds). */
export function jwt(
  aud: string,
  options: { keyPair?: RelayAuth.Keypair; ttlS?: number; iatS?: number } = {},
): Promise<string> {
  const keyPair = options.keyPair ?? RelayAuth.generateKeyPair()
  return RelayAuth.signJWT('frontdoor-test', aud, options.ttlS ?? 86_400, keyPair, options.iatS)
}

export type ConnectOptions = {
  /** The JWT; by default a fresh one for `url`. */
  token?: string
  keyPair?: RelayAuth.Keypair
  /** Ack each delivery (default true). */
  ack?: boolean
  /** The project it names (`?projectId=`, default `demo`). */
  projectId?: string
  /** An `Origin` header, as a browser sends (none by default, as from Node). */
  origin?: string
  /** The address to connect from (e.g. `127.0.0.2`: another client address on loopback). */
  localAddress?: string
  /** Headers of the upgrade request (e.g. `x-forwarded-for`, as a proxy in front of the relay adds). */
  headers?: Record<string, string>
}

let nextId = 1

/** The `ws` options of a socket: its Origin, local address and extra headers. */
function socketOptions(options: Pick<ConnectOptions, 'origin' | 'localAddress' | 'headers'>) {
  return {
    ...(options.origin && { origin: options.origin }),
    ...(options.localAddress && { localAddress: options.localAddress }),
    ...(options.headers && { headers: options.headers }),
  }
}

/**
 * Opens an authenticated socket to a relay.
 *
 * @example
 * const client = await RawClient.connect(server.url)
 * await client.request('irn_subscribe', { topic })
 */
export async function connect(url: string, options: ConnectOptions = {}): Promise<RawClient> {
  const keyPair = options.keyPair ?? RelayAuth.generateKeyPair()
  const token = options.token ?? (await jwt(url, { keyPair }))
  const query = new URLSearchParams({ auth: token, projectId: options.projectId ?? 'demo' })
  const socket = new WebSocket(`${url}/?${query}`, socketOptions(options))
  const pending = new Map<string, (text: string) => void>()
  const listeners: ((delivery: Delivery) => void)[] = []
  const deliveries: Delivery[] = []
  socket.on('message', (raw) => {
    const text = raw.toString()
    const match = /^\{"id":("?[^,"]+"?),/.exec(text)
    const id = match?.[1]
    if (text.includes('"method":"irn_subscription"')) {
      const message = JSON.parse(text) as { params: { id: string; data: Delivery['data'] } }
      const delivery = { id: id ?? '', subscriptionId: message.params.id, data: message.params.data }
      deliveries.push(delivery)
      if (options.ack !== false) socket.send(`{"id":${id},"jsonrpc":"2.0","result":true}`)
      for (const listener of listeners) listener(delivery)
      return
    }
    if (id === undefined) return
    const resolve = pending.get(id)
    pending.delete(id)
    resolve?.(text)
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
    socket.once('close', (code, reason) => reject(new Error(`closed ${code} ${reason.toString()}`)))
  })
  const call = (method: string, params: unknown) => {
    // 19 digits, like sign-client's ids: past 2^53, so only exact echoing matches them.
    const id = `${1_700_000_000_000_000_000n + BigInt(nextId++)}`
    return new Promise<string>((resolve) => {
      pending.set(id, resolve)
      socket.send(`{"id":${id},"jsonrpc":"2.0","method":"${method}","params":${JSON.stringify(params)}}`)
    })
  }
  return {
    socket,
    clientId: RelayAuth.encodeIss(keyPair.publicKey),
    call,
    async request<T>(method: string, params: unknown) {
      const response = JSON.parse(await call(method, params)) as { result?: T; error?: { message: string } }
      if (response.error) throw new Error(response.error.message)
      return response.result as T
    },
    onDelivery: (listener) => listeners.push(listener),
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve()
        socket.once('close', () => resolve())
        socket.close()
      }),
  }
}

/** Resolves with the close code and reason of a socket the relay refuses. */
export function refused(
  url: string,
  options: Pick<ConnectOptions, 'origin' | 'localAddress' | 'headers'> = {},
): Promise<{ code: number; reason: string }> {
  const socket = new WebSocket(url, socketOptions(options))
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))
  })
}
