import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as SocialPopup from './social-popup.js'

const attempt = 'A'.repeat(22)

describe('Message', () => {
  test("an attempt's redeem code or an error, of the popup type only", () => {
    const ok = (value: unknown) => z.safeParse(SocialPopup.Message, value).success
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, attempt, result: { code: 'abc' } })).toBe(true)
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, attempt, error: 'Failed to connect' })).toBe(true)
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, error: 'Failed to connect' })).toBe(true)
    // A code without the attempt it ends is not a result.
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, result: { code: 'abc' } })).toBe(false)
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, attempt: 'short', result: { code: 'abc' } })).toBe(false)
    expect(ok({ type: 'other', attempt, result: { code: 'abc' } })).toBe(false)
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, attempt, result: { code: '' } })).toBe(false)
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, attempt, result: { code: 'x'.repeat(513) } })).toBe(false)
    expect(ok({ type: SocialPopup.MESSAGE_TYPE, attempt, result: { code: 'abc' }, extra: 1 })).toBe(false)
  })
})

describe('attempts', () => {
  test('a fresh random id and binding each time; the window name is not fixed', () => {
    const a = SocialPopup.attempt()
    const b = SocialPopup.attempt()
    expect(a.attempt).toMatch(/^[\w-]{22}$/)
    expect(a.binding).toMatch(/^[\w-]{43}$/)
    expect(z.safeParse(SocialPopup.Attempt, a.attempt).success).toBe(true)
    expect(z.safeParse(SocialPopup.Binding, a.binding).success).toBe(true)
    expect(b.attempt).not.toBe(a.attempt)
    expect(b.binding).not.toBe(a.binding)
    expect(SocialPopup.windowName(a.attempt)).not.toBe(SocialPopup.windowName(b.attempt))
  })

  test('the binding hash is SHA-256, base64url, as the API computes it', async () => {
    const { binding } = SocialPopup.attempt()
    const hash = await SocialPopup.bindingHash(binding)
    expect(hash).toBe(createHash('sha256').update(binding).digest('base64url'))
    expect(z.safeParse(SocialPopup.Binding, hash).success).toBe(true)
  })
})
