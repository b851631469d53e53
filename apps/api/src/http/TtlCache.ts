/** A small in-process cache of promises with a time to live and a size cap. */
export type TtlCache<T> = {
  get: (key: string, load: () => Promise<T>) => Promise<T>
  /** The value kept for `key` while it is fresh, without loading it. */
  peek: (key: string) => Promise<T> | undefined
}

/**
 * Creates a cache; failed loads are not kept.
 *
 * @example
 * const cache = TtlCache.create<Page>({ ttlMs: 10_000, max: 1000 })
 * const page = await cache.get(key, () => Wallets.query(...))
 */
export function create<T>(options: { ttlMs: number; max: number; now?: () => number }): TtlCache<T> {
  const now = options.now ?? Date.now
  const entries = new Map<string, { at: number; value: Promise<T> }>()
  return {
    get(key, load) {
      const entry = entries.get(key)
      if (entry && now() - entry.at < options.ttlMs) return entry.value
      const value = load()
      if (options.ttlMs > 0) {
        if (entries.size >= options.max) entries.delete(entries.keys().next().value as string)
        entries.set(key, { at: now(), value })
        value.catch(() => entries.delete(key))
      }
      return value
    },
    peek(key) {
      const entry = entries.get(key)
      return entry && now() - entry.at < options.ttlMs ? entry.value : undefined
    },
  }
}
