import { describe, expect, test } from 'vitest'
import * as Status from './Status.js'

const HASH = `0x${'ab'.repeat(32)}`

describe('Status.read (a wallet_getCallsStatus answer for the CallsStatus view)', () => {
  test("the EOA's call-by-call batch: each receipt with its hash, block and outcome", () => {
    const shown = Status.read({
      version: '2.0.0',
      id: '0x1',
      chainId: '0x7a69',
      atomic: false,
      status: 600,
      receipts: [
        { transactionHash: HASH, blockNumber: '0x10', status: '0x1' },
        { transactionHash: HASH, blockNumber: '0x11', status: '0x0' },
      ],
    })
    expect(shown).toEqual({
      status: 'Partially completed: some calls ran, then one failed',
      pending: false,
      failed: true,
      atomic: false,
      chainId: 31337,
      receipts: [
        { key: `0:${HASH}`, hash: HASH, block: '16', success: true },
        { key: `1:${HASH}`, hash: HASH, block: '17', success: false },
      ],
    })
  })

  test('every EIP-5792 status in words; an unknown code is named; a malformed answer shows nothing', () => {
    expect([100, 200, 400, 500, 600].map((status) => Status.read({ status }).status)).toEqual([
      'Pending',
      'Confirmed',
      'Failed before it was sent',
      'Reverted',
      'Partially completed: some calls ran, then one failed',
    ])
    expect(Status.read({ status: 100 }).pending).toBe(true)
    expect(Status.read({ status: 201 }).status).toBe('Status 201')
    expect(Status.read(null)).toMatchObject({ receipts: [], atomic: false, chainId: undefined })
    expect(Status.read({ receipts: 'x', chainId: 'y' })).toMatchObject({ receipts: [], chainId: undefined })
  })

  test('short: 0x1234…abcd', () => {
    expect(Status.short(HASH)).toBe('0xabab…abab')
    expect(Status.short('0x12')).toBe('0x12')
  })
})
