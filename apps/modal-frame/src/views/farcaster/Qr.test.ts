import { describe, expect, test } from 'vitest'
import * as Qr from './Qr.js'

describe('path', () => {
  test('one square per dark module, inside the code', () => {
    const { size, d } = Qr.path('http://127.0.0.1:4000/dev/farcaster/abc')
    expect(size).toBeGreaterThanOrEqual(25)
    const squares = d.match(/M(\d+) (\d+)h1v1h-1z/g) ?? []
    expect(squares.length).toBeGreaterThan(100)
    for (const square of squares) {
      const [, x, y] = /M(\d+) (\d+)/.exec(square)!
      expect(Number(x)).toBeLessThan(size)
      expect(Number(y)).toBeLessThan(size)
    }
  })
})
