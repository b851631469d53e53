import * as Log from '@frontdoor/protocol/log'

type Listener = (...args: never[]) => void

/** A minimal event emitter for the EIP-1193 events. */
export function create() {
  const listeners = new Map<string, Set<Listener>>()
  return {
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          ;(listener as (...a: unknown[]) => void)(...args)
        } catch (error) {
          Log.error(error)
        }
      }
    },
  }
}
