import { describe, expect, test } from 'vitest'
import * as Rules from './Rules.js'

const FUSD = { symbol: 'FUSD', decimals: 6 }

describe('amountUnits', () => {
  test('in base units, within the asset decimals', () => {
    expect(Rules.amountUnits('5', FUSD)).toBe(5_000_000n)
    expect(Rules.amountUnits('0.000001', FUSD)).toBe(1n)
    expect(Rules.amountUnits('1.50', FUSD)).toBe(1_500_000n)
    expect(Rules.amountUnits('7', { symbol: 'PTS', decimals: 0 })).toBe(7n)
  })

  test('more decimals than the asset: the page is told how many it has', () => {
    expect(Rules.amountUnits('0.0000001', FUSD)).toBe(
      'Invalid params for "pay": params.amount: FUSD has 6 decimals',
    )
    expect(Rules.amountUnits('1.5', { symbol: 'PTS', decimals: 0 })).toBe(Rules.tooManyDecimals('PTS', 0))
  })

  test('zero is refused', () => {
    expect(Rules.amountUnits('0', FUSD)).toBe(Rules.AMOUNT_NOT_POSITIVE)
    expect(Rules.amountUnits('0.000000', FUSD)).toBe(Rules.AMOUNT_NOT_POSITIVE)
  })
})
