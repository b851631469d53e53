import * as Errors from '@frontdoor/protocol/errors'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import type * as ModalAuth from '@frontdoor/protocol/modal-auth'
import * as Policy from '@frontdoor/protocol/policy'
import * as Timeouts from '@frontdoor/protocol/timeouts'
import { Errors as SchemaErrors, type User } from '@frontdoor/schemas'
import * as Caip from '@frontdoor/schemas/caip'
import { SOCIAL_PROVIDERS } from '@frontdoor/schemas/validation/socialProvider'
import * as Track from '../../analytics/Track.js'
import type * as Alerts from '../../controller/Alerts.js'
import type * as Router from '../../router/Router.js'
import * as Store from '../../store/Store.js'
import type * as Connector from '../Connector.js'
import * as AuthFrame from './AuthFrame.js'

/**
 * The embedded connector: the wallet of the auth frame, reached by email OTP, a social login or
 * Farcaster. Keys and the session token stay in the auth frame; this connector only carries messages.
 * Unsafe requests open ApproveTransaction (the auth frame shows its approval screen there); a method
 * the policy does not know gets 'Action not allowed' (modal opens, console message, toast after
 * 300 ms, every pending request rejected).
 */

/** The stored connector id. */
const ID = 'embedded'

/** How the user logged in. */
export type Login = { method: 'email' } | { method: 'social'; provider: string } | { method: 'farcaster' }

/** The wallet name a login gives its stored connection (sessionOf), and the login read back from it. */
const FARCASTER_NAME = 'Farcaster'

/**
 * How the user logged in, from the name the stored connection kept ({@link FARCASTER_NAME}, a social
 * provider, or the email): a reload restores `socialProvider` with the session.
 */
export function loginOf(storedName: string | undefined): Login | undefined {
  if (storedName === undefined) return undefined
  if (storedName === FARCASTER_NAME) return { method: 'farcaster' }
  const provider = SOCIAL_PROVIDERS.find((p) => p === storedName)
  return provider ? { method: 'social', provider } : { method: 'email' }
}

/** What the connector needs from the modal. */
export type Settings = {
  authUrl: string
  apiUrl: string
  projectId: string | undefined
  /** The page's metadata and SDK version (from the handshake), shown on the approval screen. */
  metadata: HostModal.Metadata | undefined
  /** The page's origin as the handshake attested it: the approval screen's confirmed origin. */
  hostOrigin?: string | undefined
  sdkVersion: string
  theme: HostModal.Theme
  /** The page's `features.analytics`: false, and the auth frame sends no error report either. */
  analytics?: boolean | undefined
}

/** What the connector does to the modal's UI for requests. */
export type Ui = {
  router: Pick<Router.Router, 'get' | 'goBack' | 'push' | 'pushTransaction' | 'popTransaction'>
  /** Shows the modal (and the page's dialog). */
  open: () => void
  /** Closes the modal (and the page's dialog). */
  close: () => void
  /** Shows a toast. */
  toast: (message: string) => void
}

/** The alert of a failure of the auth frame (spec section 8): an unverified domain, a load failure, a time-out. */
export function alertOf(reason: AuthFrame.Failure): Alerts.Alert {
  if (reason === 'unverified_domain') return 'UNVERIFIED_DOMAIN'
  return reason === 'iframe_load_failed' ? 'IFRAME_LOAD_FAILED' : 'IFRAME_REQUEST_TIMEOUT'
}

/** Options of {@link create}. */
export type Options = {
  settings: () => Settings
  ui: Ui
  /**
   * Told the alert of each failure of the frame (spec section 8: it never loaded, a login/connect
   * request timed out, its server could not verify the page), once it is reported.
   */
  onAlert?: (alert: Alerts.Alert) => void
  /** Creates the frame (tests pass a frame on a test peer). */
  createFrame?: (options: AuthFrame.Options) => AuthFrame.AuthFrame
  setTimer?: (fn: () => void, ms: number) => unknown
}

/** The user the views show: the frame's user and how they logged in. */
export type State = { user: User.EmbeddedWalletUser | undefined; login: Login | undefined }

const withCode = (message: string, code: number) => new Errors.ProviderRpcError(code, message)

/** The rejection of a disallowed method: 'Action not allowed' (4200). */
function actionNotAllowed(): Errors.ProviderRpcError {
  return withCode(Policy.DISALLOWED_MESSAGE, Errors.PROVIDER_ERRORS.unsupportedMethod.code)
}

/** Marks the pending requests a disallowed method rejected: the modal stays open for its toast. */
const BY_DISALLOWED = Symbol('rejected by a disallowed method')

/** An EVM chain id from the frame's answer (a number or a decimal / CAIP-2 string). */
function chainIdOf(value: number | string): number {
  return Caip.evmChainId(value) ?? 0
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Creates the embedded connector. Its frame is created on first use, and again after a failed load. */
export function create(options: Options) {
  const createFrame = options.createFrame ?? AuthFrame.create
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const listeners = new Set<(event: Connector.Event) => void>()
  const state = Store.create<State>({ user: undefined, login: undefined })
  let frame: AuthFrame.AuthFrame | undefined
  let prepared: Promise<void> | undefined
  /** Rejecters of requests waiting for the user's approval. */
  const pending = new Set<(error: Error) => void>()

  function currentFrame(): AuthFrame.AuthFrame {
    if (!frame || frame.failed()) {
      frame?.destroy()
      const settings = options.settings()
      frame = createFrame({
        authUrl: settings.authUrl,
        projectId: settings.projectId,
        pageOrigin: settings.hostOrigin,
        analytics: settings.analytics,
        onFailure: (reason) => {
          // The project gets the report (POST /e, spec section 8); the controller shows the alert.
          Track.report({ name: 'FrameError', message: reason, kind: 'frame' })
          options.onAlert?.(alertOf(reason))
        },
      })
      prepared = undefined
    }
    return frame
  }

  /** The frame, ready and told the dapp's data and theme. */
  async function ready(): Promise<AuthFrame.AuthFrame> {
    const f = currentFrame()
    if (!prepared) {
      const settings = options.settings()
      const attempt = f.run(async (remote) => {
        await remote.syncDappData({
          metadata: settings.metadata ?? { name: 'Frontdoor' },
          ...(settings.hostOrigin ? { hostOrigin: settings.hostOrigin } : {}),
          projectId: settings.projectId ?? '',
          sdkVersion: settings.sdkVersion,
          sdkType: 'frontdoor',
        })
        await remote.syncTheme(settings.theme)
      })
      prepared = attempt
      attempt.catch(() => {
        if (prepared === attempt) prepared = undefined
      })
    }
    await prepared
    return f
  }

  const run = async <T>(call: (remote: AuthFrame.Remote) => Promise<T>): Promise<T> =>
    (await ready()).run(call)

  function sessionOf(user: User.EmbeddedWalletUser, login: Login | undefined): Connector.Session {
    state.set({ user, login })
    const name =
      login?.method === 'social'
        ? login.provider
        : login?.method === 'farcaster'
          ? FARCASTER_NAME
          : (user.email ?? user.userName ?? 'Email')
    return {
      accounts: [user.address as `0x${string}`],
      chainId: chainIdOf(user.chainId),
      wallet: { id: ID, name },
    }
  }

  async function userOn(context: Connector.Context, login: Login | undefined) {
    // One of the page's networks: never a chain another wallet (multi-wallet) left the page on.
    const listed = context.networks.some((n) => Number(n.id) === context.chainId)
    const chainId = listed ? context.chainId! : Number(context.networks[0]?.id ?? 1)
    await run((remote) => remote.switchNetwork({ chainId }))
    return sessionOf(await run((remote) => remote.getUser({ chainId })), login)
  }

  function rejectPending(error: Error) {
    for (const reject of [...pending]) reject(error)
    pending.clear()
  }

  /** A disallowed method: modal opens, console message, toast after 300 ms, pending requests rejected. */
  function disallow(): never {
    options.ui.open()
    console.error(Policy.DISALLOWED_CONSOLE_MESSAGE)
    setTimer(() => options.ui.toast(Policy.DISALLOWED_MESSAGE), Policy.DISALLOWED_MESSAGE_DELAY_MS)
    rejectPending(Object.assign(actionNotAllowed(), { [BY_DISALLOWED]: true }))
    frame?.run((remote) => remote.rpcAbort()).catch(() => {})
    throw actionNotAllowed()
  }

  const rpc = (method: string, params: unknown) =>
    run((remote) =>
      remote.rpcRequest({
        method,
        ...(params === undefined ? {} : { params: params as ModalAuth.RpcRequest['params'] }),
        chainNamespace: Policy.namespaceOf(method),
      }),
    )

  const connector = {
    id: ID,
    kind: 'embedded',

    async connect(context, connectOptions) {
      const data = connectOptions?.data ?? {}
      let login: Login
      if (typeof data.otp === 'string') {
        const answer = await run((remote) => remote.connectOtp({ otp: data.otp as string }))
        if (answer?.action === 'VERIFY_DEVICE') {
          connectOptions?.onDeviceApproval?.()
          await run((remote) => remote.connectDevice())
        }
        login = { method: 'email' }
      } else if (typeof data.social === 'string' && typeof data.code === 'string') {
        // The popup's code with the binding of the attempt that opened it: the API redeems no other.
        const { code, binding } = data
        await run((remote) =>
          remote.connectSocial(typeof binding === 'string' ? { code, binding } : { code }),
        )
        login = { method: 'social', provider: data.social }
      } else if (data.farcaster === true) {
        await run((remote) => remote.connectFarcaster())
        login = { method: 'farcaster' }
      } else {
        throw new Error(SchemaErrors.LOGIN.NO_AUTH_CONNECTOR)
      }
      if (connectOptions?.signal?.aborted) {
        // The user left while the login finished: do not leave a session behind in the frame.
        await run((remote) => remote.signOut()).catch(() => {})
        throw withCode(SchemaErrors.LOGIN.MODAL_CLOSED, Errors.PROVIDER_ERRORS.userRejectedRequest.code)
      }
      return userOn(context, login)
    },

    async reconnect(context) {
      try {
        const { isConnected } = await run((remote) => remote.isConnected())
        if (!isConnected) return undefined
        return await userOn(context, state.get().login ?? loginOf(context.stored?.name))
      } catch (error) {
        // The frame held a session the API no longer accepts (signed out elsewhere, or past its 7 days):
        // the frame signed it out, and the page is simply disconnected. 'Session Expired' is the spec's
        // alert for a token not yet valid (Connections.ts, from the relay), not for this.
        const signedOut = (error as Error).message === SchemaErrors.LOGIN.NOT_CONNECTED_TO_EMAIL_OR_SOCIAL
        if (!signedOut && !(error instanceof AuthFrame.FrameError))
          console.error(SchemaErrors.AUTH_INIT_FAILED, error)
        return undefined
      }
    },

    async request(method, params) {
      // EIP-5792: the modal shows a batch's status itself (a lazy chunk), read from the frame.
      if (method === 'wallet_showCallsStatus')
        return (await import('../../rpc/ShowCallsStatus.js')).show(params, {
          status: (id) => rpc('wallet_getCallsStatus', [id]),
          router: options.ui.router,
          open: options.ui.open,
        })
      const kind = Policy.classify(method)
      if (kind === 'disallowed') disallow()
      if (kind === 'safe') return rpc(method, params)
      if (Policy.isUnsupported(method))
        throw withCode(
          Errors.PROVIDER_ERRORS.unsupportedMethod.message,
          Errors.PROVIDER_ERRORS.unsupportedMethod.code,
        )
      options.ui.router.pushTransaction('ApproveTransaction', { method })
      options.ui.open()
      let reject: (error: Error) => void = () => {}
      const aborted = new Promise<never>((_, fail) => {
        reject = fail
      })
      pending.add(reject)
      let keepOpen = false
      try {
        return await Promise.race([rpc(method, params), aborted])
      } catch (error) {
        keepOpen = (error as { [BY_DISALLOWED]?: boolean })[BY_DISALLOWED] === true
        throw error
      } finally {
        pending.delete(reject)
        if (options.ui.router.popTransaction() === 'close') {
          // The stack is empty: the modal closes, unless a disallowed method keeps it open for its toast.
          if (!keepOpen) options.ui.close()
          else if (options.ui.router.get().view === 'ApproveTransaction') options.ui.router.goBack()
        }
      }
    },

    async switchChain(chainId) {
      await run((remote) => remote.switchNetwork({ chainId }))
    },

    async disconnect() {
      rejectPending(withCode(Errors.REQUEST_ABORTED, Errors.PROVIDER_ERRORS.userRejectedRequest.code))
      state.set({ user: undefined, login: undefined })
      // A failed frame holds no session to end. Sign-out waits at most 3 s for the frame, then the modal
      // disconnects anyway; a sign-out the frame refuses is reported.
      if (frame?.failed()) return
      await Promise.race([run((remote) => remote.signOut()), sleep(Timeouts.SIGN_OUT_WAIT_MS)])
    },

    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  } satisfies Connector.Connector

  return {
    ...connector,
    /** The user and login method, for the views. */
    state,
    /** Creates the frame now (email or social login is on), so the first login does not wait for it. */
    preload: () =>
      ready().then(
        () => undefined,
        () => undefined,
      ),
    /** The frame (ApproveTransaction shows it). */
    frame: () => currentFrame(),
    /**
     * Sends the login OTP to `email` (the frame asks the API), whatever the address; whether this
     * browser needs the account's approval shows only once the code is right (connect's `onDeviceApproval`).
     */
    sendEmailOtp: (email: string) => run((remote) => remote.connectEmail({ email })),
    /** The Farcaster sign-in URL to show as a QR code. */
    farcasterUrl: async () => (await run((remote) => remote.getFarcasterUri())).url,
    /** Starts changing the email: an OTP goes to the current address, then one to the new one. */
    updateEmail: (email: string) => run((remote) => remote.updateEmail({ email })),
    /** The OTP sent to the current address. */
    updateEmailPrimaryOtp: (otp: string) => run((remote) => remote.updateEmailPrimaryOtp({ otp })),
    /** The OTP sent to the new address; the user's email changes. */
    async updateEmailSecondaryOtp(otp: string) {
      const { newEmail } = await run((remote) => remote.updateEmailSecondaryOtp({ otp }))
      state.set((s) => (s.user ? { ...s, user: { ...s.user, email: newEmail } } : s))
      return newEmail
    },
    /** Uses the EOA or the smart account: the connected address becomes that account's (accountsChanged). */
    async setPreferredAccount(type: 'eoa' | 'smartAccount') {
      const answer = await run((remote) => remote.setPreferredAccount({ type }))
      state.set((s) =>
        s.user
          ? { ...s, user: { ...s.user, preferredAccountType: answer.type, address: answer.address } }
          : s,
      )
      const accounts = [answer.address as `0x${string}`]
      for (const listener of listeners) listener({ type: 'accountsChanged', accounts })
      return answer
    },
    /** The type of one of the user's accounts: the smart account, or the EOA (spec section 3). */
    accountType(address: string) {
      const user = state.get().user
      const listed = user?.accounts?.find((a) => a.address.toLowerCase() === address.toLowerCase())
      if (listed) return listed.type === 'smartAccount' ? 'smartAccount' : 'eoa'
      return user?.address.toLowerCase() === address.toLowerCase() &&
        user.preferredAccountType === 'smartAccount'
        ? 'smartAccount'
        : 'eoa'
    },
    /** The auth namespaces the user has accounts in: eip155, solana, and those of its caipAccounts. */
    namespaces() {
      const user = state.get().user
      const others = (user?.caipAccounts ?? []).map((a) => a.address.split(':')[0] ?? '')
      return [...new Set(['eip155', ...(user?.solanaAddress ? ['solana'] : []), ...others])].filter(Boolean)
    },
    /**
     * The Solana account of the user's vault (HostMessages.solanaAccount: the page's Frontdoor wallet
     * of `@frontdoor/host-sdk/solana` signs with it through {@link request}'s solana_* methods), or null.
     */
    async solanaAccount() {
      const { user } = state.get()
      return user ? (await import('../solana/Account.js')).ofUser(user) : null
    },
    /** Tells the frame the modal's theme (the approval screen follows it). */
    syncTheme: (theme: HostModal.Theme) => run((remote) => remote.syncTheme(theme)).catch(() => {}),
    /** Rejects every request waiting for approval ('Request was aborted'): the user left the view. */
    abort() {
      rejectPending(withCode(Errors.REQUEST_ABORTED, Errors.PROVIDER_ERRORS.userRejectedRequest.code))
      frame?.run((remote) => remote.rpcAbort()).catch(() => {})
    },
  }
}

/** The embedded connector with the calls its views use. */
export type Embedded = ReturnType<typeof create>
