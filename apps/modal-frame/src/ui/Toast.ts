import * as Constants from '@frontdoor/schemas/constants'
import * as Store from '../store/Store.js'

/** How a toast looks: a success, an error or plain information. */
export type Variant = 'success' | 'error' | 'info'

/** The toast on screen. `id` changes with every toast, so a repeated message is announced again. */
export type Toast = { id: number; message: string; variant: Variant }

/** Timer functions, injectable for tests. */
type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

/** Options of {@link create}. */
export type Options = {
  /** A toast hides itself after this long (REFERENCE.md: 2.5 s). */
  autoHideMs?: number
  /** A new toast waits this long after the shown one is hidden (spec section 9: 150 ms). */
  replacementDelayMs?: number
  timers?: Timers
}

/**
 * The toast store: one toast at a time. Showing a toast while another is up hides the first and shows
 * the new one after the replacement delay; every toast hides itself after the auto-hide time.
 *
 * @example
 * const toasts = Toast.create()
 * toasts.show('Address copied', 'success')
 */
export function create(options: Options = {}) {
  const autoHideMs = options.autoHideMs ?? Constants.TOAST_AUTO_HIDE_MS
  const replacementDelayMs = options.replacementDelayMs ?? Constants.TOAST_REPLACEMENT_DELAY_MS
  const timers: Timers = options.timers ?? {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  }
  const store = Store.create<Toast | undefined>(undefined)
  let nextId = 1
  let hideTimer: unknown
  let showTimer: unknown

  function clearTimers() {
    if (hideTimer !== undefined) timers.clearTimeout(hideTimer)
    if (showTimer !== undefined) timers.clearTimeout(showTimer)
    hideTimer = undefined
    showTimer = undefined
  }

  function display(toast: Toast) {
    store.set(toast)
    hideTimer = timers.setTimeout(() => {
      hideTimer = undefined
      store.set(undefined)
    }, autoHideMs)
  }

  return {
    get: store.get,
    subscribe: store.subscribe,
    /** Shows `message`; replaces the toast on screen after the replacement delay. */
    show(message: string, variant: Variant = 'info') {
      const toast = { id: nextId++, message, variant }
      const replacing = store.get() !== undefined || showTimer !== undefined
      clearTimers()
      if (!replacing) return display(toast)
      store.set(undefined)
      showTimer = timers.setTimeout(() => {
        showTimer = undefined
        display(toast)
      }, replacementDelayMs)
    },
    /** Hides the toast now (and drops one waiting to replace it). */
    hide() {
      clearTimers()
      store.set(undefined)
    },
  }
}

export type Toasts = ReturnType<typeof create>

/** The frame's toasts, shared by every view that shows one. */
export const frame: Toasts = create()
