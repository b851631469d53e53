import * as Messages from '@frontdoor/host-sdk/messages'
import { connect, type RemoteProxy, WindowMessenger } from 'penpal'

/** What the modal does when the host calls it. Arguments arrive unvalidated; the bridge validates them. */
export type Handlers = {
  open: (options: Messages.OpenOptions) => void
  close: () => void
  theme: (theme: Messages.Theme) => void
  injectedWallets: (wallets: Messages.InjectedWallet[]) => void
  request: (request: Messages.RpcRequest) => Promise<Messages.RpcResponse>
}

/** The connected host: its origin (from the handshake) and the calls the modal makes to it. */
export type Host = {
  /** The host page's origin as the browser reported it on the handshake message. */
  origin: string
  info: Messages.HostInfo
  sendState: (state: Messages.State) => void
  requestClose: () => void
}

const isPenpalSyn = (data: unknown) =>
  typeof data === 'object' &&
  data !== null &&
  (data as { namespace?: unknown }).namespace === 'penpal' &&
  (data as { type?: unknown }).type === 'SYN'

/**
 * Connects to the host page (the parent window) with penpal. Any origin may start the handshake; the
 * origin of the first handshake message from the parent window is pinned by penpal and returned, so the
 * caller checks it against the project's allowed origins before acting on anything. Every incoming call
 * is validated with the message schemas; an invalid one throws back to the caller and does nothing.
 */
export function connectHost(handlers: Handlers): Promise<Host> {
  let origin: string | undefined
  const onMessage = (event: MessageEvent) => {
    if (event.source === window.parent && origin === undefined && isPenpalSyn(event.data))
      origin = event.origin
  }
  window.addEventListener('message', onMessage)
  const methods = {
    open: (options: unknown) => handlers.open(Messages.parse(Messages.OpenOptions, options ?? {})),
    close: () => handlers.close(),
    theme: (theme: unknown) => handlers.theme(Messages.parse(Messages.Theme, theme)),
    injectedWallets: (wallets: unknown) =>
      handlers.injectedWallets(Messages.parse(Messages.InjectedWallets, wallets)),
    request: (request: unknown) => handlers.request(Messages.parse(Messages.RpcRequest, request)),
  } satisfies Record<keyof Messages.ModalMethods, (...args: never[]) => unknown>
  const connection = connect<Messages.HostMethods>({
    messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: ['*'] }),
    methods,
  })
  return connection.promise.then(async (remote: RemoteProxy<Messages.HostMethods>) => {
    window.removeEventListener('message', onMessage)
    const info = Messages.parse(Messages.HostInfo, await remote.hostInfo())
    return {
      origin: origin ?? 'null',
      info,
      sendState: (state) => {
        remote.state(state).catch(() => {})
      },
      requestClose: () => {
        remote.requestClose().catch(() => {})
      },
    }
  })
}
