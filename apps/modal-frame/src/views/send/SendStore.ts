import type * as Token from '@frontdoor/schemas/entities/token'
import * as Flow from '../../store/Flow.js'

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

/** The Send store; `reset` clears everything (spec section 4: after a successful send). */
export type SendStore = Flow.Flow<State>

/** The frame's Send flow. */
export const frame: SendStore = Flow.create(INITIAL)
