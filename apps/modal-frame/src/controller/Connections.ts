import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as Api from '../api/Api.js'
import type * as HostBridge from '../bridge/HostBridge.js'
import * as LazyConnection from '../connection/Lazy.js'
import type * as ConnectionStorage from '../connection/Storage.js'
import type * as Connector from '../connectors/Connector.js'
import * as EmbeddedLoader from '../connectors/embedded/Loader.js'
import * as InjectedId from '../connectors/injected/Id.js'
import type * as Injected from '../connectors/injected/Injected.js'
import * as WalletConnectId from '../connectors/walletconnect/Id.js'
import * as WalletConnectLoader from '../connectors/walletconnect/Loader.js'
import type * as Env from '../env/Env.js'
import type * as Router from '../router/Router.js'
import * as Rpc from '../rpc/Rpc.js'
import type * as Alerts from './Alerts.js'
import type * as State from './State.js'

/**
 * The wallet connections of the modal: the connectors (the page's injected wallets through the host
 * bridge, WalletConnect and the embedded wallet, both loaded on first use), the connection controller
 * that restores and switches them, and what follows from the connected chain (UnsupportedChain when
 * the wallet sits on a chain the page does not list).
 */

/** Finds the connector of a stored connector id, by kind (loading its code when it is lazy). */
export type Resolver = (connectorId: string) => Promise<Connector.Connector | undefined>

/** How the connections show or hide the modal (and the page's dialog). */
type Ui = {
  /** Opens the modal and asks the page to show its dialog. */
  show: () => void
  /** Whether the modal is open. */
  isOpen: () => boolean
  /** Closes the modal (the page's dialog stays as it is). */
  close: () => void
  /** Closes the modal and asks the page to hide its dialog. */
  requestClose: () => void
}

/** Options of {@link create}. */
export type Options = {
  env: Env.Env
  state: State.StateStore
  router: Router.Router
  /** The modal's storage: where connections and WalletConnect sessions are kept. */
  storage: ConnectionStorage.ConnectionStorage
  backend: ConnectionStorage.Switchable
  /** The connected host page, once the handshake is done. */
  host: () => HostBridge.Connected | undefined
  ui: Ui
}

/** Views that need a connected account; they give way to Connect on disconnect. */
const ACCOUNT_VIEWS: readonly Router.View[] = [
  'Account',
  'Send',
  'Receive',
  'ProfileWallets',
  'UnsupportedChain',
  'SwitchActiveChain',
]

/** How long a reload waits for the page to announce a stored injected wallet again (EIP-6963). */
const INJECTED_ANNOUNCE_WAIT_MS = 1500

/** Creates the connectors and the connection controller, and mirrors the connection into the state. */
export function create(options: Options) {
  const { env, state, router, host, ui } = options

  // --- Injected wallets (the page's EIP-6963 wallets, reached through the host bridge) --------------
  // The connector's code loads once the page announced a wallet (it is not needed to show Connect).
  const loadInjected = () => import('../connectors/injected/Injected.js')
  const injected = new Map<string, Injected.Injected>()
  state.subscribe(() => {
    if (state.get().injected.length > 0) void loadInjected().catch(() => {})
  })
  /** Whether a listed wallet is `rdns`: one listed once for its two sides (injected/Merge.ts) is either side's. */
  const listedAs = (rdns: string) => (w: State.State['injected'][number]) =>
    w.rdns === rdns || w.standard?.rdns === rdns
  /** The connector of the page's injected wallet with this rdns (one per wallet, kept across picks). */
  async function injectedConnector(rdns: string): Promise<Injected.Injected | undefined> {
    const wallet = state.get().injected.find(listedAs(rdns))
    if (!wallet) return undefined
    const Module = injected.has(wallet.uuid) ? undefined : await loadInjected()
    const known = injected.get(wallet.uuid)
    if (known || !Module) return known
    const connector = Module.create(wallet, {
      request: async (uuid, request) => {
        const connected = host()
        if (!connected) throw Rpc.error('disconnected')
        return connected.remote.injectedWalletRequest({ uuid, request })
      },
    })
    for (const uuid of Module.uuidsOf(wallet)) injected.set(uuid, connector)
    return connector
  }
  const announced = (rdns: string) => state.get().injected.some(listedAs(rdns))
  /** Waits (briefly) for the page to announce the injected wallet `rdns`, for reconnecting after a reload. */
  async function announcedInjected(rdns: string): Promise<Injected.Injected | undefined> {
    const found = await new Promise<boolean>((resolve) => {
      if (announced(rdns)) return resolve(true)
      const timer = setTimeout(() => {
        stop()
        resolve(false)
      }, INJECTED_ANNOUNCE_WAIT_MS)
      const stop = state.subscribe(() => {
        if (!announced(rdns)) return
        clearTimeout(timer)
        stop()
        resolve(true)
      })
    })
    return found ? injectedConnector(rdns) : undefined
  }

  // --- Lazy connectors: WalletConnect and the embedded wallet ---------------------------------------
  /** Resolvers of the lazy connector kinds (WalletConnect, embedded), registered by their modules. */
  const resolvers = new Map<Connector.Kind, Resolver>()
  const resolve: Resolver = async (connectorId) => {
    const rdns = InjectedId.rdnsOf(connectorId)
    if (rdns) return announcedInjected(rdns)
    const kind = connectorId.split(':')[0] as Connector.Kind
    return resolvers.get(kind)?.(connectorId)
  }
  // WalletConnect: its code (and sign-client) loads on first use; its stored sessions restore on reload.
  const walletConnect = WalletConnectLoader.create(() => ({
    projectId: env.projectId,
    relayUrl: env.relayUrl,
    metadata: host()?.info?.metadata,
    origin: host()?.origin,
    storage: options.backend,
    host,
    // The relay refused the socket: the alert its reason maps to (spec section 8).
    onAlert: toastAlert,
  }))
  // Each WalletConnect session is a connection of its own (`walletConnect:<topic>`), so two wallets can
  // be kept side by side; the bare `walletConnect` (stored before) restores the newest session.
  resolvers.set('walletConnect', async (connectorId) => {
    const connector = await walletConnect.get()
    const topic = WalletConnectId.topicOf(connectorId)
    return topic ? connector.session(topic) : connector
  })
  // The embedded wallet (the auth frame): its code and hidden frame load when email or social login is
  // on, or when a stored embedded session is restored.
  const embedded = EmbeddedLoader.create({
    settings: () => ({
      authUrl: env.authUrl,
      apiUrl: env.apiUrl,
      projectId: env.projectId,
      metadata: host()?.info?.metadata,
      hostOrigin: host()?.origin,
      analytics: state.get().features.analytics,
      sdkVersion: host()?.info?.sdkVersion ?? Api.SDK_VERSION,
      theme: state.get().theme,
    }),
    ui: {
      router,
      open: ui.show,
      close: ui.requestClose,
      toast: (message) => {
        showToasts()
        void import('../ui/Toast.js').then((Toast) => Toast.frame.show(message, 'error'))
      },
    },
    // The frame never loaded, a request to it timed out, or its server could not verify the page: the
    // visitor sees the alert (its fix on the console); the connector reported it (POST /e).
    onAlert: toastAlert,
  })
  resolvers.set('embedded', () => embedded.get())

  // --- The connection and the chain it is on --------------------------------------------------------
  const evmNetworks = () => (host()?.info?.networks ?? []).filter((n) => n.chainNamespace === 'eip155')
  /** The chain ids of the page's EVM networks. */
  const evmIds = () => evmNetworks().map((n) => Number(n.id))
  const connection = LazyConnection.create({
    storage: options.storage,
    resolve,
    context: () => ({ networks: evmNetworks(), chainId: state.get().chainId }),
    onError: (error) => console.error(`frontdoor: ${error.message}; the stored connections were cleared`),
  })
  /** Whether the connected wallet's chain is one of the page's EVM networks (true when not connected). */
  const onSupportedChain = () => {
    const chainId = connection.get().session?.chainId
    return chainId === undefined || evmIds().includes(chainId)
  }
  connection.subscribe(() => {
    const c = connection.get()
    state.set((s) => ({
      ...s,
      status: c.status,
      address: c.session?.accounts[0],
      // The wallet's chain, listed or not (the page is told it); without a wallet, one the page lists
      // (the first, when a wallet left the page on another).
      chainId: c.session?.chainId ?? (evmIds().includes(s.chainId!) ? s.chainId : evmIds()[0]),
      recent: c.recent,
    }))
    // Disconnected (by the wallet, the page or the user): the account views make no sense any more.
    if (c.status === 'disconnected' && ACCOUNT_VIEWS.includes(router.get().view)) router.reset('Connect')
    // The wallet sits on a chain the page does not list: UnsupportedChain shows (and the modal opens);
    // once it is back on a listed chain, the Account view.
    if (c.status !== 'connected' || !c.session || !host()?.info) return
    const supported = evmIds().includes(c.session.chainId)
    if (!supported && router.get().view !== 'UnsupportedChain') {
      router.reset('UnsupportedChain')
      if (!ui.isOpen()) ui.show()
    } else if (supported && router.get().view === 'UnsupportedChain') router.reset('Account')
  })

  // A view the next connection continues on instead of closing the modal (a payment waiting for one).
  let next: Router.View | undefined

  /** Mounts the toast region even while disconnected (App.tsx mounts it while connected). */
  function showToasts() {
    state.set((s) => (s.toasts ? s : { ...s, toasts: true }))
  }

  /**
   * Shows an alert of the catalogue as an error toast, opening the modal for it, and names the fix on
   * the console (spec section 8). The catalogue's words and the toast load only then.
   */
  function toastAlert(alert: Alerts.Alert) {
    if (!ui.isOpen()) ui.show()
    showToasts()
    void import('../ui/AlertToast.js').then((AlertToast) => AlertToast.show(alert))
  }

  /**
   * Switches the page's network: the connected wallet switches first (adding the chain if needed). A
   * chain the page did not list is refused (4902) with 'Network Not Found' (spec section 8).
   */
  async function switchTo(chainId: number) {
    if (!evmIds().includes(chainId)) {
      toastAlert('NETWORK_NOT_FOUND')
      throw Rpc.error('unrecognizedChain')
    }
    if (connection.current()) await connection.switchChain(chainId)
    state.set((prev) => ({ ...prev, chainId }))
  }

  return {
    connection,
    injectedConnector,
    /** Passes an event of the page's injected wallet `uuid` to its connector. */
    injectedEvent(uuid: string, event: HostModal.ProviderEvent) {
      injected.get(uuid)?.emit(event, uuid)
    },
    walletConnect,
    embedded,
    /** Registers how stored ids of a lazy connector kind are resolved (WalletConnect, embedded). */
    registerResolver(kind: Connector.Kind, resolver: Resolver) {
      resolvers.set(kind, resolver)
    },
    evmIds,
    onSupportedChain,
    /** The view the modal opens on: Account while connected (UnsupportedChain on a foreign chain), else Connect. */
    home(): 'Connect' | 'Account' | 'UnsupportedChain' {
      if (state.get().status !== 'connected') return 'Connect'
      return onSupportedChain() ? 'Account' : 'UnsupportedChain'
    },
    switchTo,
    /** The next connection shows `view` instead of closing the modal (undefined: it closes again). */
    continueWith(view: Router.View | undefined) {
      next = view
    },
    /**
     * Connects with `connector` from a connecting view; on success the modal closes (the page's
     * provider now reaches the wallet), or shows the view set by `continueWith`. Errors are thrown for
     * the view to show.
     */
    async connect(connector: Connector.Connector, connectOptions?: Connector.ConnectOptions) {
      const session = await connection.connect(connector, connectOptions)
      // On a chain the page does not list, the modal stays open on UnsupportedChain.
      if (!onSupportedChain()) router.reset('UnsupportedChain')
      else if (next) router.resetByName(next)
      else if (env.mode !== 'inline') ui.requestClose()
      else router.reset('Account')
      return session
    },
  }
}

/** The modal's connections. */
export type Connections = ReturnType<typeof create>
