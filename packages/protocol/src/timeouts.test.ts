import { describe, expect, test } from 'vitest'
import * as Timeouts from './timeouts.js'

describe('timeouts', () => {
  test('spec section 9 in ms', () => {
    expect(Timeouts.FRAME_LOAD_TIMEOUT_MS).toBe(20_000)
    expect(Timeouts.LOGIN_REQUEST_TIMEOUT_MS).toBe(120_000)
    expect(Timeouts.SIGN_OUT_WAIT_MS).toBe(3_000)
    expect(Timeouts.READY_DELAY_MS).toBe(500)
  })

  test('protocol choices', () => {
    expect(Timeouts.DEFAULT_CALL_TIMEOUT_MS).toBe(10_000)
    expect(Number.isFinite(Timeouts.NO_TIMEOUT)).toBe(false)
  })
})
