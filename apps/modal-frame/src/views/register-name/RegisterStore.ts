import * as Store from '../../store/Store.js'

/** Where a registration is: typing, waiting for the wallet's signature, or for the API. */
type Step = 'edit' | 'sign' | 'register'

/**
 * The RegisterAccountName flow's state, kept while the view is left: the embedded wallet's approval
 * view (ApproveTransaction) replaces it while the visitor approves the message, and the view comes
 * back with the name typed and the outcome (the error of a decline, or the step it is at).
 */
type State = {
  /** The field as typed. */
  typed: string
  step: Step
  error: string | undefined
}

const INITIAL: State = { typed: '', step: 'edit', error: undefined }

/** Creates the store; `reset` clears it (after a registration). */
function create() {
  const store = Store.create<State>(INITIAL)
  return {
    ...store,
    /** Merges `patch` into the state. */
    update(patch: Partial<State>) {
      store.set((s) => ({ ...s, ...patch }))
    },
    reset() {
      store.set(INITIAL)
    },
  }
}

type RegisterStore = ReturnType<typeof create>

/** The frame's registration flow. */
export const frame: RegisterStore = create()
