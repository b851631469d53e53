import { describe, expect, test } from 'vitest'
import * as Analytics from './analytics.js'

describe('redact', () => {
  test('takes out emails, long hex, token-like runs and 6-digit codes; keeps the rest', () => {
    expect(Analytics.redact('no session for a.b+c@mail.example.co')).toBe('no session for <email>')
    expect(Analytics.redact('account 0x52908400098527886E0F7030069857D2E4169EE7 refused')).toBe(
      'account 0x5290…169EE7 refused',
    )
    expect(Analytics.redact(`signature 0x${'ab'.repeat(65)}`)).toBe('signature <hex>')
    expect(Analytics.redact('Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')).toBe(
      'Bearer <redacted>',
    )
    expect(Analytics.redact('code 123456 is wrong')).toBe('code <code> is wrong')
    expect(Analytics.redact('HTTP 503 on chain 31337 (controller.connection.disconnect)')).toBe(
      'HTTP 503 on chain 31337 (controller.connection.disconnect)',
    )
  })

  test('cuts at MESSAGE_MAX_CHARS', () => {
    expect(Analytics.redact('a '.repeat(400))).toHaveLength(Analytics.MESSAGE_MAX_CHARS)
  })
})
