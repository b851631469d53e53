import { describe, expect, test } from 'vitest'
import * as Rpc from './Rpc.js'

describe('chainIdOf', () => {
  test('reads hex and numbers, refuses the rest', () => {
    expect(Rpc.chainIdOf('0x7a69')).toBe(31337)
    expect(Rpc.chainIdOf(31338)).toBe(31338)
    expect(Rpc.chainIdOf('31337')).toBeUndefined()
    expect(Rpc.chainIdOf(-1)).toBeUndefined()
    expect(Rpc.chainIdOf('0x')).toBeUndefined()
  })
})
