import type { Constants } from '@frontdoor/schemas'
import type * as Connector from '../connectors/Connector.js'
import * as Rpc from '../rpc/Rpc.js'
import * as Store from '../store/Store.js'
import type * as Storage from './Storage.js'

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
  let unsubscribe = () => {}
  // Bumped by every connect / reconnect / disconnect, so a late answer of an abandoned attempt is dropped.
  let attempt = 0

  function clear(status: Status = 'disconnected') {
    unsubscribe()
    unsubscribe = () => {}
    current = undefined
    store.set((s) => ({ ...s, status, connectorId: undefined, session: undefined }))
  }

  function onEvent(connector: Connector.Connector, event: Connector.Event) {
    if (current !== connector) return
    if (event.type === 'disconnect' || (event.type === 'accountsChanged' && event.accounts.length === 0)) {
      storage.setDisconnected(connector.id)
      clear()
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
    unsubscribe()
    current = connector
    unsubscribe = connector.subscribe((event) => onEvent(connector, event))
    storage.setActive(connector.id)
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

  return {
    get: store.get,
    subscribe: store.subscribe,
    /** The current connector, while connected. */
    current: () => current,

    /**
     * Connects with `connector` (the user is involved: pairing, the extension's prompt, a login). The
     * previous connection, if any, stays stored as `connected`. On failure the status goes back to what
     * it was and the error is thrown for the view to show.
     */
    async connect(connector: Connector.Connector, connectOptions?: Connector.ConnectOptions) {
      const mine = ++attempt
      const previous = store.get()
      store.set((s) => ({ ...s, status: 'connecting' }))
      try {
        const session = await connector.connect(options.context(), connectOptions)
        if (mine !== attempt) throw Rpc.error('userRejected')
        if (current && current !== connector) await current.disconnect().catch(() => {})
        adopt(connector, session)
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
     * no connector was authorized.
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
      for (const candidate of candidates) {
        const connector = await options.resolve(candidate.connectorId).catch(() => undefined)
        const session = connector
          ? await connector.reconnect(options.context()).catch(() => undefined)
          : undefined
        if (mine !== attempt) return undefined
        if (connector && session) {
          adopt(connector, session)
          return session
        }
        storage.setDisconnected(candidate.connectorId)
      }
      clear()
      return undefined
    },

    /** Disconnects the current connection: clears account, network, connector id and wallet info. */
    async disconnect() {
      attempt++
      const connector = current
      if (connector) storage.setDisconnected(connector.id)
      clear()
      await connector?.disconnect().catch(() => {})
    },

    /** Sends a request to the connected wallet; 4100 when nothing is connected. */
    async request(method: string, params: unknown) {
      if (!current) throw Rpc.error('unauthorized')
      return current.request(method, params)
    },

    /** The stored connections (multi-wallet), most recently used first. */
    connections(): Storage.Entry[] {
      try {
        return [...storage.connections()].sort((a, b) => b.usedAt - a.usedAt)
      } catch {
        return []
      }
    },

    /**
     * Makes the stored connection `connectorId` current without asking the wallet (multi-wallet
     * switch); the previous one stays stored as `connected`. Throws when it can no longer be restored.
     */
    async activate(connectorId: string) {
      const mine = ++attempt
      const connector = await options.resolve(connectorId).catch(() => undefined)
      const session = connector
        ? await connector.reconnect(options.context()).catch(() => undefined)
        : undefined
      if (!connector || !session) {
        storage.setDisconnected(connectorId)
        throw Rpc.error('unauthorized')
      }
      if (mine !== attempt) throw Rpc.error('userRejected')
      adopt(connector, session)
      return session
    },

    /** Forgets the stored connection `connectorId`, disconnecting it first when it is the current one. */
    async remove(connectorId: string) {
      if (current?.id === connectorId) await this.disconnect()
      storage.remove(connectorId)
    },

    /** Switches the connected wallet's chain (adding it when needed); the session follows. */
    async switchChain(chainId: number) {
      const connector = current
      if (!connector) throw Rpc.error('unauthorized')
      await connector.switchChain(chainId, options.context())
      if (current === connector)
        store.set((s) => (s.session ? { ...s, session: { ...s.session, chainId } } : s))
    },
  }
}
