import type * as Messages from '@frontdoor/host-sdk/messages'
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

/** Everything the views read, besides the router and the modal flags. */
export type State = {
  /** The host page, once the handshake is done and its origin checked. */
  host: { origin: string; info: Messages.HostInfo } | undefined
  /** A blocking alert (invalid configuration, missing project id ...). */
  alert: Alert | undefined
  features: Features.Features
  /** True once the remote config has answered (or failed); the Connect view renders meanwhile. */
  featuresReady: boolean
  theme: Messages.Theme
  injected: Messages.InjectedWallet[]
  /** Featured / recommended wallets from `/getWallets` and the directory size. */
  wallets: Directory.Wallet[]
  walletCount: number
  recent: { id: string; name: string; image_url?: string | undefined }[]
  status: Messages.Status
  address: string | undefined
  chainId: number | undefined
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
  let host: HostBridge.Host | undefined
  let allowed = false

  const snapshot = (): Messages.State => {
    const s = state.get()
    return {
      open: modal.get().open,
      status: s.status,
      ...(s.address ? { address: s.address } : {}),
      ...(s.chainId ? { chainId: s.chainId } : {}),
      view: router.get().view,
    }
  }
  const push = () => host?.sendState(snapshot())
  modal.subscribe(push)
  router.subscribe(push)

  const close = () => {
    modal.close()
    router.reset('Connect')
  }

  async function loadProject(projectId: string, local: Messages.Features | undefined) {
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

  async function request(req: Messages.RpcRequest): Promise<Messages.RpcResponse> {
    if (!allowed) return { error: Rpc.ERRORS.unauthorized }
    const s = state.get()
    const networks = host?.info.networks ?? []
    switch (req.method) {
      case 'eth_chainId':
        return { result: `0x${(s.chainId ?? networks[0]?.id ?? 1).toString(16)}` }
      case 'eth_accounts':
        return { result: s.address ? [s.address] : [] }
      case 'wallet_switchEthereumChain': {
        const params = Array.isArray(req.params) ? req.params : []
        const id = Rpc.chainIdOf((params[0] as { chainId?: unknown } | undefined)?.chainId)
        if (id === undefined) return { error: Rpc.ERRORS.invalidParams }
        if (!networks.some((n) => n.id === id)) return { error: Rpc.ERRORS.unrecognizedChain }
        state.set((prev) => ({ ...prev, chainId: id }))
        push()
        return { result: null }
      }
    }
    if (Rpc.READ_METHODS.has(req.method)) {
      const chainId = s.chainId ?? networks[0]?.id
      if (!chainId || !env.projectId) return { error: Rpc.ERRORS.disconnected }
      try {
        const response = await fetch(Api.rpcUrl(env.apiUrl, env.projectId, chainId), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: req.method, params: req.params ?? [] }),
        })
        const body = (await response.json()) as {
          result?: unknown
          error?: { code: number; message: string }
        }
        if (body.error) return { error: { code: body.error.code, message: String(body.error.message) } }
        return { result: body.result ?? null }
      } catch {
        return { error: Rpc.ERRORS.chainDisconnected }
      }
    }
    if (Rpc.ACCOUNT_METHODS.has(req.method)) return { error: Rpc.ERRORS.unauthorized }
    return { error: Rpc.ERRORS.unsupportedMethod }
  }

  const handlers: HostBridge.Handlers = {
    open: (options) => {
      if (allowed && Router.isView(options.view)) router.reset(options.view)
      modal.open()
    },
    close,
    theme: (theme) => {
      if (allowed) state.set((s) => ({ ...s, theme }))
    },
    injectedWallets: (injected) => {
      if (allowed) state.set((s) => ({ ...s, injected }))
    },
    request,
  }

  /** Starts the bridge; resolves once the host is connected (or never, when no host talks to us). */
  async function start() {
    const connected = await HostBridge.connectHost(handlers)
    host = connected
    const alert = env.projectId ? checkOrigin(env, connected.origin) : Alerts.ALERTS.PROJECT_ID_NOT_CONFIGURED
    allowed = alert === undefined
    const info = connected.info
    state.set((s) => ({
      ...s,
      alert,
      host: { origin: connected.origin, info },
      theme: allowed ? info.theme : s.theme,
      chainId: info.networks[0]?.id,
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
      host?.requestClose()
    },
  }
}

export type Controller = ReturnType<typeof create>
