import { describe, expect, test } from 'vitest'
import * as Policy from './Policy.js'

const solana = 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'

describe('isForwarded', () => {
  test("each namespace's own methods: Solana's on a solana chain, eth's on the others", () => {
    expect(Policy.isForwarded('eth_call', 'eip155:1')).toBe(true)
    expect(Policy.isForwarded('getBalance', 'eip155:1')).toBe(false)
    for (const method of Policy.SOLANA_FORWARDED) expect(Policy.isForwarded(method, solana)).toBe(true)
    expect(Policy.isForwarded('eth_blockNumber', solana)).toBe(false)
  })

  test('nothing that reads every account of a program or administers a node; no prototype names', () => {
    for (const method of [
      'getProgramAccounts',
      'getLargestAccounts',
      'minimumLedgerSlot',
      '__proto__',
      'constructor',
    ])
      expect(Policy.isForwarded(method, solana)).toBe(false)
    expect(Policy.isForwarded(42, solana)).toBe(false)
  })
})
