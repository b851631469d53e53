import { describe, expect, test } from 'vitest'
import * as Log from './Log.js'

const JWT = 'eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJkaWQ6a2V5In0.c2lnbmF0dXJl'

describe('redact', () => {
  test('replaces the auth parameter wherever it sits, and keeps the rest', () => {
    expect(Log.redact(`/?auth=${JWT}&projectId=demo&ua=x`)).toBe('/?auth=[redacted]&projectId=demo&ua=x')
    expect(Log.redact(`/?projectId=demo&AUTH=${encodeURIComponent(JWT)}`)).toBe(
      '/?projectId=demo&AUTH=[redacted]',
    )
    expect(Log.redact('/?projectId=demo')).toBe('/?projectId=demo')
    expect(Log.redact(undefined)).toBe('')
  })

  test('replaces a JWT anywhere else', () => {
    expect(Log.redact(`GET /v1?token=${JWT} HTTP/1.1`)).toBe('GET /v1?token=[redacted] HTTP/1.1')
  })
})
