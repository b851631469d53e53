import { Constants } from '@frontdoor/schemas'
import * as Store from '../store/Store.js'

/** The modal's own state (spec section 2): open or closed, a loading flag, a 500 ms shake flag. */
export type State = { open: boolean; loading: boolean; shake: boolean }

/**
 * The modal store. `loading` is true while any work given to `track()` (a connection, a wallet
 * request) is in flight. `shake()` sets the shake flag for MODAL_SHAKE_MS, then clears it; a second
 * shake within that time restarts the timer.
 */
export function create(
  // Called as plain functions: a browser's setTimeout called as `timers.set(...)` throws 'Illegal invocation'.
  timers: { set: (run: () => void, ms: number) => unknown; clear: (timer: unknown) => void } = {
    set: (run, ms) => setTimeout(run, ms),
    clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  },
) {
  const store = Store.create<State>({ open: false, loading: false, shake: false })
  let shakeTimer: unknown
  let inFlight = 0
  const busy = (step: number) => {
    inFlight += step
    if (store.get().loading !== inFlight > 0) store.set((s) => ({ ...s, loading: inFlight > 0 }))
  }
  return {
    ...store,
    open() {
      store.set((s) => ({ ...s, open: true }))
    },
    close() {
      store.set((s) => ({ ...s, open: false }))
    },
    /** Keeps `loading` true until `work` settles; gives `work` back. */
    track<T>(work: Promise<T>): Promise<T> {
      busy(1)
      return work.finally(() => busy(-1))
    },
    shake() {
      if (shakeTimer !== undefined) timers.clear(shakeTimer)
      store.set((s) => ({ ...s, shake: true }))
      shakeTimer = timers.set(() => {
        shakeTimer = undefined
        store.set((s) => ({ ...s, shake: false }))
      }, Constants.MODAL_SHAKE_MS)
    },
  }
}

export type Modal = ReturnType<typeof create>
