import { Constants } from '@frontdoor/schemas'
import * as Store from '../store/Store.js'

/** The modal's own state (spec section 2): open or closed, a loading flag, a 500 ms shake flag. */
export type State = { open: boolean; loading: boolean; shake: boolean }

/**
 * The modal store. `shake()` sets the shake flag for MODAL_SHAKE_MS, then clears it; a second shake
 * within that time restarts the timer.
 */
export function create(
  timers: { set: typeof setTimeout; clear: typeof clearTimeout } = {
    set: setTimeout,
    clear: clearTimeout,
  },
) {
  const store = Store.create<State>({ open: false, loading: false, shake: false })
  let shakeTimer: ReturnType<typeof setTimeout> | undefined
  return {
    ...store,
    open() {
      store.set((s) => ({ ...s, open: true }))
    },
    close() {
      store.set((s) => ({ ...s, open: false, loading: false }))
    },
    setLoading(loading: boolean) {
      store.set((s) => ({ ...s, loading }))
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
