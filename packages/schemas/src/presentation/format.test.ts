import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Format from './format.js'

describe('formatAmount', () => {
  test('at most 3 decimals', () => {
    expect(Format.formatAmount('1234.56789')).toBe('1,234.568')
    expect(Format.formatAmount('0.1')).toBe('0.1')
    expect(Format.formatAmount(2)).toBe('2')
    expect(Format.formatAmount('0.0004')).toBe('0')
    expect(Format.formatAmount('not a number')).toBe('0')
  })

  test('property: never more than 3 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (value) => {
        const decimals = Format.formatAmount(value).split('.')[1] ?? ''
        expect(decimals.length).toBeLessThanOrEqual(3)
      }),
    )
  })
})

describe('truncateAddress', () => {
  test('4 start and 6 end characters', () => {
    expect(Format.truncateAddress('0x1234567890abcdef1234567890abcdef12abcdef')).toBe('0x12…abcdef')
    expect(Format.truncateAddress('0x12345678')).toBe('0x12345678')
  })

  test('property: long addresses become start + … + end', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 12, maxLength: 60 }), (address) => {
        expect(Format.truncateAddress(address)).toBe(`${address.slice(0, 4)}…${address.slice(-6)}`)
      }),
    )
  })
})

describe('operationSign', () => {
  test("'+' and '-' by operation type", () => {
    for (const type of ['receive', 'deposit', 'borrow', 'claim']) expect(Format.operationSign(type)).toBe('+')
    for (const type of ['withdraw', 'repay', 'burn']) expect(Format.operationSign(type)).toBe('-')
    for (const type of ['send', 'trade', 'mint', 'approve', '']) expect(Format.operationSign(type)).toBe('')
  })
})

describe('pendingCount', () => {
  test('at most 99', () => {
    expect(Format.pendingCount(3)).toBe('3')
    expect(Format.pendingCount(99)).toBe('99')
    expect(Format.pendingCount(150)).toBe('99')
    expect(Format.pendingCount(-1)).toBe('0')
  })
})
