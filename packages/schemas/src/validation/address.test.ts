import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Address from './address.js'

const hex40 = fc.stringMatching(/^[0-9a-fA-F]{40}$/)
const base58 = fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)

describe('isEvmAddress', () => {
  test('0x and 40 hex digits', () => {
    expect(Address.isEvmAddress('0x2222222222222222222222222222222222222222')).toBe(true)
    expect(Address.isEvmAddress('0x222')).toBe(false)
    expect(Address.isEvmAddress('2222222222222222222222222222222222222222')).toBe(false)
    expect(Address.isEvmAddress('0xg222222222222222222222222222222222222222')).toBe(false)
  })

  test('property: 0x + 40 hex passes; any other length fails', () => {
    fc.assert(fc.property(hex40, (hex) => Address.isEvmAddress(`0x${hex}`)))
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{0,60}$/).filter((s) => s.length !== 40),
        (hex) => !Address.isEvmAddress(`0x${hex}`),
      ),
    )
  })
})

describe('isSolanaAddress', () => {
  test('base58, 32-44 chars', () => {
    expect(Address.isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true)
    expect(Address.isSolanaAddress('0OIl'.repeat(10))).toBe(false)
    expect(Address.isSolanaAddress('abc')).toBe(false)
  })

  test('property: base58 strings of 32-44 pass; with 0, O, I or l they fail', () => {
    fc.assert(fc.property(base58, (s) => Address.isSolanaAddress(s)))
    fc.assert(
      fc.property(
        base58,
        fc.constantFrom('0', 'O', 'I', 'l'),
        (s, bad) => !Address.isSolanaAddress(bad + s.slice(1)),
      ),
    )
  })
})

describe('isAddress', () => {
  test('by namespace', () => {
    expect(Address.isAddress('0x2222222222222222222222222222222222222222', 'eip155')).toBe(true)
    expect(Address.isAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'solana')).toBe(true)
    expect(Address.isAddress('0x2222222222222222222222222222222222222222', 'solana')).toBe(false)
    expect(Address.isAddress('bc1q', 'bip122')).toBe(false)
  })
})

describe('EvmAddress', () => {
  test('message', () => {
    expect(Address.EvmAddress.safeParse('0x1').error?.issues[0]?.message).toBe('Invalid address')
  })
})

describe('SolanaAddress', () => {
  test('message', () => {
    expect(Address.SolanaAddress.safeParse('0x1').error?.issues[0]?.message).toBe('Invalid address')
  })
})
