import { type Constants, Errors } from '@frontdoor/schemas'
import type * as Connector from '../connectors/Connector.js'
import * as Rpc from '../rpc/Rpc.js'
import * as Store from '../store/Store.js'
import type * as MultiWallet from './MultiWallet.js'
import * as Storage from './Storage.js'

/** Connection status (spec section 4). */
export type Status = (typeof Constants.CONNECTION_STATUSES)[number]

/** The connection state the views and the host snapshot read. */
export type State = {
  status: Status
  /** The current connector's stored id, while connected. */
  connectorId: string | undefined
  /** The current session: accounts, chain, wallet. */
  session: Connector.Session | undefined
  /** The recent wallets, newest first (spec section 9: 2 kept). */
  recent: Storage.RecentWallet[]
}

/** Options of {@link create}. */
export type Options = {
  storage: Storage.ConnectionStorage
  /** The connector for a stored id (loads its code if needed); undefined when it no longer exists. */
  resolve: (connectorId: string) => Promise<Connector.Connector | undefined>
  /** The page's networks and current chain, read when a connector needs them. */
  context: () => Connector.Context
  /** Called when a stored connection holds an invalid status (spec section 4: an error). */
  onError?: (error: Error) => void
}

/**
 * The connection controller: drives the connectors, keeps the connection status of spec section 4
 * (disconnected, connecting, reconnecting, connected), stores which connectors were used and restores
 * them on reload, most recently used first, the first success becoming current.
 *
 * @example
 * const connection = Connection.create({ storage, resolve, context })
 * await connection.reconnect() // on start
 * await connection.connect(injected) // the user picked a wallet
 */
export function create(options: Options) {
  const { storage } = options
  const store = Store.create<State>({
    status: 'disconnected',
    connectorId: undefined,
    session: undefined,
    recent: storage.recent(),
  })
  let current: Connector.Connector | undefined
  /**
   * The connections alive in this page, the current one and the others the user added (multi-wallet):
   * each keeps its session with its wallet, and its events are followed.
   */
  const live = new Map<string, { connector: Connector.Connector; unsubscribe: () => void }>()
  // Bumped by every connect / reconnect / disconnect, so a late answer of an abandoned attempt is dropped.
  let attempt = 0

  function clear(status: Status = 'disconnected') {
    current = undefined
    store.set((s) => ({ ...s, status, connectorId: undefined, session: undefined }))
  }

  /** Follows the events of `connector`'s connection (once). */
  function keep(connector: Connector.Connector) {
    const known = live.get(connector.id)
    if (known?.connector === connector) return
    known?.unsubscribe()
    const unsubscribe = connector.subscribe((event) => onEvent(connector, event))
    live.set(connector.id, { connector, unsubscribe })
  }

  /** Stops following `connectorId`'s connection. */
  function release(connectorId: string) {
    live.get(connectorId)?.unsubscribe()
    live.delete(connectorId)
  }

  function onEvent(connector: Connector.Connector, event: Connector.Event) {
    if (live.get(connector.id)?.connector !== connector) return
    if (event.type === 'disconnect' || (event.type === 'accountsChanged' && event.accounts.length === 0)) {
      storage.setDisconnected(connector.id)
      release(connector.id)
      if (current === connector) clear()
      else notify()
      return
    }
    storage.update(
      connector.id,
      event.type === 'accountsChanged'
        ? {
            accounts: event.accounts.map((address) => ({
              address,
              type: connector.accountType?.(address) ?? 'eoa',
            })),
          }
        : { chainId: event.chainId },
    )
    if (current !== connector) {
      notify()
      return
    }
    store.set((s) => {
      if (!s.session) return s
      if (event.type === 'accountsChanged')
        return { ...s, session: { ...s.session, accounts: event.accounts } }
      return { ...s, session: { ...s.session, chainId: event.chainId } }
    })
  }

  function adopt(connector: Connector.Connector, session: Connector.Session) {
    keep(connector)
    current = connector
    storage.setActive(connector.id, Date.now(), Storage.infoOf(session, connector.accountType))
    // Recent wallets are the WalletConnect wallets of the directory (an injected one is listed as Installed).
    const recent =
      connector.kind !== 'walletConnect'
        ? store.get().recent
        : storage.addRecent({
            id: session.wallet.id,
            name: session.wallet.name,
            ...(session.wallet.icon ? { image_url: session.wallet.icon } : {}),
          })
    store.set({ status: 'connected', connectorId: connector.id, session, recent })
  }

  /** Ends `connector`'s connection with its wallet: 'Failed to disconnect chains: …' when that fails. */
  async function end(connector: Connector.Connector) {
    try {
      await connector.disconnect()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      throw new Error(Errors.failedToDisconnectChains(message))
    }
  }

  /** Tells the views that the stored connections changed. */
  const notify = () => store.set((s) => ({ ...s }))
  /** What the multi-wallet module (a lazy chunk) drives. */
  const internals: MultiWallet.Internals = {
    storage,
    options,
    live: (connectorId) => live.get(connectorId)?.connector,
    current: () => current,
    keep,
    release,
    adopt,
    end,
    notify,
    attempt: () => ++attempt,
    latest: (mine) => mine === attempt,
  }

  const controller = {
    get: store.get,
    subscribe: store.subscribe,
    /** The current connector, while connected. */
    current: () => current,

    /**
     * Connects with `connector` (the user is involved: pairing, the extension's prompt, a login). The
     * previous connection stays connected (multi-wallet): its WalletConnect session, its login or its
     * permission are kept, and it is stored as `connected`. On failure the status goes back to what it
     * was and the error is thrown for the view to show.
     */
    async connect(connector: Connector.Connector, connectOptions?: Connector.ConnectOptions) {
      const mine = ++attempt
      const previous = store.get()
      store.set((s) => ({ ...s, status: 'connecting' }))
      try {
        const session = await connector.connect(options.context(), connectOptions)
        if (mine !== attempt) throw Rpc.error('userRejected')
        adopt(connector.keeper?.(session) ?? connector, session)
        return session
      } catch (error) {
        if (mine === attempt)
          store.set((s) => ({ ...s, status: previous.session ? 'connected' : 'disconnected' }))
        throw error
      }
    },

    /**
     * Restores stored connections without asking: most recently used first, the first success becomes
     * current; `reconnecting` when an active session was stored, `connecting` otherwise; disconnected when
     * no connector was authorized. The other stored connections are then restored in the background.
     */
    async reconnect() {
      store.set((s) => ({ ...s, recent: storage.recent() }))
      let candidates: Storage.Entry[]
      try {
        candidates = storage.candidates()
      } catch (error) {
        options.onError?.(error as Error)
        storage.clear()
        return undefined
      }
      if (candidates.length === 0) return undefined
      const mine = ++attempt
      store.set((s) => ({
        ...s,
        status: candidates.some((c) => c.status === 'active') ? 'reconnecting' : 'connecting',
      }))
      for (const [index, candidate] of candidates.entries()) {
        const connector = await options.resolve(candidate.connectorId).catch(() => undefined)
        const session = connector
          ? await connector
              .reconnect({ ...options.context(), stored: candidate.wallet })
              .catch(() => undefined)
          : undefined
        if (mine !== attempt) return undefined
        if (connector && session) {
          const kept = connector.keeper?.(session) ?? connector
          if (kept.id !== candidate.connectorId) storage.remove(candidate.connectorId)
          adopt(kept, session)
          const others = candidates.slice(index + 1)
          if (others.length > 0)
            void import('./MultiWallet.js').then((M) => M.restoreOthers(internals, others)).catch(() => {})
          return session
        }
        storage.setDisconnected(candidate.connectorId)
      }
      clear()
      return undefined
    },

    /**
     * Disconnects the current connection: clears account, network, connector id and wallet info, and
     * ends it with the wallet; the other connections stay. Throws 'Failed to disconnect chains: …'
     * (spec section 8) when the wallet could not be told.
     */
    async disconnect() {
      attempt++
      const connector = current
      if (connector) {
        storage.setDisconnected(connector.id)
        release(connector.id)
      }
      clear()
      if (connector) await end(connector)
    },

    /** Sends a request to the connected wallet; 4100 when nothing is connected. */
    async request(method: string, params: unknown) {
      if (!current) throw Rpc.error('unauthorized')
      return current.request(method, params)
    },

    /** The stored connections (multi-wallet), most recently used first, with their accounts and wallet. */
    connections(): Storage.Entry[] {
      try {
        return [...storage.connections()].sort((a, b) => b.usedAt - a.usedAt)
      } catch {
        return []
      }
    },

    /**
     * Makes the connection `connectorId` current (multi-wallet switch) without asking the wallet: its
     * session, login or permission was kept. The previous one stays connected. Throws when it can no
     * longer be restored (the wallet ended it), and marks it disconnected.
     */
    async activate(connectorId: string) {
      const M = await import('./MultiWallet.js')
      return M.activate(internals, connectorId)
    },

    /**
     * Deletes the connection `connectorId`: ends it with its wallet and forgets it; the others stay.
     * Throws 'Failed to disconnect chains: …' when the wallet could not be told (it is forgotten anyway).
     */
    async remove(connectorId: string) {
      if (current?.id === connectorId) {
        try {
          await controller.disconnect()
        } finally {
          storage.remove(connectorId)
          notify()
        }
        return
      }
      const M = await import('./MultiWallet.js')
      await M.remove(internals, connectorId)
    },

    /** Switches the connected wallet's chain (adding it when needed); the session follows. */
    async switchChain(chainId: number) {
      const connector = current
      if (!connector) throw Rpc.error('unauthorized')
      await connector.switchChain(chainId, options.context())
      if (current === connector) {
        storage.update(connector.id, { chainId })
        store.set((s) => (s.session ? { ...s, session: { ...s.session, chainId } } : s))
      }
    },
  }
  return controller
}
