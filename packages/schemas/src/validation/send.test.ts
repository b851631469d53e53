import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Send from './send.js'

const ok = { chainNamespace: 'eip155', sendTokenAmount: 1, receiverAddress: '0x1', token: { symbol: 'ETH' } }

describe('validate', () => {
  test('a complete EVM send passes; solana needs no token', () => {
    expect(Send.validate(ok)).toBeUndefined()
    expect(Send.validate({ ...ok, chainNamespace: 'solana', token: undefined })).toBeUndefined()
  })

  test('the spec messages', () => {
    expect(Send.validate({ ...ok, chainNamespace: 'bip122' })).toBe('Unsupported chain')
    expect(Send.validate({ ...ok, chainNamespace: undefined })).toBe('Unsupported chain')
    expect(Send.validate({ ...ok, sendTokenAmount: undefined })).toBe(
      'An amount and receiver address are required',
    )
    expect(Send.validate({ ...ok, sendTokenAmount: 0 })).toBe('An amount and receiver address are required')
    expect(Send.validate({ ...ok, receiverAddress: '' })).toBe('An amount and receiver address are required')
    expect(Send.validate({ ...ok, token: undefined })).toBe('A token is required')
  })

  test('property: any namespace but eip155 and solana is unsupported', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => s !== 'eip155' && s !== 'solana'),
        (chainNamespace) => Send.validate({ ...ok, chainNamespace }) === 'Unsupported chain',
      ),
    )
  })
})

describe('assert', () => {
  test('throws the message', () => {
    expect(() => Send.assert({ ...ok, token: undefined })).toThrow(new Error('A token is required'))
    expect(() => Send.assert(ok)).not.toThrow()
  })
})
