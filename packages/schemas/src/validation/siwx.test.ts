import { describe, expect, test } from 'vitest'
import * as Siwx from './siwx.js'

describe('assertSiwxConfig', () => {
  test('both set throws the spec message', () => {
    expect(() => Siwx.assertSiwxConfig({ siweConfig: {}, siwx: {} })).toThrow(
      new Error('Cannot set both `siweConfig` and `siwx` options'),
    )
    expect(() => Siwx.assertSiwxConfig({ siwx: {} })).not.toThrow()
    expect(() => Siwx.assertSiwxConfig({ siweConfig: {} })).not.toThrow()
    expect(() => Siwx.assertSiwxConfig({})).not.toThrow()
  })
})

describe('isSiwxOverWalletConnectSupported', () => {
  test('a single eip155 namespace only', () => {
    expect(Siwx.isSiwxOverWalletConnectSupported(['eip155'])).toBe(true)
    expect(Siwx.isSiwxOverWalletConnectSupported(['solana'])).toBe(false)
    expect(Siwx.isSiwxOverWalletConnectSupported(['eip155', 'solana'])).toBe(false)
    expect(Siwx.isSiwxOverWalletConnectSupported([])).toBe(false)
  })
})
