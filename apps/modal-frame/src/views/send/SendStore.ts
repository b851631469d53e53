import type * as Token from '@frontdoor/schemas/entities/token'
import * as Store from '../../store/Store.js'

/** The Send flow's state (spec section 3: token, amount, receiver, loading), kept while the view is left. */
type State = {
  token: Token.TokenBalance | undefined
  /** The amount as typed. */
  amount: string
  /** The receiver field as typed: an address or a name. */
  receiver: string
  step: 'form' | 'preview'
  loading: boolean
  error: string | undefined
}

/** A fresh Send flow. */
const INITIAL: State = {
  token: undefined,
  amount: '',
  receiver: '',
  step: 'form',
  loading: false,
  error: undefined,
}

/** Creates the Send store; `reset` clears everything (spec section 4: after a successful send). */
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

export type SendStore = ReturnType<typeof create>

/** The frame's Send flow. */
export const frame: SendStore = create()
