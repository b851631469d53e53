import { Constants, Errors, Pairing as PairingRules } from '@frontdoor/schemas'
import type * as Connector from '../Connector.js'
import * as WalletErrors from '../WalletErrors.js'
import type * as Authenticate from './Authenticate.js'
import * as Namespaces from './Namespaces.js'
import * as ProviderErrors from './ProviderErrors.js'
import type * as SignClient from './SignClient.js'
import type * as SignIn from './SignIn.js'

/**
 * One pairing with a wallet: a URI for the QR code, then the wallet's answer, or a fresh URI when the
 * old one nears its expiry. A relay that does not answer fails fast with {@link RELAY_UNREACHABLE}.
 */

/** Thrown when the relay does not answer: the view shows it with a retry. */
export const RELAY_UNREACHABLE = 'The WalletConnect relay could not be reached'

/** How long `connect()` waits for a pairing URI before it calls the relay unreachable. */
export const URI_TIMEOUT_MS = 10_000

/**
 * When no URI came this long after asking, the connector checks whether the relay answers at all: a
 * relay that is down then fails in about a second instead of after sign-client's retries (15 s).
 */
export const RELAY_PROBE_DELAY_MS = 1000

/** What a pairing reads of the connector's options. */
export type Settings = {
  projectId: string
  relayUrl: string
  /**
   * The pairing URI lifetime (spec section 9: 4 min). Only tests shorten it, to see a refresh without
   * waiting minutes.
   */
  uriLifetimeS?: number | undefined
  /**
   * Tells whether a WebSocket to the relay opens (the browser's WebSocket by default; Node has none
   * before v22, so tests pass one).
   */
  probe?: ((url: string) => Promise<boolean>) | undefined
}

/** A pairing the wallet may join: its URI, and what the wallet's answer gives. */
type Started = { uri: string | undefined; approved: () => Promise<Approved> }

/** The wallet's answer: the session, and the CACAOs of a one-click sign-in when it signed one. */
type Approved = { session: SignClient.SessionStruct; auths?: Authenticate.Cacao[] | undefined }

function aborted(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}

/** Resolves with `promise`, or rejects when `signal` aborts first. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(aborted(signal))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

/** Whether a WebSocket to `url` opens, with the browser's WebSocket; true when there is none to ask. */
function probe(url: string, timeoutMs = URI_TIMEOUT_MS): Promise<boolean> {
  const Socket = globalThis.WebSocket
  if (!Socket) return Promise.resolve(true)
  return new Promise((resolve) => {
    let socket: WebSocket
    try {
      socket = new Socket(url)
    } catch {
      resolve(false)
      return
    }
    const done = (open: boolean) => {
      clearTimeout(timer)
      socket.onopen = socket.onerror = socket.onclose = null
      socket.close()
      resolve(open)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    socket.onopen = () => done(true)
    socket.onerror = () => done(false)
    socket.onclose = () => done(false)
  })
}

/** Whether the relay accepts a socket, authenticated as sign-client would be (so it counts no failure). */
async function relayAnswers(client: SignClient.Client, settings: Settings): Promise<boolean> {
  try {
    const auth = await client.core.crypto.signJWT(settings.relayUrl)
    const query = new URLSearchParams({ auth, projectId: settings.projectId })
    return await (settings.probe ?? probe)(`${settings.relayUrl}/?${query}`)
  } catch {
    return false
  }
}

/**
 * How a pairing starts: with the proposal alone, or, for a one-click sign-in, with sign-client's
 * `authenticate` (which sends the proposal beside it, for a wallet that does not know it).
 */
export function starter(
  client: SignClient.Client,
  proposal: Namespaces.Proposal,
  signIn: SignIn.SignIn | undefined,
) {
  return async (): Promise<Started> => {
    if (!signIn) {
      const { uri, approval } = await client.connect({ optionalNamespaces: proposal })
      return { uri, approved: () => approval().then((session) => ({ session })) }
    }
    const { uri, response } = await client.authenticate(signIn.params)
    return {
      uri,
      approved: async () => {
        const { session, auths } = await response()
        // A CACAO without the recap of any method makes no session: nothing to connect.
        if (!session) throw ProviderErrors.withCode(Errors.LOGIN.FAILED_TO_CONNECT, 4900)
        return { session, auths }
      },
    }
  }
}

/** One pairing: a URI, then the wallet's answer, or `refresh` when the URI nears its expiry first. */
export async function pair(
  client: SignClient.Client,
  start: () => Promise<Started>,
  connectOptions: Connector.ConnectOptions,
  settings: Settings,
): Promise<Approved | 'refresh'> {
  const { signal, onUri } = connectOptions
  const unreachableError = () => ProviderErrors.withCode(RELAY_UNREACHABLE, 4900)
  let timer: ReturnType<typeof setTimeout> | undefined
  let probeTimer: ReturnType<typeof setTimeout> | undefined
  let refused = () => {}
  const unreachable = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unreachableError()), URI_TIMEOUT_MS)
    // The relay closed the socket on us (the client's onAlert says why): no URI will come.
    refused = () => reject(unreachableError())
    client.core.relayer.once('relayer_error', refused)
    probeTimer = setTimeout(() => {
      if (client.core.relayer.connected) return
      void relayAnswers(client, settings).then((open) => {
        if (!open) reject(unreachableError())
      })
    }, RELAY_PROBE_DELAY_MS)
  })
  unreachable.catch(() => {})
  let started: Started
  try {
    started = await abortable(Promise.race([start(), unreachable]), signal)
  } catch (error) {
    throw ProviderErrors.codeOf(error) === 4900 || signal?.aborted ? error : unreachableError()
  } finally {
    clearTimeout(timer)
    clearTimeout(probeTimer)
    client.core.relayer.off('relayer_error', refused)
  }
  const { uri } = started
  if (!uri) throw unreachableError()
  const approved = started.approved()
  // A proposal left behind by a refresh or an abort expires later; its rejection is expected.
  approved.catch(() => {})
  onUri?.(uri)

  const nowS = Date.now() / 1000
  const lifetimeEnd = nowS + (settings.uriLifetimeS ?? Constants.PAIRING_URI_LIFETIME_S)
  const expiryS = Math.min(Namespaces.uriExpiryOf(uri) ?? lifetimeEnd, lifetimeEnd)
  const refreshInMs = Math.max(0, (PairingRules.uriRefreshAtS(expiryS) - nowS) * 1000)
  let refreshTimer: ReturnType<typeof setTimeout> | undefined
  const refresh = new Promise<'refresh'>((resolve) => {
    refreshTimer = setTimeout(() => resolve('refresh'), refreshInMs)
  })
  try {
    return await abortable(Promise.race([approved, refresh]), signal)
  } catch (error) {
    if (signal?.aborted) throw error
    if (WalletErrors.isRefusedProposal(error))
      throw ProviderErrors.withCode(Errors.LOGIN.CONNECTION_REJECTED, 4001)
    throw ProviderErrors.toError(error)
  } finally {
    clearTimeout(refreshTimer)
  }
}
