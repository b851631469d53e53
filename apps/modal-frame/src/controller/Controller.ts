import * as Log from '@frontdoor/protocol/log'
import * as ConnectionStorage from '../connection/Storage.js'
import type * as Connector from '../connectors/Connector.js'
import type * as Env from '../env/Env.js'
import * as Modal from '../modal/Modal.js'
import * as Router from '../router/Router.js'
import type * as Alerts from './Alerts.js'
import * as Connections from './Connections.js'
import * as HostLink from './HostLink.js'
import * as Project from './Project.js'
import * as State from './State.js'

/**
 * The modal's controller: it puts together the stores the views read (router, modal, state) and the
 * four concerns, each a module of its own:
 * - Connections.ts: the connectors and the wallet connection;
 * - HostLink.ts: the bridge to the host page (its calls, the state pushed back, EIP-1193 requests);
 * - Project.ts: the project's configuration and features;
 * - Alerts.ts: the blocking alerts (missing project id, refused origin ...).
 */

/** A blocking alert (Alerts.ts). */
export type Alert = Alerts.Alert

/** Views the modal may not be closed on while sign-in is required and no session exists (spec section 2). */
const SIGN_IN_VIEWS: readonly Router.View[] = ['SIWXSignMessage', 'ApproveTransaction']

/**
 * Whether the visitor or the page may close the modal on `view` now. Spec section 2: not on the sign-in
 * or approve views while sign-in is required and no session exists (the modal shakes instead).
 */
export function closable(view: Router.View, signIn: { required: boolean; session: boolean }): boolean {
  return !(SIGN_IN_VIEWS.includes(view) && signIn.required && !signIn.session)
}

/**
 * The console's warning as it was before the log level quieted it: spec section 1's 'Local configuration
 * ignored' is shown whatever the level.
 */
const warn = console.warn.bind(console)

/** Creates the controller; `start()` connects to the host page. */
export function create(env: Env.Env) {
  // The page's logLevel (createFrontdoor's option), passed in the modal's URL: the frame's console
  // says nothing below it.
  if (globalThis.location) Log.quietConsole(new URLSearchParams(location.search).get(Log.LOG_LEVEL_PARAM))
  const router = Router.create()
  const modal = Modal.create()
  // Known after the handshake: the frame's own storage, or the page's when the browser denies ours.
  const backend = ConnectionStorage.switchable()
  const storage = ConnectionStorage.create(backend)
  const state = State.create(env, storage.recent())
  // The connected namespaces kept in storage (spec section 3), in a chunk apart from the first open.
  import('../account/Namespaces.js').then(
    (Namespaces) => Namespaces.track(state, backend, connections.connection),
    () => {},
  )

  const host = () => link.host()
  const close = () => {
    modal.close()
    router.reset(connections.home())
  }
  // Sign in with the wallet (siwx/Siwx.ts): its module loads once the page said it set `siwx`; it opens
  // SIWXSignMessage when needed and keeps `signInLock` in the state.
  let signIn: unknown
  state.subscribe(() => {
    if (signIn || !host()?.info?.siwx) return
    signIn = import('../siwx/Siwx.js').then(
      (m) => m.create(self, host),
      (error: Error) => {
        // Not loaded (a network blip, a replaced chunk): the next change of state tries again.
        signIn = undefined
        console.error(`frontdoor: sign-in could not load: ${error.message}`)
      },
    )
  })
  /** Closes unless the modal may not close now; then it shakes. */
  const tryClose = () => {
    // The sign-in module sets the lock while sign-in is required and no session exists.
    if (closable(router.get().view, { required: state.get().signInLock === true, session: false })) {
      close()
      return true
    }
    modal.shake()
    return false
  }
  const requestClose = () => {
    if (!tryClose()) return
    host()
      ?.remote.requestClose()
      .catch(() => {})
  }
  const connections = Connections.create({
    env,
    state,
    router,
    storage,
    backend,
    host,
    ui: {
      show: () => {
        modal.open()
        host()
          ?.remote.open()
          .catch(() => {})
      },
      isOpen: () => modal.get().open,
      close,
      requestClose,
    },
  })
  const link = HostLink.create({
    env,
    state,
    router,
    modal,
    connections,
    backend,
    close: tryClose,
    loadProject: (projectId, local) => Project.load({ apiUrl: env.apiUrl, projectId, state, warn }, local),
  })

  // The analytics (spec section 7's POST /e) follow the stores from a chunk of their own.
  // Analytics never block nor break the modal: a chunk that does not load means no events.
  import('../analytics/Analytics.js')
    .then((A) => A.start({ env, modal, router, state, connection: connections.connection }))
    .catch(() => {})

  const self = {
    env,
    router,
    modal,
    state,
    connection: connections.connection,
    /** The modal's key-value storage (for connectors that keep state, such as WalletConnect's store). */
    storage: backend,
    /** Starts the bridge; resolves once the host is connected (or never, when no allowed host talks to us). */
    start: link.start,
    /** The connector of the page's injected wallet `rdns`, once the page announced it. */
    injectedConnector: connections.injectedConnector,
    /** The WalletConnect connector (its module loads on the first call). */
    walletConnect: connections.walletConnect.get,
    /** Fetches the WalletConnect code ahead of a pick (hover or focus on a wallet row). */
    prefetchWalletConnect: connections.walletConnect.prefetch,
    /** The embedded wallet's connector (its module and the auth frame load on the first call). */
    embedded: connections.embedded.get,
    /**
     * Loads the embedded wallet's code and frame ahead of a login: when the visitor focuses the email
     * field or points at a social button. Until then no page load fetches the auth frame.
     */
    preloadEmbedded: connections.embedded.preload,
    /** Registers how stored ids of a lazy connector kind are resolved (WalletConnect, embedded). */
    registerResolver: connections.registerResolver,
    /**
     * Connects with `connector` from a connecting view (`loading` meanwhile); on success the modal
     * closes (the page's provider now reaches the wallet). Errors are thrown for the view to show.
     */
    connect: (connector: Connector.Connector, options?: Connector.ConnectOptions) =>
      modal.track(connections.connect(connector, options)),
    /**
     * Switches the page's network to the EVM chain `chainId`: the connected wallet switches first
     * (adding the chain when it lacks it; 'Chain is not supported' when that fails).
     */
    switchNetwork: connections.switchTo,
    /** Whether the connected wallet is on one of the page's networks. */
    onSupportedChain: connections.onSupportedChain,
    /**
     * The user asked to close (close button, Escape, click outside): the host hides the dialog, unless
     * the modal may not close now (it shakes instead).
     */
    requestClose,
  }
  return self
}

export type Controller = ReturnType<typeof create>
