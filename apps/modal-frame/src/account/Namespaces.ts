import * as Storage from '@frontdoor/schemas/storage'
import type * as State from '../controller/State.js'
import type * as Cache from './Cache.js'

/**
 * The connected namespaces kept in storage (spec section 3): while a wallet is connected, the namespaces
 * of its account (eip155 for the EVM chains the modal connects today); cleared on disconnect (spec
 * section 4: disconnect clears the connected namespace).
 */

/** The namespaces stored, or none. */
export function read(backend: Cache.Backend): string[] {
  try {
    const raw: unknown = JSON.parse(backend.getItem(Storage.CONNECTED_NAMESPACES_KEY) ?? '[]')
    return Array.isArray(raw) ? raw.filter((n): n is string => typeof n === 'string') : []
  } catch {
    return []
  }
}

/** Keeps the stored namespaces in step with the connection in `state`; returns the unsubscribe. */
export function track(state: Pick<State.StateStore, 'get' | 'subscribe'>, backend: Cache.Backend) {
  let last: string | undefined
  const sync = () => {
    const { status, address, restored } = state.get()
    let next: string[] | undefined
    if (status === 'connected' && address) next = ['eip155']
    // Before the stored connections are restored, 'disconnected' may still become 'connected'.
    else if (status === 'disconnected' && restored) next = []
    if (!next || next.join(',') === last) return
    last = next.join(',')
    try {
      if (next.length) backend.setItem(Storage.CONNECTED_NAMESPACES_KEY, JSON.stringify(next))
      else backend.removeItem(Storage.CONNECTED_NAMESPACES_KEY)
    } catch {
      // A refused storage only loses the record.
    }
  }
  sync()
  return state.subscribe(sync)
}
