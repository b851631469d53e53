import { describe, expect, test } from 'vitest'
import * as Amm from './Amm.js'

// The devnet's FUSD/WETH pool as seeded: 200,000 FUSD (6 decimals) against 100 ETH.
const ETH_FUSD: Amm.Hop = { reserveIn: 100n * 10n ** 18n, reserveOut: 200_000n * 10n ** 6n }
// Its DOOR/FUSD pool: 50,000 FUSD against 100,000 DOOR.
const FUSD_DOOR: Amm.Hop = { reserveIn: 50_000n * 10n ** 6n, reserveOut: 100_000n * 10n ** 18n }

describe('amountOut', () => {
  test('the router formula: 997/1000 of the input against the reserves, rounded down', () => {
    // 1 ETH in: 997e15 * 200000e6 / (100e18 * 1000 + 997e15) = 1974.316068 FUSD.
    expect(Amm.amountOut(10n ** 18n, ETH_FUSD)).toBe(1_974_316_068n)
  })

  test('nothing for nothing, nothing from an empty pool', () => {
    expect(Amm.amountOut(0n, ETH_FUSD)).toBe(0n)
    expect(Amm.amountOut(1n, { reserveIn: 0n, reserveOut: 5n })).toBe(0n)
  })
})

describe('amountsOut', () => {
  test('each hop takes the previous output', () => {
    const amounts = Amm.amountsOut(10n ** 18n, [ETH_FUSD, FUSD_DOOR])
    expect(amounts[1]).toBe(1_974_316_068n)
    expect(amounts[2]).toBe(Amm.amountOut(1_974_316_068n, FUSD_DOOR))
    expect(amounts).toHaveLength(3)
  })
})

describe('feePercent', () => {
  test('0.3% a hop', () => {
    expect(Amm.feePercent(1)).toBeCloseTo(0.3, 10)
    expect(Amm.feePercent(2)).toBeCloseTo(0.5991, 10)
  })
})

describe('priceImpact', () => {
  test('about 0 for a tiny trade, about in/(reserve+in) for a large one', () => {
    expect(Amm.priceImpact(10n ** 15n, [ETH_FUSD])).toBeLessThan(0.002)
    // 1 ETH into 100: the price moves by ~0.99%.
    expect(Amm.priceImpact(10n ** 18n, [ETH_FUSD])).toBeCloseTo(0.99, 1)
    expect(Amm.priceImpact(100n * 10n ** 18n, [ETH_FUSD])).toBeCloseTo(49.9, 0)
  })
})
