import * as Calls from '@frontdoor/protocol/calls'
import { describe, expect, test } from 'vitest'
import * as EoaCalls from './EoaCalls.js'

describe('EoaCalls batch id', () => {
  const batch = {
    chainId: 31337,
    calls: 3,
    positions: [
      { blockNumber: 12n, index: 0 },
      { blockNumber: 2n ** 40n, index: 7 },
    ],
  }

  test('encodes the chain, the number of calls and each position, and reads them back', () => {
    const id = EoaCalls.encodeId(batch)
    expect(id).toBe(
      `0x${'7a69'.padStart(16, '0')}0003${'c'.padStart(16, '0')}00000000${'10000000000'.padStart(16, '0')}00000007`,
    )
    expect(EoaCalls.decodeId(id)).toEqual(batch)
  })

  test('100 calls stay within the 4,096 bytes of EIP-5792, and never look like a user operation hash', () => {
    const positions = Array.from({ length: 100 }, (_, i) => ({ blockNumber: BigInt(i), index: i }))
    const id = EoaCalls.encodeId({ chainId: 31337, calls: 100, positions })
    expect(id.length).toBe(2422)
    expect(EoaCalls.decodeId(id)?.positions).toHaveLength(100)
    for (let n = 1; n <= 100; n++) expect(2 + 20 + 24 * n).not.toBe(66)
  })

  test('anything else is no batch id: a user operation hash, uppercase, no positions, more sent than calls', () => {
    expect(EoaCalls.decodeId(`0x${'ab'.repeat(32)}`)).toBeUndefined()
    expect(EoaCalls.decodeId(EoaCalls.encodeId(batch).toUpperCase())).toBeUndefined()
    expect(EoaCalls.decodeId(EoaCalls.encodeId({ ...batch, positions: [] }))).toBeUndefined()
    expect(EoaCalls.decodeId(EoaCalls.encodeId({ ...batch, calls: 1 }))).toBeUndefined()
    expect(EoaCalls.decodeId(EoaCalls.encodeId({ ...batch, chainId: 0 }))).toBeUndefined()
    expect(EoaCalls.decodeId(`${EoaCalls.encodeId(batch)}0`)).toBeUndefined()
  })
})

describe('EoaCalls.statusOf (EIP-5792 status codes)', () => {
  test('every call mined without a revert: 200', () => {
    expect(EoaCalls.statusOf({ calls: 2 }, [true, true])).toBe(Calls.STATUS.confirmed)
  })
  test('a sent call not yet mined: 100', () => {
    expect(EoaCalls.statusOf({ calls: 2 }, [true, undefined])).toBe(Calls.STATUS.pending)
  })
  test('the first call reverted, nothing else sent: 500 (only gas spent)', () => {
    expect(EoaCalls.statusOf({ calls: 3 }, [false])).toBe(Calls.STATUS.reverted)
  })
  test('some calls ran, then one reverted or was never sent: 600', () => {
    expect(EoaCalls.statusOf({ calls: 3 }, [true, false])).toBe(Calls.STATUS.partiallyReverted)
    expect(EoaCalls.statusOf({ calls: 3 }, [true])).toBe(Calls.STATUS.partiallyReverted)
  })
})

describe('EoaCalls.nonceTaken', () => {
  test("a node's refusals of a used or pending nonce", () => {
    expect(EoaCalls.nonceTaken(new Error('nonce too low'))).toBe(true)
    expect(EoaCalls.nonceTaken(Object.assign(new Error('x'), { details: 'already known' }))).toBe(true)
    expect(EoaCalls.nonceTaken(new Error('insufficient funds'))).toBe(false)
    expect(EoaCalls.nonceTaken('nonce too low')).toBe(false)
  })
})
