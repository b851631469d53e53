/** A small in-process cache of promises with a time to live and a size cap. */
export type TtlCache<T> = {
  /**
   * The value kept for `key` while it is fresh, else `load`'s (kept until `expires`, a time of `now`,
   * when given: an entry that must not outlive what it holds; else for the cache's TTL).
   */
  get: (key: string, load: () => Promise<T>, options?: { expires?: number }) => Promise<T>
  /** The value kept for `key` while it is fresh, without loading it. */
  peek: (key: string) => Promise<T> | undefined
  /** How many entries are kept (fresh or not yet dropped). */
  size: () => number
}

/**
 * Creates a cache; failed loads are not kept. At its size cap it drops the least recently used entry
 * (a stale one first), so a flood of keys used once cannot push out the ones in use.
 *
 * @example
 * const cache = TtlCache.create<Page>({ ttlMs: 10_000, max: 1000 })
 * const page = await cache.get(key, () => Wallets.query(...))
 */
export function create<T>(options: { ttlMs: number; max: number; now?: () => number }): TtlCache<T> {
  const now = options.now ?? (() => Date.now())
  // In the order of their last use (a Map keeps insertion order; a hit moves its entry to the end).
  const entries = new Map<string, { expires: number; value: Promise<T> }>()
  const fresh = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return undefined
    entries.delete(key)
    if (now() >= entry.expires) return undefined
    entries.set(key, entry)
    return entry.value
  }
  const makeRoom = () => {
    if (entries.size < options.max) return
    const time = now()
    for (const [key, entry] of entries) if (time >= entry.expires) entries.delete(key)
    if (entries.size >= options.max) entries.delete(entries.keys().next().value as string)
  }
  return {
    get(key, load, { expires } = {}) {
      const kept = fresh(key)
      if (kept) return kept
      const value = load()
      const until = expires ?? now() + options.ttlMs
      if (until > now()) {
        makeRoom()
        const entry = { expires: until, value }
        entries.set(key, entry)
        value.catch(() => {
          if (entries.get(key) === entry) entries.delete(key)
        })
      }
      return value
    },
    peek: fresh,
    size: () => entries.size,
  }
}
