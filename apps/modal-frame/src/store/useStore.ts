import { useSyncExternalStore } from 'react'
import type * as Store from './Store.js'

/** Reads a store in a component and re-renders when it changes. */
export function useStore<T>(store: Pick<Store.Store<T>, 'get' | 'subscribe'>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
