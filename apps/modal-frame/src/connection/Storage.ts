import { Constants } from '@frontdoor/schemas'

/**
 * What the modal keeps in its (partitioned) localStorage about connections: each connector used, with
 * its stored status and when it was last used, and the recent wallets (spec sections 3 and 9).
 */

/** A stored connection's status (spec section 4): anything else is an error. */
export const STORED_STATUSES = ['connected', 'active', 'disconnected'] as const
type StoredStatus = (typeof STORED_STATUSES)[number]

/** An account of a stored connection (spec section 2: Connection accounts[]{address, type}). */
export type Account = { address: `0x${string}`; type: 'eoa' | 'smartAccount' }

/** The wallet of a stored connection, as the list of connections shows it. */
export type Wallet = { id: string; name: string; icon?: string | undefined }

/** What is known about a live connection: kept with it so "Manage wallets" can list every address. */
export type Info = {
  /** The connected namespace (spec section 3's stored key); only EVM wallets connect today. */
  namespace: 'eip155'
  accounts: Account[]
  chainId: number
  wallet: Wallet
}

/**
 * One stored connection. `active` is the current one; `connected` another that may be restored (with
 * its accounts, chain and wallet); a `disconnected` one keeps none of them (spec section 4).
 */
export type Entry = { connectorId: string; status: StoredStatus; usedAt: number } & Partial<Info>

/** A recent wallet, newest first. */
export type RecentWallet = { id: string; name: string; image_url?: string | undefined }

export const CONNECTIONS_KEY = 'frontdoor:connections'
export const RECENT_KEY = 'frontdoor:recent-wallets'

/** Thrown for a stored status other than connected, active or disconnected. */
class InvalidStoredStatus extends Error {
  constructor(readonly value: unknown) {
    super(`Invalid stored connection status: ${String(value)}`)
  }
}

/**
 * Checks one stored entry; throws {@link InvalidStoredStatus} for an unknown status. Its accounts, chain
 * and wallet pass through as stored: `Info.parse` checks them where they are used (a lazy chunk).
 */
export function parseEntry(value: unknown): Entry | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { connectorId, status, usedAt, ...info } = value as Record<string, unknown>
  if (typeof connectorId !== 'string' || connectorId.length === 0 || connectorId.length > 200)
    return undefined
  if (!(STORED_STATUSES as readonly unknown[]).includes(status)) throw new InvalidStoredStatus(status)
  const entry: Entry = {
    connectorId,
    status: status as StoredStatus,
    usedAt: typeof usedAt === 'number' ? usedAt : 0,
  }
  return status === 'disconnected' ? entry : { ...(info as Partial<Info>), ...entry }
}

/** The type of an account, as its connector says (an EOA unless it says otherwise). */
export type TypeOf = (address: string) => Account['type'] | undefined

/**
 * What a stored connection keeps of a session: its accounts with their types (`typeOf`, the
 * connector's `accountType`), chain and wallet.
 */
export function infoOf(
  session: { accounts: readonly `0x${string}`[]; chainId: number; wallet: Wallet },
  typeOf?: TypeOf,
): Info {
  const { id, name, icon } = session.wallet
  return {
    namespace: 'eip155',
    accounts: session.accounts.map((address) => ({ address, type: typeOf?.(address) ?? 'eoa' })),
    chainId: session.chainId,
    wallet: { id, name, ...(icon ? { icon } : {}) },
  }
}

/** The storage the modal uses (localStorage in the browser; a Map in tests). */
export type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function readJson(backend: Backend, key: string): unknown {
  try {
    return JSON.parse(backend.getItem(key) ?? 'null')
  } catch {
    return null
  }
}

/** Creates the connection storage over `backend`. */
export function create(backend: Backend) {
  return {
    /** Stored connections; throws {@link InvalidStoredStatus} when one holds another status. */
    connections(): Entry[] {
      const raw = readJson(backend, CONNECTIONS_KEY)
      if (!Array.isArray(raw)) return []
      return raw.map(parseEntry).filter((e): e is Entry => e !== undefined)
    },
    /** Stored connections to try on reload, most recently used first (spec section 4). */
    candidates(): Entry[] {
      return this.connections()
        .filter((e) => e.status !== 'disconnected')
        .sort((a, b) => b.usedAt - a.usedAt)
    },
    /**
     * Records `connectorId` as the current connection, with its accounts, chain and wallet (the previous
     * current one stays `connected`, with its own).
     */
    setActive(connectorId: string, now = Date.now(), info?: Info) {
      const previous = this.connections().find((e) => e.connectorId === connectorId)
      const others = this.connections()
        .filter((e) => e.connectorId !== connectorId)
        .map((e) => (e.status === 'active' ? { ...e, status: 'connected' as const } : e))
      const kept = info ?? (previous ? infoPart(previous) : undefined)
      write(backend, [{ connectorId, status: 'active', usedAt: now, ...kept }, ...others])
    },
    /** Updates what is kept of the stored connection `connectorId` (its wallet changed account or chain). */
    update(connectorId: string, info: Partial<Info>) {
      write(
        backend,
        this.connections().map((e) =>
          e.connectorId === connectorId && e.status !== 'disconnected' ? { ...e, ...info } : e,
        ),
      )
    },
    /**
     * Records `connectorId` as disconnected (not restored on reload): its accounts, chain and wallet are
     * forgotten (spec section 4).
     */
    setDisconnected(connectorId: string) {
      write(
        backend,
        this.connections().map((e) =>
          e.connectorId === connectorId
            ? { connectorId, status: 'disconnected' as const, usedAt: e.usedAt }
            : e,
        ),
      )
    },
    /** Forgets the stored connection `connectorId`. */
    remove(connectorId: string) {
      write(
        backend,
        this.connections().filter((e) => e.connectorId !== connectorId),
      )
    },
    /** Forgets every stored connection (after an invalid one was found). */
    clear() {
      backend.removeItem(CONNECTIONS_KEY)
    },
    /** The recent wallets, newest first, at most RECENT_WALLETS_KEPT. */
    recent(): RecentWallet[] {
      const raw = readJson(backend, RECENT_KEY)
      if (!Array.isArray(raw)) return []
      return raw
        .filter(
          (w): w is RecentWallet =>
            typeof w === 'object' && w !== null && typeof w.id === 'string' && typeof w.name === 'string',
        )
        .slice(0, Constants.RECENT_WALLETS_KEPT)
    },
    /** Puts `wallet` first in the recent wallets, keeping RECENT_WALLETS_KEPT. */
    addRecent(wallet: RecentWallet): RecentWallet[] {
      const next = [wallet, ...this.recent().filter((w) => w.id !== wallet.id)].slice(
        0,
        Constants.RECENT_WALLETS_KEPT,
      )
      backend.setItem(RECENT_KEY, JSON.stringify(next))
      return next
    },
  }
}

function infoPart(entry: Entry): Partial<Info> {
  const { connectorId: _id, status: _status, usedAt: _used, ...info } = entry
  return info
}

function write(backend: Backend, entries: Entry[]) {
  backend.setItem(CONNECTIONS_KEY, JSON.stringify(entries))
}

export type ConnectionStorage = ReturnType<typeof create>

/** A storage backend in memory (tests, or before the real one is known). */
export function memory(initial: Record<string, string> = {}): Backend & { keys: () => string[] } {
  const map = new Map<string, string>(Object.entries(initial))
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    keys: () => [...map.keys()],
  }
}

/** The frame's own localStorage, when the browser lets a third-party frame use it; else undefined. */
export function local(): (Backend & { keys: () => string[] }) | undefined {
  try {
    const store = window.localStorage
    const probe = '__frontdoor_probe__'
    store.setItem(probe, '1')
    store.removeItem(probe)
    return {
      getItem: (key) => store.getItem(key),
      setItem: (key, value) => store.setItem(key, value),
      removeItem: (key) => store.removeItem(key),
      keys: () =>
        Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string => !!k),
    }
  } catch {
    return undefined
  }
}

/**
 * A backend over a snapshot of the modal's state kept in the page's storage (the host SDK's
 * storageRead), writing every change through (storageWrite). For browsers that deny a third-party
 * frame its own storage.
 */
export function hostBacked(
  snapshot: Record<string, string>,
  write: (key: string, value: string | null) => void,
): Backend & { keys: () => string[] } {
  const cache = memory(snapshot)
  return {
    ...cache,
    setItem(key, value) {
      cache.setItem(key, value)
      write(key, value)
    },
    removeItem(key) {
      cache.removeItem(key)
      write(key, null)
    },
  }
}

/**
 * A backend that answers from memory until `use` points it at the real one (the frame's localStorage,
 * or the page's through the host), which is known only after the handshake.
 */
export function switchable() {
  let current: Backend & { keys: () => string[] } = memory()
  return {
    getItem: (key: string) => current.getItem(key),
    setItem: (key: string, value: string) => current.setItem(key, value),
    removeItem: (key: string) => current.removeItem(key),
    keys: () => current.keys(),
    /** From now on, reads and writes go to `backend`. */
    use(backend: Backend & { keys: () => string[] }) {
      current = backend
    },
  }
}

/** The modal's key-value storage: connections, recent wallets, WalletConnect's store. */
export type Switchable = ReturnType<typeof switchable>
