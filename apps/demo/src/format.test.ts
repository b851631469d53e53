import { describe, expect, test } from 'vitest'
import * as Format from './format.js'

describe('ether', () => {
  test('formats wei as ether', () => {
    expect(Format.ether('0x21e19e0c9bab2400000')).toBe('10000')
    expect(Format.ether(1_500_000_000_000_000_000n)).toBe('1.5')
    expect(Format.ether(0n)).toBe('0')
  })
})

describe('shortAddress', () => {
  test('keeps the start and the end', () => {
    expect(Format.shortAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…b92266')
  })
})
