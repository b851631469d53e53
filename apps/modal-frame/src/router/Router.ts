import { VIEWS } from '@frontdoor/protocol/views'
import * as Store from '../store/Store.js'

/** The modal's views, named as spec section 2 and ARCHITECTURE.md section 5. */
export { VIEWS }

export type View = (typeof VIEWS)[number]

/** Data a view is opened with (the wallet being connected, the social provider, ...). */
export type ViewData = Record<string, unknown>

/** The router state: the current view, the way back, and the views pushed by pending transactions. */
export type State = {
  view: View
  data: ViewData | undefined
  history: { view: View; data: ViewData | undefined }[]
  transactionStack: { view: View; data: ViewData | undefined }[]
}

/** The state of a fresh router: Connect, nothing behind it. */
export function initialState(view: View = 'Connect'): State {
  return { view, data: undefined, history: [], transactionStack: [] }
}

/** True when `value` names a view. */
export function isView(value: unknown): value is View {
  return typeof value === 'string' && (VIEWS as readonly string[]).includes(value)
}

/**
 * The router store: views are a stack in memory, not URLs.
 *
 * @example
 * const router = Router.create()
 * router.push('AllWallets')
 * router.goBack() // Connect again
 */
export function create(initial: View = 'Connect') {
  const store = Store.create<State>(initialState(initial))
  return {
    ...store,
    /** Shows `view`; the current view goes on the history. */
    push(view: View, data?: ViewData) {
      store.set((s) => ({ ...s, view, data, history: [...s.history, { view: s.view, data: s.data }] }))
    },
    /** Shows `view` in place of the current one (the history keeps its length). */
    replace(view: View, data?: ViewData) {
      store.set((s) => ({ ...s, view, data }))
    },
    /** Clears the history and shows `view`. */
    reset(view: View, data?: ViewData) {
      store.set((s) => ({ ...s, view, data, history: [] }))
    },
    /** Goes back one view; does nothing at the root. */
    goBack() {
      store.set((s) => {
        const previous = s.history.at(-1)
        if (!previous) return s
        return { ...s, view: previous.view, data: previous.data, history: s.history.slice(0, -1) }
      })
    },
    /** Opens a view for a pending transaction (ApproveTransaction, SIWXSignMessage ...). */
    pushTransaction(view: View, data?: ViewData) {
      store.set((s) => ({
        ...s,
        view,
        data,
        history: [...s.history, { view: s.view, data: s.data }],
        transactionStack: [...s.transactionStack, { view, data }],
      }))
    },
    /**
     * Pops the top pending transaction after its RPC success or error. Returns 'close' when the stack
     * is then empty (spec section 4: the modal closes), 'back' when a view is left to show.
     */
    popTransaction(): 'close' | 'back' {
      const s = store.get()
      const stack = s.transactionStack.slice(0, -1)
      if (stack.length === 0) {
        store.set({ ...s, transactionStack: [] })
        return 'close'
      }
      const previous = s.history.at(-1)
      store.set({
        ...s,
        view: previous?.view ?? s.view,
        data: previous?.data,
        history: s.history.slice(0, -1),
        transactionStack: stack,
      })
      return 'back'
    },
  }
}

export type Router = ReturnType<typeof create>
