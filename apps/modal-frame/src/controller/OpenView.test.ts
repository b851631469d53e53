import { VIEWS } from '@frontdoor/protocol/views'
import { describe, expect, test } from 'vitest'
import * as Features from '../features/Features.js'
import * as OpenView from './OpenView.js'

const on = Features.DEFAULTS
const off: Features.Features = {
  ...on,
  send: false,
  receive: false,
  email: false,
  socials: [],
  allWallets: false,
  swaps: [],
  onramp: [],
}

describe('refusal', () => {
  test('a feature screen whose feature is off is refused, with the feature named', () => {
    expect(OpenView.refusal('Send', { features: on, connected: true })).toBeUndefined()
    expect(OpenView.refusal('Send', { features: off, connected: true })).toBe(
      'Cannot open Send: the send feature is off',
    )
    expect(OpenView.refusal('Receive', { features: off, connected: true })).toBe(
      'Cannot open Receive: the receive feature is off',
    )
    expect(OpenView.refusal('EmailLogin', { features: off, connected: false })).toBe(
      'Cannot open EmailLogin: the email feature is off',
    )
    expect(OpenView.refusal('ConnectingFarcaster', { features: off, connected: false })).toBe(
      'Cannot open ConnectingFarcaster: the socials feature is off',
    )
    expect(OpenView.refusal('AllWallets', { features: off, connected: false })).toBe(
      'Cannot open AllWallets: the allWallets feature is off',
    )
    expect(OpenView.refusal('Swap', { features: off, connected: true })).toBe(
      'Cannot open Swap: the swaps feature is off',
    )
    expect(OpenView.refusal('Buy', { features: off, connected: true })).toBe(
      'Cannot open Buy: the onramp feature is off',
    )
  })

  test('an account view needs a connected wallet', () => {
    expect(OpenView.refusal('Account', { features: on, connected: true })).toBeUndefined()
    expect(OpenView.refusal('Account', { features: on, connected: false })).toBe(
      'Cannot open Account: no wallet is connected',
    )
    expect(OpenView.refusal('Send', { features: on, connected: false })).toBe(
      'Cannot open Send: no wallet is connected',
    )
    expect(OpenView.refusal('Connect', { features: off, connected: false })).toBeUndefined()
  })

  test('views the modal opens itself with data are refused; every other view opens with defaults', () => {
    expect(OpenView.refusal('ApproveTransaction', { features: on, connected: true })).toBe(
      'Cannot open ApproveTransaction: the modal opens it itself',
    )
    const refused = VIEWS.filter((view) => OpenView.refusal(view, { features: on, connected: true }))
    // Pay shows the page's frontdoor.pay() request; a page cannot open it empty.
    // CallsStatus shows the batch of the page's wallet_showCallsStatus.
    expect(refused).toEqual(['ConnectingExternal', 'ApproveTransaction', 'Pay', 'CallsStatus'])
  })
})
