import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Send from './send.js'

describe('SendState', () => {
  test('an empty state and a filled one', () => {
    expect(z.parse(Send.SendState, { loading: false })).toEqual({ loading: false })
    const state = {
      sendTokenAmount: 1.5,
      receiverAddress: '0x1',
      receiverProfileImageUrl: 'http://x/a.png',
      receiverProfileName: 'alice.frontdoor',
      loading: true,
    }
    expect(z.parse(Send.SendState, state)).toEqual(state)
    expect(Send.SendState.safeParse({}).success).toBe(false)
  })
})
