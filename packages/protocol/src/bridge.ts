import { CallOptions, PenpalError, connect as penpalConnect, WindowMessenger } from 'penpal'
import * as z from 'zod/mini'
import * as Origins from './bridge-origins.js'
import * as Errors from './errors.js'
import * as Message from './message.js'
import * as Timeouts from './timeouts.js'

/**
 * A typed bridge between two windows over penpal 7. Penpal gives the handshake, the origin allowlist,
 * the `event.source` check and a private MessageChannel after the handshake; this module adds the
 * protocol version handshake and zod validation of every call and every reply, both ways.
 *
 * @example
 * const { remote } = await Bridge.connect({
 *   remoteWindow: iframe.contentWindow!,
 *   allowedOrigins: ['http://127.0.0.1:5180'],
 *   end: HostModal.host,
 *   handlers: { hostInfo: () => info, state: (s) => render(s), ... },
 * })
 * await remote.open({ view: 'Connect' })
 */

export { assertAllowedOrigins, isAllowedOrigin, originPattern } from './bridge-origins.js'

/** Why a bridge call failed (other than the peer answering with an error reply). */
export type Reason =
  | 'invalid_params'
  | 'invalid_reply'
  | 'not_ready'
  | 'timeout'
  | 'version_mismatch'
  | 'connection_timeout'
  | 'destroyed'
  | 'transport'

/** A call failed on this side of the bridge: bad params, a bad reply, a timeout, a refused peer. */
export class BridgeError extends Error {
  override name = 'BridgeError'
  readonly reason: Reason
  /** The message the call was for, if any. */
  readonly messageName: string | undefined

  constructor(reason: Reason, message: string, messageName?: string) {
    super(message)
    this.reason = reason
    this.messageName = messageName
  }
}

/** The peer answered with an error reply (already validated against the message's error schema). */
export class RemoteError extends Error {
  override name = 'RemoteError'
  readonly code: number | undefined
  readonly data: unknown
  readonly messageName: string

  constructor(messageName: string, reply: { code?: number | undefined; message: string; data?: unknown }) {
    super(reply.message)
    this.messageName = messageName
    this.code = reply.code
    this.data = reply.data
  }
}

/** What a reply looks like on the wire: a success value or an error reply. */
export type Reply = { result: unknown } | { error: Message.ErrorReply }

/** A handler of one exposed message: gets validated params and the peer's origin. */
export type Handler<D extends Message.Definition> = (
  params: Message.ParamsOut<D>,
  context: { origin: string },
) => Message.ResultIn<D> | Promise<Message.ResultIn<D>>

/** One handler per exposed message. */
export type Handlers<Defs extends Message.Definitions> = { [K in keyof Defs]: Handler<Defs[K]> }

/** Per-call options. */
export type CallOptionsMs = {
  /** Overrides the message's timeout; `Timeouts.NO_TIMEOUT` waits forever. */
  timeoutMs?: number
}

/** A typed call to one message of the peer: validates params before sending and the reply on receipt. */
export type RemoteCall<D extends Message.Definition> =
  undefined extends Message.ParamsIn<D>
    ? (params?: Message.ParamsIn<D>, options?: CallOptionsMs) => Promise<Message.ResultOut<D>>
    : (params: Message.ParamsIn<D>, options?: CallOptionsMs) => Promise<Message.ResultOut<D>>

/** The peer's messages as typed calls. */
export type Remote<Defs extends Message.Definitions> = { [K in keyof Defs]: RemoteCall<Defs[K]> }

/** How a raw call reaches the peer: message name, arguments, timeout (ms or `NO_TIMEOUT`). */
export type Transport = (name: string, args: unknown[], timeoutMs: number) => Promise<unknown>

// --- Validation (pure: testable without a browser) ---------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const hasOwn = (value: object, key: string) => Object.hasOwn(value, key)

/** Turns whatever a handler threw into an error reply that fits the message's error schema. */
export function toErrorReply(
  name: string,
  definition: Message.Definition,
  thrown: unknown,
): Message.ErrorReply {
  const record = isRecord(thrown) ? thrown : {}
  const code = Number.isInteger(record.code) ? (record.code as number) : undefined
  const text = thrown instanceof Error ? thrown.message : typeof thrown === 'string' ? thrown : ''
  const reply: Message.ErrorReply = { message: text || Errors.AN_ERROR_OCCURRED }
  if (code !== undefined) reply.code = code
  if (record.data !== undefined) reply.data = record.data
  if (Message.parseError(name, definition, reply).ok) return reply
  // The error schema wants more (an EIP-1193 error needs a code): report an internal error.
  const internal = { code: Errors.PROVIDER_ERRORS.internalError.code, message: reply.message }
  if (Message.parseError(name, definition, internal).ok) return internal
  return { code: internal.code, message: Errors.SOMETHING_WENT_WRONG }
}

/** Options of {@link expose}. */
export type ExposeOptions = {
  /** Whether the peer has completed the handshake; calls before it are refused. */
  isReady?: () => boolean
  /** The peer's origin, passed to handlers. */
  origin?: () => string
  /** Told about every call refused for invalid params (e.g. to log it). The handler is not called. */
  onInvalid?: (error: BridgeError) => void
}

/**
 * Wraps handlers into the methods penpal exposes. Each method validates its params BEFORE the handler
 * runs (invalid: an error reply naming the message and the field, handler never called), validates
 * the handler's result, and always answers with a {@link Reply}, never a thrown error.
 */
export function expose<Defs extends Message.Definitions>(
  definitions: Defs,
  handlers: Handlers<Defs>,
  options: ExposeOptions = {},
): Record<string, (...args: unknown[]) => Promise<Reply>> {
  // No prototype: a peer calling 'constructor' or 'toString' finds nothing.
  const methods: Record<string, (...args: unknown[]) => Promise<Reply>> = Object.create(null)
  for (const name of Object.keys(definitions)) {
    const definition = definitions[name]!
    const handler = handlers[name] as Handler<Message.Definition> | undefined
    if (typeof handler !== 'function') throw new TypeError(`No handler for message "${name}"`)
    methods[name] = async (...args: unknown[]): Promise<Reply> => {
      if (options.isReady && !options.isReady()) {
        return {
          error: {
            code: Errors.PROVIDER_ERRORS.disconnected.code,
            message: `"${name}" called before the handshake`,
          },
        }
      }
      const parsed =
        args.length > 1
          ? ({
              ok: false,
              message: `Invalid params for "${name}": expected one argument, got ${args.length}`,
            } as const)
          : Message.parseParams(name, definition, args[0])
      if (!parsed.ok) {
        options.onInvalid?.(new BridgeError('invalid_params', parsed.message, name))
        return { error: { code: Errors.PROVIDER_ERRORS.invalidParams.code, message: parsed.message } }
      }
      let value: unknown
      try {
        value = await handler(parsed.value, { origin: options.origin?.() ?? '' })
      } catch (thrown) {
        return { error: toErrorReply(name, definition, thrown) }
      }
      const result = Message.parseResult(name, definition, value)
      if (!result.ok) return { error: toErrorReply(name, definition, new Error(result.message)) }
      return { result: result.value }
    }
  }
  return methods
}

/** Reads a reply: the validated success value, or throws {@link RemoteError} / {@link BridgeError}. */
export function readReply<D extends Message.Definition>(name: string, definition: D, reply: unknown) {
  const invalid = (why: string) =>
    new BridgeError('invalid_reply', `Invalid reply for "${name}": ${why}`, name)
  if (!isRecord(reply)) throw invalid('not an object')
  const keys = Object.keys(reply)
  if (keys.length === 1 && hasOwn(reply, 'error')) {
    const error = Message.parseError(name, definition, reply.error)
    if (!error.ok) throw new BridgeError('invalid_reply', error.message, name)
    throw new RemoteError(name, error.value as Message.ErrorReply)
  }
  if (keys.length === 1 && hasOwn(reply, 'result')) {
    const result = Message.parseResult(name, definition, reply.result)
    if (!result.ok) throw new BridgeError('invalid_reply', result.message, name)
    return result.value as Message.ResultOut<D>
  }
  throw invalid('expected exactly one of "result" or "error"')
}

function transportError(name: string, thrown: unknown, timeoutMs: number): BridgeError {
  if (thrown instanceof PenpalError) {
    if (thrown.code === 'METHOD_CALL_TIMEOUT')
      return new BridgeError('timeout', `"${name}" got no reply within ${timeoutMs} ms`, name)
    if (thrown.code === 'CONNECTION_DESTROYED')
      return new BridgeError('destroyed', `"${name}" called on a closed bridge`, name)
  }
  const message = thrown instanceof Error ? thrown.message : String(thrown)
  return new BridgeError('transport', `"${name}" could not be delivered: ${message}`, name)
}

/**
 * Typed calls to the peer's messages over `transport`: params are validated before sending (invalid:
 * {@link BridgeError} 'invalid_params', nothing sent), the reply on receipt.
 */
export function remote<Defs extends Message.Definitions>(
  definitions: Defs,
  transport: Transport,
  defaultTimeoutMs: number = Timeouts.DEFAULT_CALL_TIMEOUT_MS,
): Remote<Defs> {
  const calls: Record<string, unknown> = Object.create(null)
  for (const name of Object.keys(definitions)) {
    const definition = definitions[name]!
    calls[name] = async (params?: unknown, options?: CallOptionsMs) => {
      const parsed = Message.parseParams(name, definition, params)
      if (!parsed.ok) throw new BridgeError('invalid_params', parsed.message, name)
      const timeoutMs = options?.timeoutMs ?? definition.timeoutMs ?? defaultTimeoutMs
      let reply: unknown
      try {
        reply = await transport(name, parsed.value === undefined ? [] : [parsed.value], timeoutMs)
      } catch (thrown) {
        throw transportError(name, thrown, timeoutMs)
      }
      return readReply(name, definition, reply)
    }
  }
  return calls as Remote<Defs>
}

// --- Handshake -----------------------------------------------------------------------------------------

/** The reserved method both ends expose for the version handshake. */
export const HANDSHAKE = '__frontdoor_handshake'

const Hello = z.strictObject({
  channel: z.string().check(z.maxLength(100)),
  version: z.number().check(z.int()),
})
const handshake = Message.define({ params: Hello, result: Hello })

/** The message for a peer on another protocol version or channel. */
export function versionMismatchMessage(
  local: { channel: string; version: number },
  peer: { channel?: unknown; version?: unknown },
): string {
  return (
    `Frontdoor protocol mismatch on "${local.channel}": this end speaks version ${local.version}, ` +
    `the peer speaks ${peer.channel !== local.channel ? `channel "${String(peer.channel)}" ` : ''}` +
    `version ${String(peer.version)}. Load the same Frontdoor release on both ends.`
  )
}

// --- Connect -------------------------------------------------------------------------------------------

/** Options of {@link connect}. */
export type ConnectOptions<E extends Message.End> = {
  /** The peer's window (`iframe.contentWindow`, or `window.parent` inside a frame). */
  remoteWindow: Window
  /** The peer's origins: exact origins or anchored patterns, never `'*'`. */
  allowedOrigins: readonly (string | RegExp)[]
  /** This end of the channel (e.g. `HostModal.host`). */
  end: E
  /** One handler per message this end exposes. */
  handlers: Handlers<E['exposes']>
  /** Default call timeout for messages without their own (default `Timeouts.DEFAULT_CALL_TIMEOUT_MS`). */
  timeoutMs?: number
  /** How long the handshake may take (default `Timeouts.FRAME_LOAD_TIMEOUT_MS`). */
  handshakeTimeoutMs?: number
  /** Told about every inbound call refused for invalid params. */
  onInvalid?: (error: BridgeError) => void
  /** The protocol version this end speaks (tests only; default `Message.PROTOCOL_VERSION`). */
  version?: number
}

/** A connected bridge. */
export type Connection<E extends Message.End> = {
  /** Typed calls to the peer. */
  remote: Remote<E['calls']>
  /** The peer's origin, as the browser attested on the handshake. */
  origin: string
  /** Closes the bridge; pending calls reject with 'destroyed'. */
  destroy: () => void
  /**
   * Typed calls to more of the peer's messages, on this connection: for definitions that a lazily
   * loaded chunk holds (e.g. SIWX, siwx.ts), so the first-open code does not carry their schemas.
   */
  extend: <Defs extends Message.Definitions>(definitions: Defs) => Remote<Defs>
}

/**
 * Connects to the peer window: penpal handshake (origin allowlist, `event.source` check), then the
 * protocol version handshake; rejects with {@link BridgeError} 'version_mismatch' for a peer on another
 * version and 'connection_timeout' when the peer does not answer in time.
 */
export function connect<E extends Message.End>(options: ConnectOptions<E>): Promise<Connection<E>> {
  Origins.assertAllowedOrigins(options.allowedOrigins)
  const { end, remoteWindow, allowedOrigins } = options
  const local = { channel: end.channel, version: options.version ?? Message.PROTOCOL_VERSION }
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? Timeouts.FRAME_LOAD_TIMEOUT_MS

  let origin = ''
  let peerReady = false
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined
  const peerHello = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject }
  })
  // Penpal pins the origin privately; read the same handshake messages to learn it.
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { namespace?: unknown; channel?: unknown; type?: unknown } | null
    if (event.source !== remoteWindow || !Origins.isAllowedOrigin(allowedOrigins, event.origin)) return
    if (data?.namespace === 'penpal' && data.channel === end.channel && data.type === 'SYN')
      origin = event.origin
  }
  window.addEventListener('message', onMessage)

  const methods = expose(end.exposes, options.handlers as Handlers<Message.Definitions>, {
    isReady: () => peerReady,
    origin: () => origin,
    ...(options.onInvalid ? { onInvalid: options.onInvalid } : {}),
  })
  methods[HANDSHAKE] = async (...args: unknown[]): Promise<Reply> => {
    const hello = z.safeParse(Hello, args[0])
    if (!hello.success || hello.data.channel !== local.channel || hello.data.version !== local.version) {
      const message = versionMismatchMessage(local, isRecord(args[0]) ? args[0] : {})
      settle?.reject(new BridgeError('version_mismatch', message))
      return { error: { message } }
    }
    peerReady = true
    settle?.resolve()
    return { result: local }
  }

  const connection = penpalConnect({
    messenger: new WindowMessenger({ remoteWindow, allowedOrigins: [...allowedOrigins] }),
    methods,
    channel: end.channel,
    timeout: handshakeTimeoutMs,
  })
  const destroy = () => {
    window.removeEventListener('message', onMessage)
    connection.destroy()
  }

  const handshakeDone = (async () => {
    const proxy = (await connection.promise) as unknown as Record<
      string,
      (...args: unknown[]) => Promise<unknown>
    >
    const transport: Transport = (name, args, timeoutMs) => {
      const method = proxy[name]!
      return Number.isFinite(timeoutMs)
        ? method(...args, new CallOptions({ timeout: timeoutMs }))
        : method(...args)
    }
    let peer: { channel: string; version: number }
    try {
      peer = await remote({ [HANDSHAKE]: handshake }, transport, handshakeTimeoutMs)[HANDSHAKE](local)
    } catch (error) {
      if (error instanceof RemoteError) throw new BridgeError('version_mismatch', error.message)
      if (error instanceof BridgeError && error.reason === 'transport')
        throw new BridgeError('version_mismatch', versionMismatchMessage(local, {}))
      throw error
    }
    if (peer.channel !== local.channel || peer.version !== local.version)
      throw new BridgeError('version_mismatch', versionMismatchMessage(local, peer))
    await peerHello
    return {
      remote: remote(end.calls, transport, options.timeoutMs) as Remote<E['calls']>,
      origin,
      destroy,
      extend: <Defs extends Message.Definitions>(definitions: Defs) =>
        remote(definitions, transport, options.timeoutMs),
    }
  })()

  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new BridgeError(
            'connection_timeout',
            `No handshake on "${local.channel}" within ${handshakeTimeoutMs} ms (is the frame loaded, and its origin allowed?)`,
          ),
        ),
      handshakeTimeoutMs,
    )
  })
  // A refused peer hello fails the connection at once, even while our own hello is in flight.
  const refused = peerHello.then(() => new Promise<never>(() => {}))
  return Promise.race([handshakeDone, deadline, refused]).then(
    (connected) => {
      clearTimeout(timer)
      return connected
    },
    (error: unknown) => {
      clearTimeout(timer)
      destroy()
      if (error instanceof PenpalError && error.code === 'CONNECTION_TIMEOUT')
        throw new BridgeError(
          'connection_timeout',
          `No handshake on "${local.channel}" within ${handshakeTimeoutMs} ms`,
        )
      throw error
    },
  )
}
