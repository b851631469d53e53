import * as Siwx from '@frontdoor/protocol/siwx'
import { SiwxMessage } from '@frontdoor/schemas'
import { EVENT } from '@frontdoor/schemas/api/analytics'
import * as Errors from '@frontdoor/schemas/errors'
import * as Track from '../analytics/Track.js'
import type * as HostBridge from '../bridge/HostBridge.js'
import type * as Lazy from '../connection/Lazy.js'
import type * as State from '../controller/State.js'
import type * as Modal from '../modal/Modal.js'
import type * as Router from '../router/Router.js'

/**
 * Sign in with the wallet (SIWX), the modal's side (spec section 4). When the page set `siwx`, the
 * address is on a supported network and the page has no session for it, SIWXSignMessage opens. The
 * page's functions run in the page (the host answers the protocol's siwx messages); the wallet signs
 * here. Success adds a session and closes the modal; failure or decline keeps the view with its
 * error; cancelling when sign-in is required switches back to the last network with a session, or
 * disconnects. This module loads only when the page set `siwx` and an account is connected.
 */

/**
 * What sign-in needs of the modal's controller: its port, declared here so that this module does not
 * import Controller.ts, which loads it (the controller passes itself).
 */
export type Options = {
  env: { mode: 'modal' | 'inline' }
  state: State.StateStore
  router: Router.Router
  modal: Modal.Modal
  connection: Pick<Lazy.Controller, 'get' | 'request' | 'disconnect'>
  /** Switches the page's network to the EVM chain `chainId`, the connected wallet first. */
  switchNetwork: (chainId: number) => Promise<unknown>
  /** Whether the connected wallet is on one of the page's networks. */
  onSupportedChain: () => boolean
  /** Asks the host to close the modal, as the user's close does (it shakes instead when it may not close now). */
  requestClose: () => void
}

/** The error the view shows when the wallet's user declined (EIP-1193 4001). */
const DECLINED = Errors.SIGNATURE_DECLINED

const USER_REJECTED = 4001

/** `personal_sign` takes the message as hex of its UTF-8 bytes. */
function toHex(text: string): `0x${string}` {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex as `0x${string}`
}

/** The message a failure shows: 'Signature declined' for a declined signature, else its own. */
export function errorOf(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null
  if (e?.code === USER_REJECTED) return DECLINED
  return typeof e?.message === 'string' && e.message ? e.message : Errors.FRAME.SOMETHING_WENT_WRONG
}

/**
 * The error SIWXSignMessage shows when the page's message is not what the view asks to sign: another
 * account or network than the connected one, another site than the page, or a text that says other
 * than its data. Nothing is signed.
 */
export const MESSAGE_MISMATCH =
  'The sign-in message does not match this account, network or site. Nothing was signed.'

/** What a sign-in message says that the wallet's user relies on (SiwxMessage's fields). */
const FIELDS = [
  'accountAddress',
  'chainId',
  'domain',
  'uri',
  'version',
  'nonce',
  'statement',
  'issuedAt',
  'expirationTime',
  'notBefore',
  'requestId',
  'resources',
] as const

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Whether two messages' data say the same (addresses in any case: eip155 checksums or not). */
function sameData(a: Siwx.CreatedMessage['data'], b: Siwx.CreatedMessage['data']): boolean {
  return FIELDS.every((key) =>
    key === 'accountAddress'
      ? sameAddress(a.accountAddress, b.accountAddress)
      : JSON.stringify(a[key]) === JSON.stringify(b[key]),
  )
}

/**
 * Whether the page's message is the one the view asks to sign: its data names the connected account
 * and network, its domain and URI are the host page's (the handshake's origin), and its own text, when
 * the page wrote one, says exactly what its data says. A page's own `createMessage` is fine; a text
 * that differs from what the view shows is not.
 */
export function matches(
  created: Siwx.CreatedMessage,
  expected: { address: string; chainId: string; origin: string },
): boolean {
  const { data } = created
  let uri: URL
  try {
    uri = new URL(data.uri)
  } catch {
    return false
  }
  if (!sameAddress(data.accountAddress, expected.address) || data.chainId !== expected.chainId) return false
  if (uri.origin !== expected.origin || data.domain !== new URL(expected.origin).host) return false
  if (created.message === undefined) return true
  try {
    return sameData(SiwxMessage.parse(created.message), data)
  } catch {
    return false
  }
}

let instance: SignIn | undefined

/** The modal's sign-in, once the controller created it (SIWXSignMessage reads it). */
export function current(): SignIn | undefined {
  return instance
}

/** Creates the sign-in controller; it checks the current account at once, then on every change. */
export function create(options: Options, host: () => HostBridge.Connected | undefined): SignIn {
  const { state, router, connection, modal } = options
  const ui = {
    show: () => {
      modal.open()
      host()
        ?.remote.open()
        .catch(() => {})
    },
    isOpen: () => modal.get().open,
    requestClose: options.requestClose,
  }
  const mode = options.env.mode
  /** The account checked last (`chainId:address`) and whether it needs signing. */
  let checked: { key: string; result: Promise<boolean> } | undefined
  /** Per address, the last network on which a session was seen: where a required cancel goes back to. */
  const lastSessionChain = new Map<string, number>()
  // Whether the page requires sign-in (its getRequired), asked once.
  let isRequired = false
  let askedRequired: Promise<void> | undefined
  const askRequired = () =>
    (askedRequired ??= remote()
      .siwxGetRequired()
      .then((value) => {
        isRequired = value
      })
      .catch(() => {}))
  let has = false
  let lastError: string | undefined
  const errorListeners = new Set<() => void>()
  /** The account has a session or not; while required and none, the modal may not close (state `signInLock`). */
  const setHas = (value: boolean) => {
    has = value
    const signInLock = isRequired && !value
    state.set((s) => (s.signInLock === signInLock ? s : { ...s, signInLock }))
  }

  // The host's SIWX calls, built once per host from the protocol's definitions (this chunk holds them).
  let calls: { host: HostBridge.Connected; remote: ReturnType<typeof extend> } | undefined
  const extend = (connected: HostBridge.Connected) => connected.extend(Siwx.HostMessages)
  const remote = () => {
    const connected = host()
    if (!connected?.info?.siwx) throw new Error(Errors.INTERNAL.SIWX_NOT_ENABLED)
    if (calls?.host !== connected) calls = { host: connected, remote: extend(connected) }
    return calls.remote
  }
  const required = () => isRequired
  const account = () => {
    const s = state.get()
    if (s.status !== 'connected' || !s.address || s.chainId === undefined) return undefined
    return {
      address: s.address,
      chainId: s.chainId,
      caip2: `eip155:${s.chainId}`,
      key: `${s.chainId}:${s.address}`,
    }
  }
  const sawSession = (address: string, chainId: number) => {
    lastSessionChain.set(address.toLowerCase(), chainId)
    setHas(true)
  }

  /**
   * Checks the connected account: with no session stored for it on a supported network,
   * SIWXSignMessage opens (and the modal with it). Resolves true when it opened. Once per account
   * and network, and again when the modal opens while the account was seen signed in.
   */
  function check(): Promise<boolean> {
    const current = account()
    if (!current || !host()?.info?.siwx || !options.onSupportedChain()) {
      if (!current) {
        checked = undefined
        setHas(false)
      }
      return Promise.resolve(false)
    }
    if (checked?.key === current.key) return checked.result
    const result = (async () => {
      await askRequired()
      setHas(false)
      const sessions = await remote()
        .siwxGetSessions({ chainId: current.caip2, address: current.address })
        .catch((error: Error) => {
          console.error(`frontdoor: the page's getSessions failed: ${error.message}`)
          return [] as Siwx.Session[]
        })
      if (account()?.key !== current.key) return false
      if (sessions.length > 0) {
        sawSession(current.address, current.chainId)
        return false
      }
      router.reset('SIWXSignMessage')
      if (!ui.isOpen()) ui.show()
      return true
    })()
    checked = { key: current.key, result }
    return result
  }

  /**
   * Signs in the connected account: the page's message (checked: {@link matches}, else
   * MESSAGE_MISMATCH and nothing signed), the wallet's signature, the page's new session; then the
   * modal closes. Throws for the view to show (errorOf).
   */
  async function signIn(): Promise<void> {
    const current = account()
    if (!current) throw new Error(Errors.INTERNAL.NO_ACTIVE_CAIP_ADDRESS)
    lastError = undefined
    const where = { connectorId: connection.get().connectorId, chainId: current.chainId }
    const calls = remote()
    const created = await calls.siwxCreateMessage({ accountAddress: current.address, chainId: current.caip2 })
    const origin = host()?.origin
    if (!origin || !matches(created, { address: current.address, chainId: current.caip2, origin }))
      throw new Error(MESSAGE_MISMATCH)
    const message = created.message ?? SiwxMessage.format(created.data)
    // The sign-in is this view's pending transaction: a wallet view pushed over it (the embedded
    // wallet's approval) comes back here when it is done instead of closing the modal.
    router.pushTransaction('SIWXSignMessage')
    let signature: unknown
    try {
      signature = await connection.request('personal_sign', [toHex(message), current.address])
    } catch (error) {
      // Known before the view shows again: a wallet view pushed over it (the approval) unmounted it.
      lastError = errorOf(error)
      Track.outcome(EVENT.SIWX_ERROR, where, {}, error)
      for (const listener of errorListeners) listener()
      throw error
    } finally {
      router.popTransaction()
      if (router.get().history.at(-1)?.view === 'SIWXSignMessage') router.goBack()
    }
    if (typeof signature !== 'string') throw new Error('The wallet returned no signature')
    await calls.siwxAddSession({ data: created.data, message, signature }).catch((error: unknown) => {
      Track.outcome(EVENT.SIWX_ERROR, where, {}, error)
      throw error
    })
    Track.outcome(EVENT.SIWX_SUCCESS, where)
    sawSession(current.address, current.chainId)
    if (mode === 'inline') router.reset('Account')
    else ui.requestClose()
  }

  /**
   * The visitor cancels. Not required: the modal closes. Required: back to the last network with a
   * session when there is one, else the wallet disconnects.
   */
  async function cancel(): Promise<void> {
    const current = account()
    if (!required() || !current) {
      if (mode === 'inline') router.reset(current ? 'Account' : 'Connect')
      else ui.requestClose()
      return
    }
    const back = lastSessionChain.get(current.address.toLowerCase())
    if (back !== undefined && back !== current.chainId) {
      await options.switchNetwork(back)
      if (await check()) return
      if (mode === 'inline') router.reset('Account')
      else ui.requestClose()
      return
    }
    checked = undefined
    await connection.disconnect()
    router.reset('Connect')
    if (mode !== 'inline') ui.requestClose()
  }

  const stopState = state.subscribe(() => void check())
  // The page may have revoked the session since it was seen (its revokeSession, its own server, an
  // expiry) without the modal knowing: each time the modal opens on an account seen signed in, the
  // page's sessions are read again, and with none SIWXSignMessage shows (locked when required).
  let wasOpen = modal.get().open
  const stopModal = modal.subscribe(() => {
    const open = modal.get().open
    if (open && !wasOpen && has) {
      checked = undefined
      void check()
    }
    wasOpen = open
  })
  const stop = () => {
    stopState()
    stopModal()
  }
  void check()

  instance = {
    check,
    signIn,
    cancel,
    /** Whether sign-in is required (the view says so). */
    required,
    /** Whether the current account has a session. */
    hasSession: () => has,
    lastError: () => lastError,
    onError(listener) {
      errorListeners.add(listener)
      return () => void errorListeners.delete(listener)
    },
    /** Stops watching the account. */
    stop,
  }
  return instance
}

/** The modal's sign-in. */
export type SignIn = {
  /** Checks the connected account; true when SIWXSignMessage opened. */
  check: () => Promise<boolean>
  /** Signs in the connected account; throws for the view to show. */
  signIn: () => Promise<void>
  /** The visitor cancels. */
  cancel: () => Promise<void>
  /** Whether sign-in is required. */
  required: () => boolean
  /** Whether the current account has a session. */
  hasSession: () => boolean
  /** Why the last signing failed (the view shows it when it mounts again). */
  lastError: () => string | undefined
  /** Hears a failed signing (the view mounted again meanwhile); returns the unsubscribe. */
  onError: (listener: () => void) => () => void
  /** Stops watching the account. */
  stop: () => void
}
