import * as Bridge from '@frontdoor/protocol/bridge'
import * as Errors from '@frontdoor/protocol/errors'
import * as Log from '@frontdoor/protocol/log'
import * as ModalAuth from '@frontdoor/protocol/modal-auth'
import * as Timeouts from '@frontdoor/protocol/timeouts'

/**
 * The host of the auth frame (the embedded wallet): a hidden iframe of AUTH_URL in the modal's document,
 * reached over packages/protocol's bridge with the auth origin pinned. It is ready once the frame said
 * `ready`, plus {@link Timeouts.READY_DELAY_MS}; a frame that is not ready within
 * {@link Timeouts.FRAME_LOAD_TIMEOUT_MS} fails with 'Unable to load email login dependency'
 * (`iframe_load_failed`); a login/connect call that gets no answer within its 120 s fails with
 * `iframe_request_timeout`. A frame whose server could not verify the page (not on the project's
 * allowed origins) says so at once and fails the same way, as `unverified_domain`. The
 * ApproveTransaction view shows the frame itself over its own area.
 */

/** The auth frame's messages as typed calls. */
export type Remote = Bridge.Remote<typeof ModalAuth.modal.calls>

/** The failures the frame reports (spec section 8). */
export type Failure =
  | typeof Errors.IFRAME_LOAD_FAILED
  | typeof Errors.IFRAME_REQUEST_TIMEOUT
  | typeof Errors.UNVERIFIED_DOMAIN

/** The frame could not load, or a request to it timed out. */
export class FrameError extends Error {
  override name = 'FrameError'
  constructor(
    readonly reason: Failure,
    message: string,
  ) {
    super(message)
  }
}

/** An error the auth frame answered: its message, its EIP-1193 code and data when it gave them. */
type ReplyError = Error & { code?: number; data?: unknown }

/** Options of {@link create}. */
export type Options = {
  /** The auth frame's origin (AUTH_URL). */
  authUrl: string
  /** The project: the auth frame's server lets the project's pages hold the modal that holds it. */
  projectId?: string | undefined
  /** The page the modal serves (its handshake's origin): the auth frame's server checks it. */
  pageOrigin?: string | undefined
  /** The page's `features.analytics`; false tells the frame to send no error report. */
  analytics?: boolean | undefined
  /** Where the iframe is appended (the modal's body). */
  parent?: HTMLElement
  /** Told about each failure, to report it (iframe_load_failed, iframe_request_timeout, unverified_domain). */
  onFailure?: (reason: Failure) => void
  /** The bridge's connect (tests pass their own peer; see AuthFrame.test.ts). */
  connect?: typeof Bridge.connect
  loadTimeoutMs?: number
  readyDelayMs?: number
}

/** Where the frame is drawn while ApproveTransaction shows it, and the card's corner radius there. */
export type Rect = { top: number; left: number; width: number; height: number; radius?: string }

const HIDDEN = {
  position: 'fixed',
  top: '0',
  left: '0',
  width: '0',
  height: '0',
  border: '0',
  visibility: 'hidden',
  pointerEvents: 'none',
  zIndex: '-1',
  borderRadius: '0',
} as const

/** Turns a bridge failure into what the connector throws. */
function translate(error: unknown, onFailure?: (reason: Failure) => void): Error {
  if (error instanceof Bridge.RemoteError) {
    const message = error.message || Errors.AN_ERROR_OCCURRED
    if (error.code !== undefined) return new Errors.ProviderRpcError(error.code, message, error.data)
    const reply: ReplyError = new Error(message)
    if (error.data !== undefined) reply.data = error.data
    return reply
  }
  if (error instanceof Bridge.BridgeError && error.reason === 'timeout') {
    onFailure?.(Errors.IFRAME_REQUEST_TIMEOUT)
    return new FrameError(Errors.IFRAME_REQUEST_TIMEOUT, Errors.SOMETHING_WENT_WRONG)
  }
  if (error instanceof FrameError) return error
  if (error instanceof Bridge.BridgeError && error.reason === 'invalid_params')
    return Errors.providerError('invalidParams', error.message)
  if (error instanceof Bridge.BridgeError)
    return Errors.providerError('disconnected', Errors.SOMETHING_WENT_WRONG)
  return error instanceof Error ? error : new Error(Errors.SOMETHING_WENT_WRONG)
}

/** Creates the hidden auth frame and starts its bridge at once. */
export function create(options: Options) {
  const origin = new URL(options.authUrl).origin
  const connect = options.connect ?? Bridge.connect
  const loadTimeoutMs = options.loadTimeoutMs ?? Timeouts.FRAME_LOAD_TIMEOUT_MS
  const readyDelayMs = options.readyDelayMs ?? Timeouts.READY_DELAY_MS

  const iframe = document.createElement('iframe')
  // The page's log level goes on to the auth frame (packages/protocol log.ts).
  const query = new URLSearchParams({
    ...(options.projectId ? { projectId: options.projectId } : {}),
    ...(options.pageOrigin ? { [ModalAuth.PAGE_ORIGIN_PARAM]: options.pageOrigin } : {}),
    ...(options.analytics === false ? { [ModalAuth.ANALYTICS_PARAM]: ModalAuth.ANALYTICS_OFF } : {}),
    ...Log.param(),
  })
  iframe.src = `${origin}/${query.size ? `?${query}` : ''}`
  iframe.title = 'Frontdoor wallet'
  iframe.className = 'fd-auth-frame'
  // The wallet needs scripts and its own storage, and pop-ups for its approval window (where the
  // browser cannot tell whether the frame is covered); nothing else (no top navigation, no forms).
  iframe.setAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox',
  )
  iframe.tabIndex = -1
  iframe.setAttribute('aria-hidden', 'true')
  Object.assign(iframe.style, HIDDEN)
  ;(options.parent ?? document.body).append(iframe)

  let connection: Bridge.Connection<typeof ModalAuth.modal> | undefined
  let failed = false
  let signalReady = () => {}
  const readyEvent = new Promise<void>((resolve) => {
    signalReady = resolve
  })

  let stopListening = () => {}
  const remote = new Promise<Remote>((resolve, reject) => {
    const fail = (reason: Failure = Errors.IFRAME_LOAD_FAILED) => {
      stopListening()
      if (failed) return
      failed = true
      clearTimeout(timer)
      options.onFailure?.(reason)
      connection?.destroy()
      reject(new FrameError(reason, Errors.EMAIL_LOGIN_DEPENDENCY))
    }
    const timer = setTimeout(fail, loadTimeoutMs)
    // The frame's one word when its server could not verify the page: from that frame and origin only.
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || event.origin !== origin) return
      if ((event.data as { type?: unknown } | null)?.type === ModalAuth.UNVERIFIED_DOMAIN_MESSAGE)
        fail(Errors.UNVERIFIED_DOMAIN)
    }
    window.addEventListener('message', onMessage)
    stopListening = () => window.removeEventListener('message', onMessage)
    connect({
      remoteWindow: iframe.contentWindow!,
      allowedOrigins: [origin],
      end: ModalAuth.modal,
      handlers: { ready: () => signalReady() },
      handshakeTimeoutMs: loadTimeoutMs,
      onInvalid: (error) =>
        console.error(`frontdoor: refused a message from the auth frame: ${error.message}`),
    })
      .then(async (connected) => {
        connection = connected
        await readyEvent
        if (failed) return
        clearTimeout(timer)
        stopListening()
        // Spec section 4: ready on the ready event, plus a 500 ms delay.
        await new Promise((done) => setTimeout(done, readyDelayMs))
        resolve(connected.remote)
      })
      .catch(() => fail())
  })
  remote.catch(() => {})

  return {
    /** The iframe element (shown by ApproveTransaction). */
    element: iframe,
    /** Whether loading failed (a new frame is needed for another try). */
    failed: () => failed,
    /** Resolves when the frame is ready (ready event + 500 ms); rejects with {@link FrameError} after 20 s. */
    ready: () => remote.then(() => undefined),
    /** Calls the frame once it is ready; failures are translated (timeouts reported). */
    async run<T>(call: (remote: Remote) => Promise<T>): Promise<T> {
      const ready = await remote
      try {
        return await call(ready)
      } catch (error) {
        throw translate(error, options.onFailure)
      }
    },
    /** Draws the frame over `rect` of the modal (ApproveTransaction). */
    show(rect: Rect) {
      Object.assign(iframe.style, {
        ...HIDDEN,
        top: `${rect.top}px`,
        left: `${rect.left}px`,
        width: `${rect.width}px`,
        height: `${rect.height}px`,
        visibility: 'visible',
        pointerEvents: 'auto',
        borderRadius: `0 0 ${rect.radius ?? '0'} ${rect.radius ?? '0'}`,
        zIndex: '2147483647',
      })
      iframe.tabIndex = 0
      iframe.removeAttribute('aria-hidden')
    },
    /** Hides the frame again. */
    hide() {
      Object.assign(iframe.style, HIDDEN)
      iframe.tabIndex = -1
      iframe.setAttribute('aria-hidden', 'true')
    },
    /** Moves keyboard focus into the frame (its Decline button). */
    focus() {
      iframe.focus({ preventScroll: true })
    },
    /** Removes the frame and closes its bridge. */
    destroy() {
      failed = true
      stopListening()
      connection?.destroy()
      iframe.remove()
    },
  }
}

/** The auth frame host. */
export type AuthFrame = ReturnType<typeof create>
