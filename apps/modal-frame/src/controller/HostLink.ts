import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as Api from '../api/Api.js'
import * as HostBridge from '../bridge/HostBridge.js'
import * as ConnectionStorage from '../connection/Storage.js'
import type * as Env from '../env/Env.js'
import type * as Modal from '../modal/Modal.js'
import type * as Router from '../router/Router.js'
import * as Rpc from '../rpc/Rpc.js'
import type * as AccountState from './AccountState.js'
import * as Alerts from './Alerts.js'
import type * as Connections from './Connections.js'
import * as State from './State.js'

/**
 * The modal's side of the host bridge: the handshake with the host page (only allowed origins), what
 * the page may call (open, close, EIP-1193 requests, injected wallets, theme ...) and the state pushed
 * back to it. Nothing the page asks for is acted on before its origin passed the allowed-origins check.
 */

/** Options of {@link create}. */
export type Options = {
  env: Env.Env
  state: State.StateStore
  router: Router.Router
  modal: Modal.Modal
  connections: Connections.Connections
  /** The modal's storage backend: the frame's own, or the page's when the browser denies ours. */
  backend: ConnectionStorage.Switchable
  /** Closes the modal on its home view; false when it may not close now (it shook instead). */
  close: () => boolean
  /** Reads the project's configuration once the page is allowed (features, wallets). */
  loadProject: (projectId: string, local: HostModal.Features | undefined) => Promise<void>
  /** How the bridge connects (tests stand in for the page; the real page is covered end to end). */
  connectHost?: typeof HostBridge.connectHost
}

/** Creates the host link; `start()` waits for the page's handshake. */
export function create(options: Options) {
  const { env, state, router, modal, connections } = options
  const { connection } = connections
  let host: HostBridge.Connected | undefined
  let allowed = false
  // The host may send requests as soon as the bridge connects, before the modal has read its networks.
  let onHostInfo = () => {}
  const hostInfoRead = new Promise<void>((resolve) => {
    onHostInfo = resolve
  })

  /** The state the page mirrors (`frontdoor.getState()`, its subscribers). */
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
              // The details read for this address (AccountState.ts), not a previous one's.
              ...(s.account?.address === s.address && s.account),
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
  // One message per task: an open (modal open, then its view) or a close (closed, back home) changes two
  // stores; the page gets the state once they are done, before the call's answer (a microtask).
  let pushing = false
  const push = () => {
    if (!allowed || pushing) return
    pushing = true
    queueMicrotask(() => {
      pushing = false
      host?.remote.state(snapshot()).catch(() => {})
    })
  }
  modal.subscribe(push)
  router.subscribe(push)
  state.subscribe(push)

  // The account's details (type, embedded user, profile, balance): their module loads once connected.
  let account: Promise<AccountState.Watcher> | undefined
  state.subscribe(() => {
    if (!account && allowed && state.get().status === 'connected')
      account = import('./AccountState.js').then((module) =>
        module.watch({
          state,
          connections,
          context: { apiUrl: env.apiUrl, projectId: env.projectId ?? '' },
          backend: options.backend,
        }),
      )
  })
  /** A wallet request: `loading` while it waits; the balance is read again once it settled. */
  const walletRequest = (req: HostModal.RpcRequest) =>
    modal.track(connection.request(req.method, req.params)).finally(() => {
      void account?.then((watcher) => watcher.refresh()).catch(() => {})
    })

  const loadRoute = () =>
    import('../rpc/Route.js').catch(() => {
      throw Rpc.error('disconnected')
    })

  /** An EIP-1193 request of the page's provider: answered here, by a chain node, or by the wallet. */
  async function request(req: HostModal.RpcRequest): Promise<unknown> {
    if (!allowed) throw Rpc.error('unauthorized')
    await hostInfoRead
    const s = state.get()
    switch (req.method) {
      case 'eth_chainId':
        return `0x${(s.chainId ?? connections.evmIds()[0] ?? 1).toString(16)}`
      case 'eth_accounts':
        return s.address ? [s.address] : []
      case 'wallet_switchEthereumChain': {
        const params = Array.isArray(req.params) ? req.params : []
        const id = Rpc.chainIdOf((params[0] as { chainId?: unknown } | undefined)?.chainId)
        if (id === undefined) throw Rpc.error('invalidParams')
        await connections.switchTo(id)
        return null
      }
    }
    // The routing policy loads with the first such request; the chain client (viem) with the first chain read.
    const Route = await loadRoute()
    const route = Route.route(req.method)
    if (route === 'node') {
      const chainId = s.chainId ?? connections.evmIds()[0]
      if (!chainId || !env.projectId) throw Rpc.error('disconnected')
      const context = { apiUrl: env.apiUrl, projectId: env.projectId }
      const Chain = await import('../chain/Chain.js').catch(() => {
        throw Rpc.error('chainDisconnected')
      })
      return Chain.request(context, chainId, req.method, req.params)
    }
    // The embedded wallet applies its own policy: approval for unsafe methods, 'Action not allowed' for others.
    if (route === 'account' || connection.current()?.kind === 'embedded') {
      // The request is for the wallet's chain, one the page listed, or it never reaches the wallet.
      Route.checkChain(req, connections)
      return walletRequest(req)
    }
    throw Rpc.error('unsupportedMethod')
  }

  let injectedLists = 0
  const handlers: HostBridge.Handlers = {
    open: async (openOptions) => {
      const view = openOptions?.view
      // A view the page may not open now is refused (OpenView.ts, loaded with the first such call).
      if (view && allowed) await (await import('./OpenView.js')).check(view, state)
      // Open first: a snapshot of the new view must not say the modal is closed.
      modal.open()
      if (allowed) router.resetByName(view ?? connections.home())
    },
    close: () => ({ closed: options.close() }),
    shake: () => modal.shake(),
    getState: () => snapshot(),
    request,
    injectedWallets: async ({ wallets }) => {
      if (!allowed) return
      // A wallet registered both by EIP-6963 and by the Wallet Standard is listed once (injected/Merge.ts,
      // loaded when the page lists a Wallet Standard wallet; unmerged if it fails to load); only the
      // page's latest list is kept.
      const latest = ++injectedLists
      const listed = wallets.some((w) => w.chains)
        ? await import('../connectors/injected/Merge.js').then(
            (Merge) => Merge.merge(wallets),
            () => wallets,
          )
        : wallets
      if (latest === injectedLists) state.set((s) => ({ ...s, injected: listed }))
    },
    injectedWalletEvent: ({ uuid, event }) => {
      if (allowed) connections.injectedEvent(uuid, event)
    },
    theme: (theme) => {
      if (allowed) state.set((s) => ({ ...s, theme: State.withDefaults(theme) }))
    },
    metadata: () => {},
    disconnect: async () => {
      if (allowed) await connection.disconnect()
    },
    // frontdoor.pay(): its checks, view and outcome load with the first payment (pay/Payment.ts).
    pay: async (params) => {
      if (!allowed) throw Rpc.error('unauthorized')
      await hostInfoRead
      return (await import('../pay/Payment.js')).request(params, options, () => host)
    },
    // The page's Solana wallet (host SDK's Wallet Standard wallet) asks for the connection's Solana account.
    solanaAccount: async () => {
      if (!allowed) throw Rpc.error('unauthorized')
      await hostInfoRead
      return (await import('../connectors/solana/Account.js')).of(connection.current())
    },
    switchNetwork: async ({ caipNetworkId }) => {
      if (!allowed) throw Rpc.error('unauthorized')
      await hostInfoRead
      const [namespace, reference] = caipNetworkId.split(':')
      if (namespace !== 'eip155') throw Rpc.error('unrecognizedChain')
      await connections.switchTo(Number(reference))
    },
  }

  /** Starts the bridge; resolves once the host is connected (or never, when no allowed host talks to us). */
  async function start() {
    const origins = [...new Set([...env.allowedOrigins, ...(env.embedder ? [env.embedder] : [])])]
    if (origins.length === 0) {
      // Nobody may connect: the frame only shows why, wherever it is displayed.
      state.set((s) => ({ ...s, alert: s.alert ?? Alerts.originsAlert(env) }))
      modal.open()
      return
    }
    const connected = await (options.connectHost ?? HostBridge.connectHost)(origins, handlers)
    performance.mark('frontdoor:host-connected')
    const alert = Alerts.forHost(env, connected.origin)
    allowed = alert === undefined
    // The host can close the modal even if its options turn out to be invalid.
    host = { ...connected, info: undefined }
    const told = await connected.remote.hostInfo()
    // A network the page names only by id takes the registry's definition (chain/Registry.ts, loaded then).
    const info = told.networks.some((n) => !n.rpcUrls.default.http.length)
      ? {
          ...told,
          networks: await import('../chain/Registry.js').then(
            (Registry) =>
              Registry.resolvePage({ apiUrl: env.apiUrl, projectId: env.projectId ?? '' }, told.networks),
            () => told.networks,
          ),
        }
      : told
    host = { ...connected, info }
    Api.setSdkVersion(info.sdkVersion)
    const firstEvm = info.networks.find((n) => n.chainNamespace === 'eip155')
    state.set((s) => ({
      ...s,
      alert,
      host: { origin: connected.origin, info },
      theme: allowed ? State.withDefaults(info.theme ?? {}) : s.theme,
      chainId: firstEvm ? Number(firstEvm.id) : undefined,
    }))
    onHostInfo()
    push()
    const restored = () => state.set((s) => ({ ...s, restored: true }))
    if (!allowed || !env.projectId) return restored()
    options.backend.use(
      ConnectionStorage.local() ??
        ConnectionStorage.hostBacked(
          await connected.remote.storageRead().catch(() => ({})),
          (key, value) => void connected.remote.storageWrite({ key, value }).catch(() => {}),
        ),
    )
    // Reconnect off (spec section 4): the stored connections stay stored, but nothing is restored.
    const reconnect = info.enableReconnect === false ? Promise.resolve() : modal.track(connection.reconnect())
    await Promise.all([options.loadProject(env.projectId, info.features), reconnect.finally(restored)])
  }

  return {
    start,
    /** The connected host page (its origin, its calls and what it told about itself), once connected. */
    host: () => host,
  }
}

/** The modal's link to the host page. */
export type HostLink = ReturnType<typeof create>
