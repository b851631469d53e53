import * as Store from '../../store/Store.js'

/**
 * The Swap flow's state, kept while the view is left (the embedded wallet's approval screen shows over
 * it and comes back): the tokens (CAIP-10), the amount as typed, the step, what runs and the last error.
 */
type State = {
  from: string | undefined
  to: string | undefined
  amount: string
  step: 'form' | 'preview'
  /** The side whose token list is open. */
  picking: 'from' | 'to' | undefined
  busy: 'approving' | 'swapping' | undefined
  error: string | undefined
}

const INITIAL: State = {
  from: undefined,
  to: undefined,
  amount: '',
  step: 'form',
  picking: undefined,
  busy: undefined,
  error: undefined,
}

function create() {
  const store = Store.create<State>(INITIAL)
  return {
    ...store,
    /** Merges `patch` into the state. */
    update(patch: Partial<State>) {
      store.set((s) => ({ ...s, ...patch }))
    },
    /** A fresh flow (after a swap went out). */
    reset() {
      store.set(INITIAL)
    },
  }
}

/** The Swap store. */
export type SwapStore = ReturnType<typeof create>

/** The frame's Swap flow. */
export const frame: SwapStore = create()
