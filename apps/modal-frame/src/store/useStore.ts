import { useSyncExternalStore } from 'react'
import type * as Store from './Store.js'

/** The values the prerendered document was rendered from, by store (keyed by its `get`). */
const hydrationValues = new WeakMap<() => unknown, unknown>()

/**
 * Hydrates `store` from `value`: while React hydrates the prerendered document it reads `value` (what
 * the build rendered), then re-renders with the store's own value (app/mount.tsx).
 */
export function hydrateFrom<T>(store: Pick<Store.Store<T>, 'get'>, value: T) {
  hydrationValues.set(store.get, value)
}

/** Reads a store in a component and re-renders when it changes. */
export function useStore<T>(store: Pick<Store.Store<T>, 'get' | 'subscribe'>): T {
  return useSyncExternalStore(store.subscribe, store.get, () =>
    hydrationValues.has(store.get) ? (hydrationValues.get(store.get) as T) : store.get(),
  )
}
