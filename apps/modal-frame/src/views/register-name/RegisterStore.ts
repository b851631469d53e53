import * as Flow from '../../store/Flow.js'

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

/** The frame's registration flow; `reset` after a registration. */
export const frame: Flow.Flow<State> = Flow.create<State>({ typed: '', step: 'edit', error: undefined })
