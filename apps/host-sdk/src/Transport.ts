import type * as HostModal from '@frontdoor/protocol/host-modal'
import { CallOptions, connect, WindowMessenger } from 'penpal'
import * as Validate from './Validate.js'

/** The host <-> modal channel and protocol version (packages/protocol; Transport.test.ts checks them). */
export const CHANNEL = 'frontdoor:host-modal'
export const PROTOCOL_VERSION = 1
/** The version handshake method both ends expose (packages/protocol `Bridge.HANDSHAKE`). */
export const HANDSHAKE = '__frontdoor_handshake'

type ErrorReply = { code?: number; message: string; data?: unknown }
type Reply = { result: unknown } | { error: ErrorReply }

/** What the host answers when the modal calls it (params already checked). */
export type Handlers = {
  hostInfo: () => HostModal.HostInfo
  state: (state: HostModal.State) => void
  open: () => void
  requestClose: () => void
  providerEvent: (event: HostModal.ProviderEvent) => void
  /** The modal's state kept in the page's storage (when the browser denies the frame its own). */
  storageRead: () => Record<string, string>
  storageWrite: (params: { key: string; value: string | null }) => void
  /** Sends a request to an injected wallet of the page; its EIP-1193 error code is replied as is. */
  injectedWalletRequest: (params: ReturnType<typeof Validate.injectedWalletRequest>) => Promise<unknown>
  /** More messages, each with its params check and its handler (SIWX: siwx/Siwx.ts `handlers`). */
  more?: Record<string, readonly [(params: unknown) => unknown, (params: never) => unknown]>
}

/** An error reply from the modal, with its EIP-1193 code when it has one. */
export class RemoteError extends Error {
  readonly code: number | undefined
  readonly data: unknown
  constructor(reply: ErrorReply) {
    super(reply.message)
    this.code = reply.code
    this.data = reply.data
  }
}

/** Calls a modal message: params out, the checked reply's result back (or a thrown RemoteError). */
export type Call = (
  name: keyof typeof HostModal.ModalMessages,
  params?: unknown,
  timeoutMs?: number,
) => Promise<unknown>

const DEFAULT_TIMEOUT_MS = 10_000

/**
 * The host's end of the host <-> modal protocol of packages/protocol, over penpal: the modal's origin
 * only, the iframe's window only, a private MessageChannel after the handshake, then the version
 * handshake. Every message from the modal is checked (Validate.ts) before it is acted on, and every
 * call is answered with a `{ result }` or `{ error }` reply, as packages/protocol's bridge expects.
 * This is the only module that talks across the frame boundary.
 */
export function connectModal(iframe: HTMLIFrameElement, modalOrigin: string, handlers: Handlers) {
  let peerReady = false
  let onPeerHello = () => {}
  const peerHello = new Promise<void>((resolve) => {
    onPeerHello = resolve
  })
  const local = { channel: CHANNEL, version: PROTOCOL_VERSION }

  const method =
    (name: string, check: (params: unknown) => unknown, run: (params: never) => unknown) =>
    async (...args: unknown[]): Promise<Reply> => {
      if (!peerReady) return { error: { code: 4900, message: `"${name}" called before the handshake` } }
      let params: unknown
      try {
        if (args.length > 1) throw new Error('one argument')
        params = check(args[0])
      } catch {
        return { error: { code: -32602, message: `Invalid params for "${name}"` } }
      }
      try {
        const result = await run(params as never)
        return { result: result ?? undefined }
      } catch (error) {
        return { error: { code: -32603, message: (error as Error).message || 'An error occurred' } }
      }
    }
  const methods: Record<string, (...args: unknown[]) => Promise<Reply>> = Object.create(null)
  methods.hostInfo = method('hostInfo', Validate.noParams, handlers.hostInfo)
  methods.state = method('state', Validate.state, handlers.state)
  methods.open = method('open', Validate.noParams, handlers.open)
  methods.requestClose = method('requestClose', Validate.noParams, handlers.requestClose)
  methods.providerEvent = method('providerEvent', Validate.providerEvent, handlers.providerEvent)
  methods.storageRead = method('storageRead', Validate.noParams, handlers.storageRead)
  methods.storageWrite = method('storageWrite', Validate.storageWrite, handlers.storageWrite)
  for (const [name, [check, run]] of Object.entries(handlers.more ?? {}))
    methods[name] = method(name, check, run)
  methods.injectedWalletRequest = async (...args: unknown[]): Promise<Reply> => {
    const checked = await method('injectedWalletRequest', Validate.injectedWalletRequest, () => null)(...args)
    if ('error' in checked) return checked
    try {
      return { result: (await handlers.injectedWalletRequest(args[0] as never)) ?? null }
    } catch (error) {
      // The wallet's own error (4001 rejected, 4902 unknown chain ...) reaches the modal unchanged.
      const e = error as { code?: unknown; message?: unknown; data?: unknown }
      const code = Number.isSafeInteger(e?.code) ? (e.code as number) : -32603
      const message =
        typeof e?.message === 'string' && e.message ? e.message.slice(0, 10_000) : 'An error occurred'
      return { error: { code, message } }
    }
  }
  methods[HANDSHAKE] = async (hello: unknown): Promise<Reply> => {
    const ok =
      typeof hello === 'object' &&
      hello !== null &&
      (hello as typeof local).channel === CHANNEL &&
      (hello as typeof local).version === PROTOCOL_VERSION
    if (!ok)
      return {
        error: { message: `Frontdoor protocol mismatch: this page speaks version ${PROTOCOL_VERSION}` },
      }
    peerReady = true
    onPeerHello()
    return { result: local }
  }

  let destroy = () => {}
  const call = new Promise<Call>((resolve, reject) => {
    const start = () => {
      const connection = connect({
        messenger: new WindowMessenger({
          remoteWindow: iframe.contentWindow!,
          allowedOrigins: [modalOrigin],
        }),
        methods,
        channel: CHANNEL,
      })
      destroy = connection.destroy
      connection.promise
        .then(async (proxy) => {
          const raw = proxy as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
          const call: Call = async (name, params, timeoutMs = DEFAULT_TIMEOUT_MS) => {
            const args: unknown[] = params === undefined ? [] : [params]
            if (Number.isFinite(timeoutMs)) args.push(new CallOptions({ timeout: timeoutMs }))
            const reply = Validate.reply(await raw[name]!(...args))
            if ('error' in reply) throw new RemoteError(reply.error)
            return reply.result
          }
          const hello = Validate.reply(await raw[HANDSHAKE]!(local))
          const peer = 'result' in hello ? (hello.result as typeof local | undefined) : undefined
          if (peer?.channel !== CHANNEL || peer.version !== PROTOCOL_VERSION)
            throw new Error(
              'Frontdoor protocol mismatch: load the same Frontdoor release on the page and the modal',
            )
          await peerHello
          resolve(call)
        })
        .catch(reject)
    }
    // Penpal listens from the moment the frame has a window: the modal's handshake (sent once its entry
    // runs) is answered then, not after the frame's `load`, which waits for every chunk it preloads.
    // createFrontdoor appends the frame later in the same task; a page that places it itself
    // (`append: false`) is met at the frame's load.
    let started = false
    const startOnce = () => {
      if (started || !iframe.contentWindow) return
      started = true
      start()
    }
    startOnce()
    queueMicrotask(startOnce)
    iframe.addEventListener('load', startOnce, { once: true })
  })
  return { call, destroy: () => destroy() }
}
