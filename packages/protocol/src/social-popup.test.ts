import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as SocialPopup from './social-popup.js'

describe('Message', () => {
  test('a redeem code or an error, of the popup type only', () => {
    const ok = (value: unknown) => z.safeParse(SocialPopup.Message, value).success
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, result: { code: 'abc' } })).toBe(true)
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, error: 'Failed to connect' })).toBe(true)
    expect(ok({ type: 'other', result: { code: 'abc' } })).toBe(false)
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, result: { code: '' } })).toBe(false)
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, result: { code: 'x'.repeat(513) } })).toBe(false)
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, result: { code: 'abc' }, extra: 1 })).toBe(false)
  })
})
