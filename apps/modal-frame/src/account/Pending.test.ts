import type * as Transaction from '@frontdoor/schemas/entities/transaction'
import { describe, expect, test } from 'vitest'
import * as Pending from './Pending.js'

const ME = '0x00000000000000000000000000000000000a11ce'
const sent = (hash: string, chain = 'eip155:31337', from = ME): Pending.Sent => ({
  hash,
  chain,
  from,
  to: '0x0000000000000000000000000000000000000b0b',
  symbol: 'ETH',
  iconUrl: undefined,
  amount: '0.1',
  sentAt: Date.parse('2025-11-23T10:00:00Z'),
})

describe('merge', () => {
  test("adds this account's pending sends on the chain that the history does not list yet", () => {
    const history = [Pending.toTransaction(sent('0xAA'))].map(
      (t): Transaction.Transaction => ({ ...t, metadata: { ...t.metadata, status: 'confirmed' } }),
    )
    const merged = Pending.merge(
      history,
      [sent('0xaa'), sent('0xbb'), sent('0xcc', 'eip155:31338'), sent('0xdd', 'eip155:31337', '0x1')],
      ME.toUpperCase().replace('0X', '0x'),
      'eip155:31337',
    )
    expect(merged.map((t) => [t.metadata.hash, t.metadata.status])).toEqual([
      ['0xbb', 'pending'],
      ['0xAA', 'confirmed'],
    ])
  })

  test('a pending send reads as an outgoing send of its amount', () => {
    expect(Pending.toTransaction(sent('0xbb'))).toMatchObject({
      metadata: { operationType: 'send', status: 'pending', chain: 'eip155:31337' },
      transfers: [{ direction: 'out', quantity: { numeric: '0.1' }, fungible_info: { symbol: 'ETH' } }],
    })
  })
})

describe('create', () => {
  test('adds (newest first, one per hash) and removes by hash, case-insensitively', () => {
    const pending = Pending.create()
    pending.add(sent('0xaa'))
    pending.add(sent('0xbb'))
    pending.add(sent('0xaa'))
    expect(pending.get().map((s) => s.hash)).toEqual(['0xaa', '0xbb'])
    pending.remove('0xAA')
    expect(pending.get().map((s) => s.hash)).toEqual(['0xbb'])
  })
})
