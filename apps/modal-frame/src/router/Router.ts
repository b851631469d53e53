import { VIEWS } from '@frontdoor/protocol/views'
import * as Store from '../store/Store.js'
import type * as Schemas from './Schemas.js'

/** The modal's views, named as spec section 2 and ARCHITECTURE.md section 5. */
export { VIEWS }

export type View = (typeof VIEWS)[number]

/** The data `view` is opened with, as its route's schema takes it (undefined for a view without data). */
type DataOf<V extends View> = Schemas.Input<V>

/** The data argument of a typed call: optional when the view's schema takes undefined, required otherwise. */
type DataArgs<V extends View> = undefined extends DataOf<V> ? [data?: DataOf<V>] : [data: DataOf<V>]

/** A view with the data it is opened with (a wallet row's destination, for instance). */
export type Target = { [V in View]: { view: V; data: DataOf<V> } }[View]

/**
 * One entry of the router: a view and its data. The data is `unknown` here because a view may also be
 * opened by name from the host page (`open({ view })`), with no data; the App checks it against the
 * view's schema before the view renders, and shows the error view when it does not fit.
 */
type Entry = { view: View; data: unknown }

/** The router state: the current view, the way back, and the views pushed by pending transactions. */
export type State = {
  view: View
  data: unknown
  history: Entry[]
  transactionStack: Entry[]
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
 * The router store: views are a stack in memory, not URLs. Calls are type-checked against the route
 * schemas (`Schemas.ts`): a view that needs data cannot be pushed without it.
 *
 * @example
 * const router = Router.create()
 * router.push('ConnectingExternal', { rdns: 'io.metamask', name: 'MetaMask' })
 * router.goBack() // Connect again
 */
export function create(initial: View = 'Connect') {
  const store = Store.create<State>(initialState(initial))
  const push = (view: View, data: unknown) =>
    store.set((s) => ({ ...s, view, data, history: [...s.history, { view: s.view, data: s.data }] }))
  const reset = (view: View, data: unknown) => store.set((s) => ({ ...s, view, data, history: [] }))
  return {
    ...store,
    /** Shows `view`; the current view goes on the history. */
    push<V extends View>(view: V, ...[data]: DataArgs<V>) {
      push(view, data)
    },
    /** Shows a view with its data (a {@link Target}); the current view goes on the history. */
    pushTarget(target: Target) {
      push(target.view, target.data)
    },
    /** Shows `view` in place of the current one (the history keeps its length). */
    replace<V extends View>(view: V, ...[data]: DataArgs<V>) {
      store.set((s) => ({ ...s, view, data }))
    },
    /** Clears the history and shows `view`. */
    reset<V extends View>(view: V, ...[data]: DataArgs<V>) {
      reset(view, data)
    },
    /**
     * Clears the history and shows a view the host page named, without data. Unchecked: a view that
     * needs data then shows the error view instead (the App validates every view's data).
     */
    resetByName(view: View) {
      reset(view, undefined)
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
    pushTransaction<V extends View>(view: V, ...[data]: DataArgs<V>) {
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
