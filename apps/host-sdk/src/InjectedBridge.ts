import * as Errors from '@frontdoor/protocol/errors'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as Eip6963 from './Eip6963.js'
import type * as Transport from './Transport.js'

/**
 * The injected-wallet bridge: the modal lists and talks to the browser-extension wallets of the page
 * (EIP-6963's, and those an extension adds), which live in the page and not in the modal's frame. The
 * page sends it the wallets, forwards its requests to them, and their events back.
 */

/** What an extension (`@frontdoor/host-sdk/solana`) adds: its injected wallets and requests to them. */
export type Extension = {
  /** Its wallets, listed to the modal after the EIP-6963 ones. */
  wallets: () => HostModal.InjectedWallet[]
  /** Answers a request of the modal to one of its wallets; undefined when `uuid` is not one of them. */
  request: (uuid: string, request: { method: string; params?: unknown }) => Promise<unknown> | undefined
}

/** What an extension gets: tell the modal its wallets changed, and call the modal. */
export type ExtensionHost = {
  /** Sends the modal the page's injected wallets again (the EIP-6963 ones and the extension's). */
  walletsChanged: () => void
  /**
   * Calls a message of the modal once it has restored the stored connections; an error reply is
   * thrown as a ProviderRpcError.
   */
  call: (name: keyof typeof HostModal.ModalMessages, params?: unknown) => Promise<unknown>
}

/** An injected wallet's EIP-1193 provider, as far as the SDK uses it. */
type Injected = {
  request: (args: { method: string; params?: unknown }) => Promise<unknown>
  on?: (event: string, listener: (value: unknown) => void) => void
}

/**
 * Starts the bridge: discovers the page's EIP-6963 wallets (all but `ownUuid`, the page's own
 * provider) and sends them once `connected` resolves and on each change. `modal` gives the modal's
 * calls, for the wallets' events.
 */
export function create(
  ownUuid: string,
  connected: Promise<Transport.Call>,
  modal: () => Promise<Transport.Call>,
  call: ExtensionHost['call'],
) {
  let extension: Extension | undefined
  let eip6963: HostModal.InjectedWallet[] = []
  // The events of the injected wallets the modal talks to, forwarded once per wallet.
  const forwarded = new Set<string>()

  function forwardEvents(uuid: string, wallet: Injected) {
    if (forwarded.has(uuid) || typeof wallet.on !== 'function') return
    forwarded.add(uuid)
    const send = (event: HostModal.ProviderEvent) =>
      void modal()
        .then((call) => call('injectedWalletEvent', { uuid, event }))
        .catch(() => {})
    wallet.on('accountsChanged', (accounts: unknown) =>
      send({ event: 'accountsChanged', data: Array.isArray(accounts) ? accounts.map(String) : [] }),
    )
    wallet.on('chainChanged', (chainId: unknown) => send({ event: 'chainChanged', data: String(chainId) }))
    const { code, message } = Errors.PROVIDER_ERRORS.disconnected
    wallet.on('disconnect', () => send({ event: 'disconnect', data: { code, message } }))
  }

  const walletsChanged = () =>
    void connected
      .then((call) => call('injectedWallets', { wallets: [...eip6963, ...(extension?.wallets() ?? [])] }))
      .catch(() => {})
  const discovery = Eip6963.discover(ownUuid, (wallets) => {
    eip6963 = wallets
    walletsChanged()
  })

  return {
    /** The modal's request to injected wallet `uuid`: the extension's, else the EIP-6963 wallet's answer. */
    async request({ uuid, request }: Parameters<Transport.Handlers['injectedWalletRequest']>[0]) {
      const answer = extension?.request(uuid, request)
      if (answer) return answer
      const wallet = discovery.provider(uuid) as Injected | undefined
      if (!wallet || typeof wallet.request !== 'function') throw Errors.providerError('disconnected')
      forwardEvents(uuid, wallet)
      return wallet.request(request)
    },
    /** Adds an extension's wallets (one at a time). */
    extend(added: Extension): ExtensionHost {
      extension = added
      return { walletsChanged, call }
    },
    stop: discovery.stop,
  }
}
