import type * as Connector from '../Connector.js'
import type * as KeyValue from './KeyValue.js'
import type * as SignClient from './SignClient.js'

/**
 * The connector's own records in the modal's storage: each kept session's topic, the chain requests go
 * to and the wallet, and which of them the bare connector (`walletConnect`) uses. sign-client keeps the
 * sessions themselves; these say what the modal made of them.
 */

/** The key of the connector's records in the modal's storage. */
export const STORAGE_KEY = 'frontdoor:walletconnect'

/** What the connector keeps of one session: its topic, the chain requests go to, the wallet. */
export type Entry = { topic: string; chainId: number; wallet: Connector.WalletInfo }

/** The stored records: every kept session, and the one the bare connector (`walletConnect`) uses. */
type Stored = { sessions: Entry[]; current: string | undefined }

function parse(value: unknown): Entry | undefined {
  const raw = value as Partial<Entry> | null
  if (!raw || typeof raw.topic !== 'string' || typeof raw.chainId !== 'number') return undefined
  const wallet = raw.wallet
  if (!wallet || typeof wallet.id !== 'string' || typeof wallet.name !== 'string') return undefined
  return {
    topic: raw.topic,
    chainId: raw.chainId,
    wallet: { id: wallet.id, name: wallet.name, icon: wallet.icon },
  }
}

/** The stored records; a record of one session (as stored before several were kept) reads as that one. */
export function read(backend: KeyValue.Backend | undefined): Stored {
  try {
    const raw = JSON.parse(backend?.getItem(STORAGE_KEY) ?? 'null') as Record<string, unknown> | null
    if (raw && Array.isArray(raw.sessions)) {
      const sessions = raw.sessions.map(parse).filter((r): r is Entry => r !== undefined)
      const current = sessions.find((r) => r.topic === raw.current)?.topic
      return { sessions, current }
    }
    const single = parse(raw)
    return single ? { sessions: [single], current: single.topic } : { sessions: [], current: undefined }
  } catch {
    return { sessions: [], current: undefined }
  }
}

/** The frame's localStorage, or none when the browser denies it. */
export function browserBackend(): KeyValue.Backend | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

/** The wallet picked in the modal's list, passed as `connect(…, { data: { wallet } })`. */
export function pickedWallet(data: Record<string, unknown> | undefined): Connector.WalletInfo | undefined {
  const wallet = data?.wallet as Partial<Connector.WalletInfo> | undefined
  if (!wallet || typeof wallet.id !== 'string' || typeof wallet.name !== 'string') return undefined
  return { id: wallet.id, name: wallet.name, icon: typeof wallet.icon === 'string' ? wallet.icon : undefined }
}

/** The wallet of a session, from the peer's metadata. */
export function peerWallet(session: SignClient.SessionStruct): Connector.WalletInfo {
  const { name, url, icons } = session.peer.metadata
  return { id: url || name, name: name || 'WalletConnect', icon: icons.find(Boolean) }
}

/** The records of one connector (see {@link create}). */
export type Store = ReturnType<typeof create>

/**
 * The records in memory, written through to `backend` on every change. Several wallets can be kept
 * side by side, each session by its topic.
 */
export function create(backend: KeyValue.Backend | undefined) {
  const entries = new Map(read(backend).sessions.map((r) => [r.topic, r]))
  /** The session the bare connector uses: the one it connected or restored last. */
  let current: string | undefined

  function persist() {
    try {
      if (entries.size === 0) backend?.removeItem(STORAGE_KEY)
      else
        backend?.setItem(
          STORAGE_KEY,
          JSON.stringify({ sessions: [...entries.values()], current } satisfies Stored),
        )
    } catch {}
  }

  return {
    get: (topic: string | undefined) => (topic ? entries.get(topic) : undefined),
    has: (topic: string) => entries.has(topic),
    remember(entry: Entry) {
      entries.set(entry.topic, entry)
      persist()
    },
    drop(topic: string) {
      entries.delete(topic)
      persist()
    },
    /** Forgets every session. */
    clear() {
      current = undefined
      entries.clear()
      persist()
    },
    /** The topic of the session the bare connector uses. */
    current: () => current,
    /** Makes session `topic` the one the bare connector uses (none when undefined). */
    use(topic: string | undefined) {
      current = topic
      persist()
    },
    /** The session the bare connector used when the records were last stored (by this tab or another). */
    stored: () => read(backend).current,
  }
}
