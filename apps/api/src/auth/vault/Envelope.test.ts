import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import * as Envelope from './Envelope.js'

const key = randomBytes(32)
const secret = Buffer.from('a secret of 32 bytes, give or take')

describe('seal / open', () => {
  test('round trip; every seal is fresh', () => {
    const sealed = Envelope.seal(key, secret, 'ctx')
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/)
    expect(sealed).not.toContain(secret.toString('base64url'))
    expect(Envelope.open(key, sealed, 'ctx')).toEqual(secret)
    expect(Envelope.seal(key, secret, 'ctx')).not.toBe(sealed)
  })

  test('tampering is detected: ciphertext, iv, tag, context, key', () => {
    const sealed = Envelope.seal(key, secret, 'ctx')
    const [version, iv, ciphertext, tag] = sealed.split('.') as [string, string, string, string]
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url')
      bytes[0]! ^= 1
      return bytes.toString('base64url')
    }
    for (const altered of [
      [version, iv, flip(ciphertext), tag],
      [version, flip(iv), ciphertext, tag],
      [version, iv, ciphertext, flip(tag)],
    ])
      expect(() => Envelope.open(key, altered.join('.'), 'ctx')).toThrow(Envelope.OpenError)
    expect(() => Envelope.open(key, sealed, 'other ctx')).toThrow(Envelope.OpenError)
    expect(() => Envelope.open(randomBytes(32), sealed, 'ctx')).toThrow(Envelope.OpenError)
    expect(() => Envelope.open(key, 'v2.a.b.c', 'ctx')).toThrow(Envelope.OpenError)
    expect(() => Envelope.open(key, `${sealed}.x`, 'ctx')).toThrow(Envelope.OpenError)
  })

  test('keys are 32 bytes', () => {
    expect(() => Envelope.seal(randomBytes(16), secret, 'ctx')).toThrow(/32 bytes/)
  })
})
