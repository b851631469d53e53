import type * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import * as Flow from '../../store/Flow.js'

/**
 * The Buy flow's state, kept while the view is left or the modal hidden (the checkout runs in its own
 * window): the choices, the amount as typed, and the order being paid.
 */
type State = {
  provider: OnrampRule.Provider | undefined
  paymentMethod: OnrampRule.PaymentMethod
  paymentCurrency: string
  amount: string
  /** The asset preset by whoever opened the view (e.g. 'ETH'). */
  asset: string | undefined
  step: 'form' | 'checkout'
  busy: boolean
  error: string | undefined
  /** The order whose checkout is open, with what its quote said. */
  order:
    | {
        id: string
        url: string
        provider: OnrampRule.Provider
        network: string
        address: string
        purchase: { amount: string; currency: string }
        paid: { amount: string; currency: string }
      }
    | undefined
}

const INITIAL: State = {
  provider: undefined,
  paymentMethod: 'card',
  paymentCurrency: 'USD',
  amount: '',
  asset: undefined,
  step: 'form',
  busy: false,
  error: undefined,
  order: undefined,
}

/** The Buy store. */
export type BuyStore = Flow.Flow<State>

/** The frame's Buy flow. */
export const frame: BuyStore = Flow.create(INITIAL)
