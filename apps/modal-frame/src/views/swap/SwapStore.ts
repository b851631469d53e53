import * as Flow from '../../store/Flow.js'

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

/** The Swap store. */
export type SwapStore = Flow.Flow<State>

/** The frame's Swap flow. */
export const frame: SwapStore = Flow.create(INITIAL)
