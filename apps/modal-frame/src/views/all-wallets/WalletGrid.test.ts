import { describe, expect, test } from 'vitest'
import * as WalletGrid from './WalletGrid.js'

describe('nextIndex', () => {
  test('arrows move by one and by a row, staying inside the grid; Home and End jump', () => {
    // 10 wallets in rows of 4: 0-3, 4-7, 8-9.
    expect(WalletGrid.nextIndex('ArrowRight', 3, 10)).toBe(4)
    expect(WalletGrid.nextIndex('ArrowRight', 9, 10)).toBe(9)
    expect(WalletGrid.nextIndex('ArrowLeft', 0, 10)).toBe(0)
    expect(WalletGrid.nextIndex('ArrowDown', 5, 10)).toBe(9)
    expect(WalletGrid.nextIndex('ArrowDown', 7, 10)).toBe(7)
    expect(WalletGrid.nextIndex('ArrowUp', 9, 10)).toBe(5)
    expect(WalletGrid.nextIndex('ArrowUp', 2, 10)).toBe(2)
    expect(WalletGrid.nextIndex('Home', 6, 10)).toBe(0)
    expect(WalletGrid.nextIndex('End', 1, 10)).toBe(9)
  })

  test('other keys and an empty grid: nothing', () => {
    expect(WalletGrid.nextIndex('Enter', 1, 10)).toBeUndefined()
    expect(WalletGrid.nextIndex('ArrowDown', 0, 0)).toBeUndefined()
  })
})
