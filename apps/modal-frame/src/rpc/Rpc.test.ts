import { describe, expect, test } from 'vitest'
import * as Rpc from './Rpc.js'

describe('route', () => {
  test('safe reads go to the node, signing needs an account, the rest is unsupported', () => {
    expect(Rpc.route('eth_getBalance')).toBe('node')
    expect(Rpc.route('eth_blockNumber')).toBe('node')
    expect(Rpc.route('eth_accounts')).toBe('account')
    expect(Rpc.route('personal_sign')).toBe('account')
    expect(Rpc.route('eth_sendTransaction')).toBe('account')
    expect(Rpc.route('eth_sign')).toBe('unsupported')
    expect(Rpc.route('debug_traceTransaction')).toBe('unsupported')
  })
})

describe('chainIdOf', () => {
  test('reads hex and numbers, refuses the rest', () => {
    expect(Rpc.chainIdOf('0x7a69')).toBe(31337)
    expect(Rpc.chainIdOf(31338)).toBe(31338)
    expect(Rpc.chainIdOf('31337')).toBeUndefined()
    expect(Rpc.chainIdOf(-1)).toBeUndefined()
    expect(Rpc.chainIdOf('0x')).toBeUndefined()
  })
})
