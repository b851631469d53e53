import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
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

describe('TrackProps', () => {
  test('takes a known event with short properties; refuses unknown events and nested values', () => {
    const props = { type: 'track', event: 'CONNECT_SUCCESS', properties: { kind: 'injected', chainId: 1 } }
    expect(z.parse(Analytics.TrackProps, props)).toEqual(props)
    expect(Analytics.TrackProps.safeParse({ ...props, event: 'NOPE' }).success).toBe(false)
    expect(Analytics.TrackProps.safeParse({ ...props, properties: { a: { b: 1 } } }).success).toBe(false)
  })
})

describe('ErrorProps', () => {
  test('names the source, kind, error name and message', () => {
    const props = {
      type: 'error',
      event: Analytics.ERROR_EVENT,
      properties: { source: 'modal', kind: 'request', name: 'HttpError', message: 'HTTP 503' },
    }
    expect(z.parse(Analytics.ErrorProps, props)).toEqual(props)
    expect(Analytics.ErrorProps.safeParse({ ...props, type: 'track' }).success).toBe(false)
  })
})
