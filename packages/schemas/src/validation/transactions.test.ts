import { describe, expect, test } from 'vitest'
import * as Transactions from './transactions.js'

describe('requireAccountAddress', () => {
  test('throws the spec message without an address', () => {
    expect(() => Transactions.requireAccountAddress(undefined)).toThrow(
      new Error("Transactions can't be fetched without an accountAddress"),
    )
    expect(() => Transactions.requireAccountAddress('')).toThrow("Transactions can't be fetched")
    expect(Transactions.requireAccountAddress('0x1')).toBe('0x1')
  })
})
