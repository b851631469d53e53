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

describe('formatFee', () => {
  test('3 decimals from 0.001 up; 2 significant digits below, never 0 for a fee that is not', () => {
    expect(Format.formatFee('0.0000213')).toBe('0.000021')
    expect(Format.formatFee('0.000000000000021')).toBe('0.000000000000021')
    expect(Format.formatFee('0.0015')).toBe('0.002')
    expect(Format.formatFee('1234.5678')).toBe('1,234.568')
    expect(Format.formatFee('0')).toBe('0')
    expect(Format.formatFee('not a number')).toBe('0')
  })

  test('property: a fee above 0 shows above 0', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-18, max: 1e6, noNaN: true }), (value) => {
        expect(Number(Format.formatFee(value).replaceAll(',', ''))).toBeGreaterThan(0)
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
