import type * as HostModal from '@frontdoor/protocol/host-modal'
import { Alerts, Constants, type Directory } from '@frontdoor/schemas'
import * as Api from '../api/Api.js'
import * as HostBridge from '../bridge/HostBridge.js'
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
  recent: { id: string; name: string; image_url?: string | undefined }[]
  status: HostModal.State['status']
  address: string | undefined
  chainId: number | undefined
}

function withDefaults(theme: HostModal.Theme): Theme {
  return { themeMode: theme.themeMode ?? 'light', themeVariables: theme.themeVariables ?? {} }
}

const RECENT_KEY = 'frontdoor:recent-wallets'

function readRecent(): State['recent'] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]')
    return Array.isArray(parsed) ? (parsed as State['recent']).slice(0, Constants.RECENT_WALLETS_KEPT) : []
  } catch {
    return []
  }
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
  const state = Store.create<State>({
    host: undefined,
    alert: env.projectId ? undefined : Alerts.ALERTS.PROJECT_ID_NOT_CONFIGURED,
    features: Features.DEFAULTS,
    featuresReady: false,
    theme: { themeMode: 'light', themeVariables: {} },
    injected: [],
    wallets: [],
    walletCount: 0,
    recent: readRecent(),
    status: 'disconnected',
    address: undefined,
    chainId: undefined,
  })
  let host: (HostBridge.Host & { info: HostModal.HostInfo | undefined }) | undefined
  let allowed = false

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
    }
  }
  const push = () => {
    if (allowed) host?.remote.state(snapshot()).catch(() => {})
  }
  modal.subscribe(push)
  router.subscribe(push)

  const close = () => {
    modal.close()
    router.reset('Connect')
  }

  async function loadProject(projectId: string, local: HostModal.Features | undefined) {
    const remote = await Api.remoteConfig(env.apiUrl, projectId).catch(() => undefined)
    const { features, warning, ignored } = Features.resolve(remote, local)
    if (warning) console.warn(`${warning}: ${ignored.join(', ')} come from the project configuration`)
    state.set((s) => ({ ...s, features, featuresReady: true }))
    const page = await Api.wallets(env.apiUrl, projectId, {
      page: 1,
      entries: Constants.FEATURED_WALLETS_COUNT + Constants.RECOMMENDED_WALLETS_COUNT,
    }).catch(() => undefined)
    if (page) state.set((s) => ({ ...s, wallets: page.data, walletCount: page.count }))
  }

  const evmIds = () =>
    (host?.info?.networks ?? []).filter((n) => n.chainNamespace === 'eip155').map((n) => Number(n.id))

  function switchTo(chainId: number) {
    if (!evmIds().includes(chainId)) throw rpcError(Rpc.ERRORS.unrecognizedChain)
    state.set((prev) => ({ ...prev, chainId }))
    push()
  }

  async function request(req: HostModal.RpcRequest): Promise<unknown> {
    if (!allowed) throw rpcError(Rpc.ERRORS.unauthorized)
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
        switchTo(id)
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
    if (route === 'account') throw rpcError(Rpc.ERRORS.unauthorized)
    throw rpcError(Rpc.ERRORS.unsupportedMethod)
  }

  const handlers: HostBridge.Handlers = {
    open: (options) => {
      if (allowed && options?.view) router.reset(options.view)
      modal.open()
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
    injectedWalletEvent: () => {},
    theme: (theme) => {
      if (allowed) state.set((s) => ({ ...s, theme: withDefaults(theme) }))
    },
    metadata: () => {},
    disconnect: () => {
      state.set((s) => ({ ...s, status: 'disconnected', address: undefined }))
      push()
    },
    switchNetwork: ({ caipNetworkId }) => {
      if (!allowed) throw rpcError(Rpc.ERRORS.unauthorized)
      const [namespace, reference] = caipNetworkId.split(':')
      if (namespace !== 'eip155') throw rpcError(Rpc.ERRORS.unrecognizedChain)
      switchTo(Number(reference))
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
    push()
    if (allowed && env.projectId) await loadProject(env.projectId, info.features)
  }

  return {
    env,
    router,
    modal,
    state,
    start,
    /** The user asked to close (close button, Escape, click outside): the host hides the dialog. */
    requestClose() {
      close()
      host?.remote.requestClose().catch(() => {})
    },
  }
}

export type Controller = ReturnType<typeof create>
