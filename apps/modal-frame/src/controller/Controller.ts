import type * as HostModal from '@frontdoor/protocol/host-modal'
import { Alerts, Constants, type Directory } from '@frontdoor/schemas'
import * as Api from '../api/Api.js'
import * as HostBridge from '../bridge/HostBridge.js'
import * as Connection from '../connection/Connection.js'
import * as ConnectionStorage from '../connection/Storage.js'
import type * as Connector from '../connectors/Connector.js'
import * as EmbeddedLoader from '../connectors/embedded/Loader.js'
import * as Injected from '../connectors/injected/Injected.js'
import * as WalletConnectLoader from '../connectors/walletconnect/Loader.js'
import type * as Env from '../env/Env.js'
import * as Features from '../features/Features.js'
import * as Modal from '../modal/Modal.js'
import * as Router from '../router/Router.js'
import * as Rpc from '../rpc/Rpc.js'
import * as Store from '../store/Store.js'

export type Alert = Alerts.Alert

/** The theme with its defaults filled in. */
export type Theme = { themeMode: 'light' | 'dark'; themeVariables: HostModal.ThemeVariables }

/** A JSON-RPC / EIP-1193 error thrown by a handler; the bridge turns it into an error reply. */
function rpcError(error: { code: number; message: string }): Error & { code: number } {
  return Object.assign(new Error(error.message), { code: error.code })
}

/** Everything the views read, besides the router and the modal flags. */
export type State = {
  /** The host page, once the handshake is done and its origin checked. */
  host: { origin: string; info: HostModal.HostInfo } | undefined
  /** A blocking alert (invalid configuration, missing project id ...). */
  alert: Alert | undefined
  features: Features.Features
  /** True once the remote config has answered (or failed); the Connect view renders meanwhile. */
  featuresReady: boolean
  theme: Theme
  injected: HostModal.InjectedWallet[]
  /** Featured / recommended wallets from `/getWallets` and the directory size. */
  wallets: Directory.Wallet[]
  walletCount: number
  recent: ConnectionStorage.RecentWallet[]
  /** Mirrors the connection controller: status, the current account and chain. */
  status: HostModal.State['status']
  address: string | undefined
  chainId: number | undefined
  /** True once the stored connections were restored (or there were none to restore). */
  restored: boolean
}

/** Finds the connector of a stored connector id, by kind (loading its code when it is lazy). */
export type Resolver = (connectorId: string) => Promise<Connector.Connector | undefined>

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

function withDefaults(theme: HostModal.Theme): Theme {
  return { themeMode: theme.themeMode ?? 'light', themeVariables: theme.themeVariables ?? {} }
}

/** The alert for a failed allowed-origins read (spec section 8: 429 and 5xx; anything else: empty list). */
export function originsAlert(env: Pick<Env.Env, 'originsError'>): Alert {
  if (env.originsError === 'RATE_LIMITED') return Alerts.ALERTS.RATE_LIMITED
  if (env.originsError === 'SERVER_ERROR') return Alerts.ALERTS.SERVER_ERROR
  return Alerts.ALERTS.INVALID_APP_CONFIGURATION
}

/** Checks the host page's origin (from the handshake) against the project's allowed origins. */
export function checkOrigin(env: Pick<Env.Env, 'allowedOrigins' | 'originsError'>, origin: string) {
  if (env.originsError) return originsAlert(env)
  return env.allowedOrigins.includes(origin) ? undefined : Alerts.ALERTS.INVALID_APP_CONFIGURATION
}

/**
 * Creates the modal's controller: stores, the bridge to the host and the API reads. Nothing the host
 * asks for is acted on before its origin passed the allowed-origins check.
 */
export function create(env: Env.Env) {
  const router = Router.create()
  const modal = Modal.create()
  // Known after the handshake: the frame's own storage, or the page's when the browser denies ours.
  const backend = ConnectionStorage.switchable()
  const storage = ConnectionStorage.create(backend)
  const state = Store.create<State>({
    host: undefined,
    alert: env.projectId ? undefined : Alerts.ALERTS.PROJECT_ID_NOT_CONFIGURED,
    features: Features.DEFAULTS,
    featuresReady: false,
    theme: { themeMode: 'light', themeVariables: {} },
    injected: [],
    wallets: [],
    walletCount: 0,
    recent: storage.recent(),
    status: 'disconnected',
    address: undefined,
    chainId: undefined,
    restored: false,
  })
  let host: (HostBridge.Host & { info: HostModal.HostInfo | undefined }) | undefined
  let allowed = false
  // The host may send requests as soon as the bridge connects, before the modal has read its networks.
  let onHostInfo = () => {}
  const hostInfoRead = new Promise<void>((resolve) => {
    onHostInfo = resolve
  })

  // --- Connectors ---------------------------------------------------------------------------------
  const injected = new Map<string, Injected.Injected>()
  /** The connector of the page's injected wallet with this rdns (one per wallet, kept across picks). */
  function injectedConnector(rdns: string): Injected.Injected | undefined {
    const wallet = state.get().injected.find((w) => w.rdns === rdns)
    if (!wallet) return undefined
    const known = injected.get(wallet.uuid)
    if (known) return known
    const connector = Injected.create(wallet, {
      request: async (uuid, request) => {
        if (!host) throw rpcError(Rpc.ERRORS.disconnected)
        return host.remote.injectedWalletRequest({ uuid, request })
      },
    })
    injected.set(wallet.uuid, connector)
    return connector
  }
  /** Waits (briefly) for the page to announce the injected wallet `rdns`, for reconnecting after a reload. */
  function announcedInjected(rdns: string): Promise<Injected.Injected | undefined> {
    const now = injectedConnector(rdns)
    if (now) return Promise.resolve(now)
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stop()
        resolve(undefined)
      }, INJECTED_ANNOUNCE_WAIT_MS)
      const stop = state.subscribe(() => {
        const found = injectedConnector(rdns)
        if (!found) return
        clearTimeout(timer)
        stop()
        resolve(found)
      })
    })
  }
  /** Resolvers of the lazy connector kinds (WalletConnect, embedded), registered by their modules. */
  const resolvers = new Map<Connector.Kind, Resolver>()
  const resolve: Resolver = async (connectorId) => {
    const rdns = Injected.rdnsOf(connectorId)
    if (rdns) return announcedInjected(rdns)
    const kind = connectorId.split(':')[0] as Connector.Kind
    return resolvers.get(kind)?.(connectorId)
  }
  // WalletConnect: its code (and sign-client) loads on first use; its stored sessions restore on reload.
  const walletConnect = WalletConnectLoader.create(() => ({
    projectId: env.projectId,
    relayUrl: env.relayUrl,
    metadata: host?.info?.metadata,
    origin: host?.origin,
    storage: backend,
  }))
  resolvers.set('walletConnect', () => walletConnect.get())
  // The embedded wallet (the auth frame): its code and hidden frame load when email or social login is
  // on, or when a stored embedded session is restored.
  const embedded = EmbeddedLoader.create({
    settings: () => ({
      authUrl: env.authUrl,
      apiUrl: env.apiUrl,
      projectId: env.projectId,
      metadata: host?.info?.metadata,
      hostOrigin: host?.origin,
      sdkVersion: host?.info?.sdkVersion ?? Api.SDK_VERSION,
      theme: state.get().theme,
    }),
    ui: {
      router,
      open: () => {
        modal.open()
        host?.remote.open().catch(() => {})
      },
      close: () => {
        close()
        host?.remote.requestClose().catch(() => {})
      },
      toast: (message) => void import('../ui/Toast.js').then((Toast) => Toast.frame.show(message, 'error')),
    },
    onFailure: (reason) => {
      const alert =
        reason === 'iframe_load_failed'
          ? Alerts.ALERTS.IFRAME_LOAD_FAILED
          : Alerts.ALERTS.IFRAME_REQUEST_TIMEOUT
      console.error(`frontdoor: ${reason}: ${alert.longMessage}`)
    },
  })
  resolvers.set('embedded', () => embedded.get())
  const evmNetworks = () => (host?.info?.networks ?? []).filter((n) => n.chainNamespace === 'eip155')
  const connection = Connection.create({
    storage,
    resolve,
    context: () => ({ networks: evmNetworks(), chainId: state.get().chainId }),
    onError: (error) => console.error(`frontdoor: ${error.message}; the stored connections were cleared`),
  })
  connection.subscribe(() => {
    const c = connection.get()
    state.set((s) => ({
      ...s,
      status: c.status,
      address: c.session?.accounts[0],
      chainId: c.session?.chainId ?? s.chainId,
      recent: c.recent,
    }))
    // Disconnected (by the wallet, the page or the user): the account views make no sense any more.
    if (c.status === 'disconnected' && ACCOUNT_VIEWS.includes(router.get().view)) router.reset('Connect')
    // The wallet sits on a chain the page does not list: UnsupportedChain shows (and the modal opens);
    // once it is back on a listed chain, the Account view.
    if (c.status !== 'connected' || !c.session || !host?.info) return
    const supported = evmIds().includes(c.session.chainId)
    if (!supported && router.get().view !== 'UnsupportedChain') {
      router.reset('UnsupportedChain')
      if (!modal.get().open) {
        modal.open()
        host.remote.open().catch(() => {})
      }
    } else if (supported && router.get().view === 'UnsupportedChain') router.reset('Account')
  })

  const snapshot = (): HostModal.State => {
    const s = state.get()
    const m = modal.get()
    const network = host?.info?.networks.find((n) => n.caipNetworkId === `eip155:${s.chainId}`)
    return {
      open: m.open,
      loading: m.loading,
      view: router.get().view,
      status: s.status,
      ...(s.address && s.chainId
        ? {
            account: {
              address: s.address,
              caipAddress: `eip155:${s.chainId}:${s.address}`,
              status: s.status,
            },
          }
        : {}),
      ...(network ? { network } : {}),
      restored: s.restored,
    }
  }
  const push = () => {
    if (allowed) host?.remote.state(snapshot()).catch(() => {})
  }
  modal.subscribe(push)
  router.subscribe(push)
  state.subscribe(push)

  /** Whether the connected wallet's chain is one of the page's EVM networks (true when not connected). */
  const onSupportedChain = () => {
    const chainId = connection.get().session?.chainId
    return chainId === undefined || evmIds().includes(chainId)
  }
  /** The view the modal opens on: Account while connected (UnsupportedChain on a foreign chain), else Connect. */
  const home = (): Router.View =>
    state.get().status !== 'connected' ? 'Connect' : onSupportedChain() ? 'Account' : 'UnsupportedChain'
  const close = () => {
    modal.close()
    router.reset(home())
  }

  async function loadProject(projectId: string, local: HostModal.Features | undefined) {
    const remote = await Api.remoteConfig(env.apiUrl, projectId).catch(() => undefined)
    const { features, warning, ignored } = Features.resolve(remote, local)
    if (warning) console.warn(`${warning}: ${ignored.join(', ')} come from the project configuration`)
    state.set((s) => ({ ...s, features, featuresReady: true }))
    if (features.email || features.socials.length > 0) embedded.preload()
    const page = await Api.wallets(env.apiUrl, projectId, {
      page: 1,
      entries: Constants.FEATURED_WALLETS_COUNT + Constants.RECOMMENDED_WALLETS_COUNT,
    }).catch(() => undefined)
    if (page) state.set((s) => ({ ...s, wallets: page.data, walletCount: page.count }))
  }

  const evmIds = () => evmNetworks().map((n) => Number(n.id))

  /** Switches the page's network: the connected wallet switches first (adding the chain if needed). */
  async function switchTo(chainId: number) {
    if (!evmIds().includes(chainId)) throw rpcError(Rpc.ERRORS.unrecognizedChain)
    if (connection.current()) await connection.switchChain(chainId)
    state.set((prev) => ({ ...prev, chainId }))
  }

  async function request(req: HostModal.RpcRequest): Promise<unknown> {
    if (!allowed) throw rpcError(Rpc.ERRORS.unauthorized)
    await hostInfoRead
    const s = state.get()
    switch (req.method) {
      case 'eth_chainId':
        return `0x${(s.chainId ?? evmIds()[0] ?? 1).toString(16)}`
      case 'eth_accounts':
        return s.address ? [s.address] : []
      case 'wallet_switchEthereumChain': {
        const params = Array.isArray(req.params) ? req.params : []
        const id = Rpc.chainIdOf((params[0] as { chainId?: unknown } | undefined)?.chainId)
        if (id === undefined) throw rpcError(Rpc.ERRORS.invalidParams)
        await switchTo(id)
        return null
      }
    }
    const route = Rpc.route(req.method)
    if (route === 'node') {
      const chainId = s.chainId ?? evmIds()[0]
      if (!chainId || !env.projectId) throw rpcError(Rpc.ERRORS.disconnected)
      let body: { result?: unknown; error?: { code: number; message: string } }
      try {
        const response = await fetch(Api.rpcUrl(env.apiUrl, env.projectId, chainId), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: req.method, params: req.params ?? [] }),
        })
        body = await response.json()
      } catch {
        throw rpcError(Rpc.ERRORS.chainDisconnected)
      }
      if (body.error) throw rpcError({ code: body.error.code, message: String(body.error.message) })
      return body.result ?? null
    }
    // The embedded wallet applies its own policy: approval for unsafe methods, 'Action not allowed' for others.
    if (route === 'account' || connection.current()?.kind === 'embedded')
      return connection.request(req.method, req.params)
    throw rpcError(Rpc.ERRORS.unsupportedMethod)
  }

  const handlers: HostBridge.Handlers = {
    open: (options) => {
      // Open first: a snapshot of the new view must not say the modal is closed.
      modal.open()
      if (allowed) router.reset(options?.view ?? home())
    },
    close: () => {
      close()
      return { closed: true }
    },
    shake: () => modal.shake(),
    getState: () => snapshot(),
    request,
    injectedWallets: ({ wallets }) => {
      if (allowed) state.set((s) => ({ ...s, injected: wallets }))
    },
    injectedWalletEvent: ({ uuid, event }) => {
      if (allowed) injected.get(uuid)?.emit(event)
    },
    theme: (theme) => {
      if (allowed) state.set((s) => ({ ...s, theme: withDefaults(theme) }))
    },
    metadata: () => {},
    disconnect: async () => {
      if (allowed) await connection.disconnect()
    },
    switchNetwork: async ({ caipNetworkId }) => {
      if (!allowed) throw rpcError(Rpc.ERRORS.unauthorized)
      await hostInfoRead
      const [namespace, reference] = caipNetworkId.split(':')
      if (namespace !== 'eip155') throw rpcError(Rpc.ERRORS.unrecognizedChain)
      await switchTo(Number(reference))
    },
  }

  /** Starts the bridge; resolves once the host is connected (or never, when no allowed host talks to us). */
  async function start() {
    const origins = [...new Set([...env.allowedOrigins, ...(env.embedder ? [env.embedder] : [])])]
    if (origins.length === 0) {
      // Nobody may connect: the frame only shows why, wherever it is displayed.
      state.set((s) => ({ ...s, alert: s.alert ?? originsAlert(env) }))
      modal.open()
      return
    }
    const connected = await HostBridge.connectHost(origins, handlers)
    performance.mark('frontdoor:host-connected')
    const alert = env.projectId ? checkOrigin(env, connected.origin) : Alerts.ALERTS.PROJECT_ID_NOT_CONFIGURED
    allowed = alert === undefined
    // The host can close the modal even if its options turn out to be invalid.
    host = { ...connected, info: undefined }
    const info = await connected.remote.hostInfo()
    host = { ...connected, info }
    const firstEvm = info.networks.find((n) => n.chainNamespace === 'eip155')
    state.set((s) => ({
      ...s,
      alert,
      host: { origin: connected.origin, info },
      theme: allowed ? withDefaults(info.theme ?? {}) : s.theme,
      chainId: firstEvm ? Number(firstEvm.id) : undefined,
    }))
    onHostInfo()
    push()
    const restored = () => state.set((s) => ({ ...s, restored: true }))
    if (!allowed || !env.projectId) return restored()
    backend.use(
      ConnectionStorage.local() ??
        ConnectionStorage.hostBacked(
          await connected.remote.storageRead().catch(() => ({})),
          (key, value) => void connected.remote.storageWrite({ key, value }).catch(() => {}),
        ),
    )
    await Promise.all([loadProject(env.projectId, info.features), connection.reconnect().finally(restored)])
  }

  return {
    env,
    router,
    modal,
    state,
    connection,
    /** The modal's key-value storage (for connectors that keep state, such as WalletConnect's store). */
    storage: backend,
    start,
    /** The connector of the page's injected wallet `rdns`, once the page announced it. */
    injectedConnector,
    /** The WalletConnect connector (its module loads on the first call). */
    walletConnect: walletConnect.get,
    /** Fetches the WalletConnect code ahead of a pick (hover or focus on a wallet row). */
    prefetchWalletConnect: walletConnect.prefetch,
    /** The embedded wallet's connector (its module and the auth frame load on the first call). */
    embedded: embedded.get,
    /** Registers how stored ids of a lazy connector kind are resolved (WalletConnect, embedded). */
    registerResolver(kind: Connector.Kind, resolver: Resolver) {
      resolvers.set(kind, resolver)
    },
    /**
     * Connects with `connector` from a connecting view; on success the modal closes (the page's
     * provider now reaches the wallet). Errors are thrown for the view to show.
     */
    async connect(connector: Connector.Connector, options?: Connector.ConnectOptions) {
      const session = await connection.connect(connector, options)
      // On a chain the page does not list, the modal stays open on UnsupportedChain.
      if (!onSupportedChain()) router.reset('UnsupportedChain')
      else if (env.mode !== 'inline') {
        close()
        host?.remote.requestClose().catch(() => {})
      } else router.reset('Account')
      return session
    },
    /**
     * Switches the page's network to the EVM chain `chainId`: the connected wallet switches first
     * (adding the chain when it lacks it; 'Chain is not supported' when that fails).
     */
    switchNetwork: switchTo,
    /** Whether the connected wallet is on one of the page's networks. */
    onSupportedChain,
    /** The user asked to close (close button, Escape, click outside): the host hides the dialog. */
    requestClose() {
      close()
      host?.remote.requestClose().catch(() => {})
    },
  }
}

export type Controller = ReturnType<typeof create>
