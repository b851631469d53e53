import * as Store from './Store.js'

/** A flow's state store (a view's form kept while the view is left): a {@link Store.Store} with `update` and `reset`. */
export type Flow<State extends object> = Store.Store<State> & {
  /** Merges `patch` into the state. */
  update: (patch: Partial<State>) => void
  /** Back to the initial state (a fresh flow, after one went through). */
  reset: () => void
}

/**
 * The store of a view's flow, starting at (and reset to) `initial`.
 *
 * @example
 * const frame = Flow.create<State>({ amount: '', step: 'form' })
 * frame.update({ amount: '1' })
 */
export function create<State extends object>(initial: State): Flow<State> {
  const store = Store.create<State>(initial)
  return {
    ...store,
    update: (patch) => store.set((state) => ({ ...state, ...patch })),
    reset: () => store.set(initial),
  }
}
