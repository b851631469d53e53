import { describe, expect, test } from 'vitest'
import * as Bytes from './Bytes.js'

describe('toBase58, fromBase58', () => {
  test('known vectors, leading zeros, and a 32-byte key round trip', () => {
    expect(Bytes.toBase58(new TextEncoder().encode('hello world'))).toBe('StV1DL6CwTryKyV')
    expect(Bytes.toBase58(new Uint8Array([0, 0, 1]))).toBe('112')
    expect(Bytes.toBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111')
    expect(new TextDecoder().decode(Bytes.fromBase58('StV1DL6CwTryKyV'))).toBe('hello world')
    expect([...Bytes.fromBase58('112')]).toEqual([0, 0, 1])
    const key = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) & 0xff)
    expect(Bytes.fromBase58(Bytes.toBase58(key))).toEqual(key)
    expect(() => Bytes.fromBase58('0OIl')).toThrow('Not base58')
  })
})

describe('toBase64, fromBase64', () => {
  test('round trip of every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    expect(Bytes.fromBase64(Bytes.toBase64(all))).toEqual(all)
    expect(Bytes.toBase64(new TextEncoder().encode('hi'))).toBe('aGk=')
  })
})
