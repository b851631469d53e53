import { ADDRESS_DEFAULTS } from '@frontdoor/protocol/addresses'
import * as Dialog from './Dialog.js'
import * as Eip6963 from './Eip6963.js'
import * as Emitter from './Emitter.js'
import type * as Messages from './Messages.js'
import * as ProviderErrors from './ProviderErrors.js'
import * as Transport from './Transport.js'
import * as Validate from './Validate.js'

export const SDK_VERSION = '0.0.0'

/** Options of `createFrontdoor()`. */
export type Options = {
  projectId: string
  networks: Messages.Network[]
  metadata: Messages.Metadata
  features?: Messages.Features
  themeMode?: Messages.ThemeMode
  themeVariables?: Messages.ThemeVariables
  /** The modal frame's URL (default: the Frontdoor modal at MODAL_URL). */
  modalUrl?: string
  /** Render the modal inside this element, with no dialog or backdrop (embedded mode). */
  container?: HTMLElement
  /** false: do not append the dialog to document.body; place `element` yourself. */
  append?: boolean
}

/** What the page sees of the modal and the connection. */
export type State = Messages.State

/** An EIP-1193 provider. */
export type Provider = {
  request: (args: { method: string; params?: unknown }) => Promise<unknown>
  on: (event: string, listener: (...args: never[]) => void) => void
  removeListener: (event: string, listener: (...args: never[]) => void) => void
}

/** A Frontdoor instance. */
export type Frontdoor = {
  open: (options?: { view?: string }) => Promise<void>
  close: () => Promise<void>
  provider: Provider
  getState: () => State
  subscribe: (listener: (state: State) => void) => () => void
  disconnect: () => Promise<void>
  switchNetwork: (chainId: number) => Promise<void>
  /** The dialog (or, inline, the iframe): placed by the page when `append: false`. */
  element: HTMLElement
  /** Removes the modal from the page and stops listening. */
  destroy: () => void
}

const hex = (n: number) => `0x${n.toString(16)}`
let instance: Frontdoor | undefined

/**
 * Creates the Frontdoor modal: appends a hidden `<dialog>` with the preloaded modal iframe, so
 * `open()` is instant. Calling it again returns the first instance.
 *
 * @example
 * const frontdoor = createFrontdoor({ projectId: 'demo', networks: [{ id: 31337, name: 'Devnet' }], metadata: { name: 'My dapp' } })
 * await frontdoor.open()
 */
export function createFrontdoor(options: Options): Frontdoor {
  if (typeof window === 'undefined')
    throw new Error('createFrontdoor() runs in a browser; call it on the client')
  if (instance) return instance
  const modalUrl = new URL(options.modalUrl ?? ADDRESS_DEFAULTS.MODAL_URL)
  const inline = options.container !== undefined
  const src = new URL('/', modalUrl)
  src.searchParams.set('projectId', options.projectId)
  if (inline) src.searchParams.set('mode', 'inline')

  const emitter = Emitter.create()
  const listeners = new Set<(state: State) => void>()
  let state: State = {
    open: false,
    status: 'disconnected',
    view: 'Connect',
    chainId: options.networks[0]?.id,
  }
  let pendingAccounts: { resolve: (a: string[]) => void; reject: (e: Error) => void }[] = []

  const stopCsp = Dialog.watchCsp(modalUrl.origin)
  const frame = Dialog.iframe(src.toString())
  const dialog = inline ? undefined : Dialog.create(frame, () => void close())

  const setState = (next: State) => {
    const previous = state
    state = next
    if (previous.address !== next.address) emitter.emit('accountsChanged', next.address ? [next.address] : [])
    if (previous.chainId !== next.chainId && next.chainId) emitter.emit('chainChanged', hex(next.chainId))
    if (previous.status !== 'connected' && next.status === 'connected')
      emitter.emit('connect', { chainId: hex(next.chainId ?? 1) })
    if (previous.status === 'connected' && next.status === 'disconnected')
      emitter.emit('disconnect', ProviderErrors.of('disconnected'))
    if (next.status === 'connected' && next.address) {
      for (const p of pendingAccounts) p.resolve([next.address])
      pendingAccounts = []
    } else if (previous.open && !next.open) {
      for (const p of pendingAccounts) p.reject(ProviderErrors.of('userRejected'))
      pendingAccounts = []
    }
    for (const listener of [...listeners]) listener(state)
  }

  const hostInfo: Messages.HostInfo = {
    projectId: options.projectId,
    metadata: options.metadata,
    networks: options.networks,
    ...(options.features ? { features: options.features } : {}),
    theme: { themeMode: options.themeMode ?? 'light', themeVariables: options.themeVariables ?? {} },
    mode: inline ? 'inline' : 'modal',
    sdkVersion: SDK_VERSION,
  }
  const transport = Transport.connectModal(frame, modalUrl.origin, {
    hostInfo: () => hostInfo,
    state: (value: unknown) => setState(Validate.state(value)),
    requestClose: () => {
      void close()
    },
  })

  async function open(openOptions: { view?: string } = {}) {
    dialog?.show()
    setState({ ...state, open: true })
    const modal = await transport.modal
    await modal.open(openOptions)
  }

  async function close() {
    dialog?.hide()
    if (state.open) setState({ ...state, open: false })
    const modal = await transport.modal
    await modal.close()
  }

  async function forward(method: string, params: unknown): Promise<unknown> {
    const modal = await transport.modal
    const response = Validate.rpcResponse(
      await modal.request(params === undefined ? { method } : { method, params: params as unknown[] }),
    )
    if ('error' in response)
      throw new ProviderErrors.ProviderRpcError(
        response.error.code,
        response.error.message,
        response.error.data,
      )
    return response.result
  }

  const provider: Provider = {
    async request(args) {
      if (!args || typeof args !== 'object' || typeof args.method !== 'string')
        throw ProviderErrors.of('invalidParams')
      const { method, params } = args
      if (params !== undefined && (typeof params !== 'object' || params === null))
        throw ProviderErrors.of('invalidParams')
      switch (method) {
        case 'eth_accounts':
          return state.status === 'connected' && state.address ? [state.address] : []
        case 'eth_chainId':
          return hex(state.chainId ?? options.networks[0]?.id ?? 1)
        case 'eth_requestAccounts':
          if (state.status === 'connected' && state.address) return [state.address]
          return new Promise<string[]>((resolve, reject) => {
            pendingAccounts.push({ resolve, reject })
            open().catch(reject)
          })
      }
      return forward(method, params)
    },
    on: emitter.on,
    removeListener: emitter.removeListener,
  }
  const announcement = Eip6963.announce(provider)
  const discovery = Eip6963.discover(announcement.info.uuid, (wallets) => {
    void transport.modal.then((modal) => modal.injectedWallets(wallets)).catch(() => {})
  })

  const element: HTMLElement = dialog?.element ?? frame
  if (inline) options.container!.append(frame)
  else if (options.append !== false) document.body.append(element)

  instance = {
    open,
    close,
    provider,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async disconnect() {
      const { address: _, ...rest } = state
      setState({ ...rest, status: 'disconnected' })
    },
    async switchNetwork(chainId) {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex(chainId) }] })
    },
    element,
    destroy() {
      transport.destroy()
      discovery.stop()
      announcement.stop()
      stopCsp()
      dialog?.hide()
      element.remove()
      instance = undefined
    },
  }
  return instance
}
