import type * as Storage from '@frontdoor/schemas/storage'
import type * as z from 'zod/mini'

/**
 * The cached records of spec section 3 (portfolio, native balance, ENS, identity) kept in the frame's
 * storage, each with the time it was read, so a reload shows them at once. A record older than its
 * kind's lifetime (spec section 9) is not returned and is pruned on the next write. Records are checked
 * against their schema when read: the storage may be the page's.
 */

/** The key-value storage the records live in (the frame's localStorage, or the page's). */
export type Backend = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>

/** One stored record: the value and when it was read (ms since the epoch). */
export type Entry<T> = { timestamp: number; value: T }

/** Most records kept per kind, so a storage the page shares never grows without bound. */
const MAX_ENTRIES = 50

function readAll(backend: Backend, key: string): Record<string, { timestamp: number; value: unknown }> {
  try {
    const raw: unknown = JSON.parse(backend.getItem(key) ?? 'null')
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {}
    const entries: Record<string, { timestamp: number; value: unknown }> = {}
    for (const [id, entry] of Object.entries(raw)) {
      const timestamp = (entry as { timestamp?: unknown } | null)?.timestamp
      if (typeof timestamp === 'number' && Number.isFinite(timestamp))
        entries[id] = { timestamp, value: (entry as { value?: unknown }).value }
    }
    return entries
  } catch {
    return {}
  }
}

/** Options of {@link create}. */
export type Options = { backend: Backend; now?: () => number }

/** Creates the cache over `backend`. */
export function create(options: Options) {
  const now = options.now ?? Date.now
  const fresh = (kind: Storage.CacheKind, timestamp: number) =>
    timestamp <= now() && now() - timestamp < kind.lifetimeS * 1000

  return {
    /** The record `id` of `kind` if it is younger than the kind's lifetime and matches `schema`. */
    read<T>(kind: Storage.CacheKind, id: string, schema: z.ZodMiniType<T>): Entry<T> | undefined {
      const entry = readAll(options.backend, kind.key)[id]
      if (!entry || !fresh(kind, entry.timestamp)) return undefined
      const parsed = schema.safeParse(entry.value)
      return parsed.success ? { timestamp: entry.timestamp, value: parsed.data } : undefined
    },
    /** Stores `value` as the record `id` of `kind`, read now; expired records are dropped. */
    write(kind: Storage.CacheKind, id: string, value: unknown, timestamp = now()) {
      const kept = Object.entries(readAll(options.backend, kind.key))
        .filter(([other, entry]) => other !== id && fresh(kind, entry.timestamp))
        .sort(([, a], [, b]) => b.timestamp - a.timestamp)
        .slice(0, MAX_ENTRIES - 1)
      const next = Object.fromEntries([[id, { timestamp, value }], ...kept])
      try {
        options.backend.setItem(kind.key, JSON.stringify(next))
      } catch {
        // A full or refused storage only loses the cache.
      }
    },
    /** Forgets every record of `kind`. */
    clear(kind: Storage.CacheKind) {
      options.backend.removeItem(kind.key)
    },
  }
}

/** The storage cache. */
export type Cache = ReturnType<typeof create>
