import { ADDRESS_DEFAULTS } from '@frontdoor/protocol/addresses'
import * as Errors from '@frontdoor/protocol/errors'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as Log from '@frontdoor/protocol/log'
import type * as Pay from '@frontdoor/protocol/pay'
import { FRAME_LOAD_TIMEOUT_MS } from '@frontdoor/protocol/timeouts'
import * as Version from '@frontdoor/protocol/version'
import * as Constants from '@frontdoor/schemas/constants'
import * as Dialog from './Dialog.js'
import * as Eip1193 from './Eip1193.js'
import * as Eip6963 from './Eip6963.js'
import * as InjectedBridge from './InjectedBridge.js'
import * as Networks from './Networks.js'
import * as PageStorage from './PageStorage.js'
import * as DefaultSiwx from './siwx/DefaultSiwx.js'
import type * as Siwe from './siwx/Siwe.js'
import * as Siwx from './siwx/Siwx.js'
import * as Transport from './Transport.js'
import * as Validate from './Validate.js'

/**
 * The SDK's version (`@frontdoor/protocol/version`, package.json's). The modal reports it to the API as
 * `sv` (HostInfo `sdkVersion`).
 */
export const SDK_VERSION: string = Version.SDK_VERSION

/** A network the page supports (CAIP network, as in spec section 3). */
export type Network = HostModal.HostInfo['networks'][number]

/** Options of `createFrontdoor()`. */
export type Options = {
  projectId: string
  /** The page's networks: full CAIP networks, or ids (`31339`, `'eip155:31339'`) that Frontdoor's network registry defines. */
  networks: Networks.NetworkOption[]
  metadata: HostModal.Metadata
  features?: HostModal.Features
  themeMode?: HostModal.ThemeMode
  themeVariables?: HostModal.ThemeVariables
  /** The modal frame's URL (default: the Frontdoor modal at MODAL_URL). */
  modalUrl?: string
  /** Render the modal inside this element, with no dialog or backdrop (embedded mode). */
  container?: HTMLElement
  /** false: do not append the dialog to document.body; place `element` yourself. */
  append?: boolean
  /** Wallet directory ids: only these wallets are listed (Connect and All Wallets). */
  includeWalletIds?: string[]
  /** Wallet directory ids never listed. */
  excludeWalletIds?: string[]
  /** Wallet directory ids listed first. */
  featuredWalletIds?: string[]
  /** false: a reload does not restore the stored connection; the visitor connects again (default true). */
  enableReconnect?: boolean
  /** What reaches the console, from the SDK and both frames: 'silent', 'error' (default), 'warn', 'info', 'debug'. */
  logLevel?: Log.LogLevel
  /**
   * Sign in with the wallet (SIWX): the page's own functions, or `{ required?, statement? }` for the
   * default that keeps sessions on Frontdoor's API. Not together with `siweConfig`.
   */
  siwx?: Siwx.Config | DefaultSiwx.Options
  /** The legacy SIWE configuration, mapped onto `siwx` (npm package; siwx/Siwe.ts). Not together with `siwx`. */
  siweConfig?: Siwe.SiweConfig
  /** Frontdoor's API (default: API_URL), for the default `siwx`. */
  apiUrl?: string
}

/**
 * What the page sees of the modal and the connection: the modal's flags and view, the connection
 * status, the page's chain, and while connected the account state of spec section 3 (caipAddress,
 * account type, the embedded wallet's user and social provider, profile name and image, balance).
 */
export type State = {
  open: boolean
  /** True while a connection or a wallet request is in flight. */
  loading: boolean
  view: HostModal.View
  status: HostModal.State['status']
  chainId?: number
  /** The signed-in session of the account on this chain (SIWX), once the page has one. */
  siwxSession?: Siwx.Session
} & Partial<Omit<NonNullable<HostModal.State['account']>, 'status'>>

export type { Provider } from './Eip1193.js'
export type { Extension, ExtensionHost } from './InjectedBridge.js'

/** A Frontdoor instance. */
export type Frontdoor = {
  /**
   * Opens the modal, on `view` if given. Rejects with a readable message for a view whose feature is
   * off (e.g. Send with `features.send: false`) or that needs a connected wallet when none is.
   */
  open: (options?: { view?: HostModal.View }) => Promise<void>
  close: () => Promise<void>
  /** Shakes the modal (500 ms), e.g. to draw the visitor's eye to it. */
  shake: () => Promise<void>
  provider: Eip1193.Provider
  getState: () => State
  subscribe: (listener: (state: State) => void) => () => void
  disconnect: () => Promise<void>
  switchNetwork: (chainId: number) => Promise<void>
  /**
   * Asks the visitor for a payment: the modal shows what, to whom and on which network, and the
   * visitor pays from the connected wallet (connecting first if needed). Resolves with the transaction
   * hash once it is mined; rejects with 4001 when the visitor declines or closes the modal, -32602 for
   * a request the chain refutes (unknown asset, too many decimals), and when the project's `payments`
   * feature is off.
   *
   * @example
   * const hash = await frontdoor.pay({ asset: '0x8696…6169', amount: '5', recipient: '0x7099…79C8' })
   */
  pay: (request: Pay.PayRequest) => Promise<`0x${string}`>
  /** Changes the theme (mode and/or variables) while the page runs. */
  setTheme: (theme: {
    themeMode?: HostModal.ThemeMode
    themeVariables?: HostModal.ThemeVariables
  }) => Promise<void>
  /** The dialog (or, inline, the iframe): placed by the page when `append: false`. */
  element: HTMLElement
  /** Removes the modal from the page and stops listening. */
  destroy: () => void
  /** The sign-in functions in use (`siwx`, the default, or the mapped `siweConfig`), if any. */
  siwx?: Siwx.Config
  /**
   * Adds an extension: more injected wallets and how to reach them, for the entries kept out of
   * `sdk.js` (`@frontdoor/host-sdk/solana`: the page's Wallet Standard wallets). One at a time.
   */
  extend: (extension: InjectedBridge.Extension) => InjectedBridge.ExtensionHost
}

/** The modal's error reply, thrown as an EIP-1193 error. */
const rpcError = (error: Transport.RemoteError) => {
  throw new Errors.ProviderRpcError(error.code ?? -32603, error.message, error.data)
}
const evmId = (network: Network | undefined) =>
  network?.chainNamespace === 'eip155' ? Number(network.id) : undefined
let instance: Frontdoor | undefined

/**
 * Creates the Frontdoor modal: appends a hidden `<dialog>` with the preloaded modal iframe, so
 * `open()` is instant. Calling it again returns the first instance.
 *
 * @example
 * const frontdoor = createFrontdoor({ projectId: 'demo', networks: [devnet], metadata: { name: 'My dapp' } })
 * await frontdoor.open()
 */
export function createFrontdoor(options: Options): Frontdoor {
  if (typeof window === 'undefined')
    throw new Error('createFrontdoor() runs in a browser; call it on the client')
  if (instance) return instance
  if (!options.networks?.length) throw new Error('createFrontdoor(): networks must list at least one network')
  const networks = options.networks.map(Networks.networkOf)
  const logLevel = Log.setLevel(options.logLevel)
  const siwx = Siwx.configOf(options, (siwxOptions) =>
    DefaultSiwx.create(options.apiUrl ?? ADDRESS_DEFAULTS.API_URL, options.projectId, siwxOptions),
  )
  const modalUrl = new URL(options.modalUrl ?? ADDRESS_DEFAULTS.MODAL_URL)
  const inline = options.container !== undefined
  const src = new URL('/', modalUrl)
  src.searchParams.set('projectId', options.projectId)
  if (inline) src.searchParams.set('mode', 'inline')
  if (logLevel !== Constants.DEFAULT_LOG_LEVEL) src.searchParams.set(Log.LOG_LEVEL_PARAM, logLevel)

  const storagePrefix = `frontdoor:modal:${options.projectId}:`
  const listeners = new Set<(state: State) => void>()
  const firstChain = networks.map(evmId).find((id) => id !== undefined)
  let state: State = {
    open: false,
    loading: false,
    view: 'Connect',
    status: 'disconnected',
    ...(firstChain ? { chainId: firstChain } : {}),
  }
  const eip1193 = Eip1193.create(state, settledModal, open, (request) => ask('request', request))
  // Resolves once the modal has restored its stored connections (HostModal.State `restored`).
  let onRestored = () => {}
  const restored = new Promise<void>((resolve) => {
    onRestored = resolve
  })

  const stopCsp = Dialog.watchCsp(modalUrl.origin)
  const frame = Dialog.iframe(src.toString())
  const dialog = inline ? undefined : Dialog.create(frame, () => void close())

  /** Takes the next state: the provider emits the events it implies, then the page's listeners hear. */
  const setState = (next: State) => {
    state = next
    eip1193.update(next)
    for (const listener of [...listeners]) listener(state)
  }

  const transport = Transport.connectModal(frame, modalUrl.origin, {
    hostInfo: () => ({
      projectId: options.projectId,
      metadata: options.metadata,
      networks,
      ...(options.features ? { features: options.features } : {}),
      ...(options.includeWalletIds ? { includeWalletIds: options.includeWalletIds } : {}),
      ...(options.excludeWalletIds ? { excludeWalletIds: options.excludeWalletIds } : {}),
      ...(options.featuredWalletIds ? { featuredWalletIds: options.featuredWalletIds } : {}),
      ...(options.enableReconnect === false ? { enableReconnect: false } : {}),
      ...(siwx ? { siwx: true } : {}),
      theme: { themeMode: options.themeMode ?? 'light', themeVariables: options.themeVariables ?? {} },
      mode: inline ? 'inline' : 'modal',
      sdkVersion: SDK_VERSION,
    }),
    state: (snapshot) => {
      // The wallet's chain while connected (its account's, listed by the page or not), else the page's network.
      const chainId =
        Number(snapshot.account?.caipAddress.split(':')[1]) || evmId(snapshot.network) || state.chainId
      const { status: _status, ...account } = snapshot.account ?? {}
      // The session belongs to the account and chain it was signed for.
      const session =
        state.siwxSession?.data.accountAddress.toLowerCase() === snapshot.account?.address.toLowerCase() &&
        state.siwxSession?.data.chainId === snapshot.account?.caipAddress?.split(':').slice(0, 2).join(':')
          ? state.siwxSession
          : undefined
      setState({
        open: inline || snapshot.open,
        loading: snapshot.loading,
        view: snapshot.view,
        status: snapshot.status,
        ...account,
        ...(chainId ? { chainId } : {}),
        ...(session ? { siwxSession: session } : {}),
      })
      if (snapshot.restored) onRestored()
    },
    open: () => dialog?.show(),
    requestClose: () => void close(),
    providerEvent: ({ event, data }) => eip1193.emit(event, data),
    storageRead: () => PageStorage.read(storagePrefix),
    storageWrite: ({ key, value }) => PageStorage.write(storagePrefix, key, value),
    injectedWalletRequest: (params) => bridge.request(params),
    ...(siwx ? { more: Siwx.handlers(siwx, onSession) } : {}),
  })
  /** The page's session changed (signed, read or revoked): its state says so. */
  function onSession(session: Siwx.Session | undefined) {
    const { siwxSession: _old, ...rest } = state
    setState(session ? { ...rest, siwxSession: session } : rest)
  }

  // A mark for benchmarks and devtools: the modal is connected and can open.
  let connected: Transport.Call | undefined
  transport.call
    .then((call) => {
      connected = call
      performance.mark?.('frontdoor:ready')
    })
    .catch(() => {})
  const createdAt = Date.now()
  let reported = false
  /** The modal's calls, once it answers; 4900 when it has not answered within the frame load timeout. */
  async function modal(): Promise<Transport.Call> {
    if (connected) return connected
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          if (!reported) {
            reported = true
            Log.error(
              `Frontdoor: the modal at ${modalUrl.origin} did not answer within ${FRAME_LOAD_TIMEOUT_MS / 1000} s`,
            )
          }
          reject(Errors.providerError('disconnected'))
        },
        Math.max(0, createdAt + FRAME_LOAD_TIMEOUT_MS - Date.now()),
      )
    })
    try {
      return await Promise.race([transport.call, deadline])
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * Shows the dialog at once; with a view, only once the modal accepted it (a refused view rejects
   * with the modal's reason and leaves the modal as it was).
   */
  async function open(openOptions: { view?: HostModal.View } = {}) {
    const show = (open: boolean) => {
      open ? dialog?.show() : dialog?.hide()
      if (state.open !== open && (open || !inline)) setState({ ...state, open })
    }
    const { view } = openOptions
    // The modal hears of it before the dialog shows: its frame renders the card while this page runs
    // showModal() and the focus move (once connected, the message leaves at once).
    const opened = connected
      ? connected('open', openOptions)
      : modal().then((call) => call('open', openOptions))
    if (!view) show(true)
    try {
      await opened
    } catch (error) {
      if (!view) show(false)
      throw error instanceof Transport.RemoteError ? new Error(error.message) : error
    }
    if (view) show(true)
  }

  /**
   * Closes the modal (the visitor, the modal or the page asked): waiting eth_requestAccounts calls get
   * 4001. When the modal may not close now (it shakes instead), the dialog shows again.
   */
  async function close() {
    dialog?.hide()
    if (state.open && !inline) setState({ ...state, open: false })
    eip1193.settle({ error: Errors.providerError('userRejectedRequest') })
    // Sent at once when connected, as open() does, so `close(); open()` reaches the modal in that order.
    const closing = connected ? connected('close') : modal().then((call) => call('close'))
    const answer = (await closing) as { closed?: boolean } | undefined
    if (answer?.closed === false && !inline) {
      dialog?.show()
      setState({ ...state, open: true })
    }
  }

  /**
   * The modal once it has restored the stored connections, so a reload's connection is known before a
   * request is answered from it. A modal that never reports it is taken as it is after the frame load
   * timeout; one that does not answer at all fails with 4900.
   */
  async function settledModal(): Promise<Transport.Call> {
    const call = await modal()
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FRAME_LOAD_TIMEOUT_MS)
    })
    await Promise.race([restored, late])
    clearTimeout(timer)
    return call
  }

  /** A call that waits for the visitor; the modal's error reply is thrown as an EIP-1193 error. */
  async function ask(name: 'request' | 'pay', params: unknown): Promise<unknown> {
    const call = await modal()
    return call(name, params, Number.POSITIVE_INFINITY).catch(rpcError)
  }
  /** An extension's call of the modal: once it restored the stored connections (ExtensionHost `call`). */
  const extensionCall: InjectedBridge.ExtensionHost['call'] = (name, params) =>
    settledModal()
      .then((call) => call(name, params))
      .catch(rpcError)
  const announcement = Eip6963.announce(eip1193.provider)
  const bridge = InjectedBridge.create(announcement.info.uuid, transport.call, modal, extensionCall)

  const element: HTMLElement = dialog?.element ?? frame
  if (inline) options.container!.append(frame)
  else if (options.append !== false) {
    // A script tag in <head> runs before <body> exists: the dialog goes in once the document is parsed.
    const place = () => document.body.append(element)
    if (document.body) place()
    else addEventListener('DOMContentLoaded', place)
  }

  instance = {
    open,
    close,
    async shake() {
      await (await modal())('shake')
    },
    provider: eip1193.provider,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async disconnect() {
      await (await modal())('disconnect')
    },
    async setTheme(theme) {
      await (await modal())('theme', theme)
    },
    pay: async (request) => Validate.transactionHash(await ask('pay', request)),
    async switchNetwork(chainId) {
      await eip1193.provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: Eip1193.hex(chainId) }],
      })
    },
    element,
    extend: bridge.extend,
    ...(siwx
      ? {
          siwx: {
            ...siwx,
            async revokeSession(chainId: string, address: string) {
              await siwx.revokeSession(chainId, address)
              onSession(undefined)
            },
          },
        }
      : {}),
    destroy() {
      transport.destroy()
      bridge.stop()
      announcement.stop()
      stopCsp()
      dialog?.hide()
      element.remove()
      instance = undefined
    },
  }
  return instance
}
