import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type * as Transaction from '../entities/transaction.js'
import * as Transactions from './transactions.js'

function tx(
  id: string,
  minedAt: string,
  options: { chain?: string; spam?: boolean[] } = {},
): Transaction.Transaction {
  const spam = options.spam ?? []
  return {
    id,
    metadata: {
      operationType: 'receive',
      hash: `0x${id}`,
      chain: options.chain ?? 'eip155:31337',
      minedAt,
      sentFrom: '0x1',
      sentTo: '0x2',
      status: 'confirmed',
      nonce: 0,
    },
    transfers:
      spam.length > 0
        ? spam.map((is_spam) => ({
            nft_info: { flags: { is_spam } },
            direction: 'in',
            quantity: { numeric: '1' },
          }))
        : [{ fungible_info: { symbol: 'ETH' }, direction: 'in', quantity: { numeric: '1' } }],
  }
}

describe('isSpamOnly', () => {
  test('only when every transfer is a spam NFT', () => {
    expect(Transactions.isSpamOnly(tx('a', '2025-01-01T00:00:00Z', { spam: [true, true] }))).toBe(true)
    expect(Transactions.isSpamOnly(tx('a', '2025-01-01T00:00:00Z', { spam: [true, false] }))).toBe(false)
    expect(Transactions.isSpamOnly(tx('a', '2025-01-01T00:00:00Z'))).toBe(false)
    expect(Transactions.isSpamOnly({ ...tx('a', '2025-01-01T00:00:00Z'), transfers: [] })).toBe(false)
  })
})

describe('filter', () => {
  test('drops spam-only transactions and other chains', () => {
    const list = [
      tx('keep', '2025-01-01T00:00:00Z'),
      tx('spam', '2025-01-01T00:00:00Z', { spam: [true] }),
      tx('mixed', '2025-01-01T00:00:00Z', { spam: [true, false] }),
      tx('other', '2025-01-01T00:00:00Z', { chain: 'eip155:31338' }),
    ]
    expect(Transactions.filter(list, 'eip155:31337').map((t) => t.id)).toEqual(['keep', 'mixed'])
  })
})

describe('groupByYearMonth', () => {
  test('by year, then month, newest first', () => {
    const groups = Transactions.groupByYearMonth([
      tx('a', '2024-12-31T23:00:00Z'),
      tx('b', '2025-02-10T00:00:00Z'),
      tx('c', '2025-02-20T00:00:00Z'),
      tx('d', '2025-01-05T00:00:00Z'),
      tx('e', '2024-11-01T00:00:00Z'),
    ])
    expect(
      groups.map((y) => ({
        year: y.year,
        months: y.months.map((m) => [m.month, m.transactions.map((t) => t.id)]),
      })),
    ).toEqual([
      {
        year: 2025,
        months: [
          [1, ['c', 'b']],
          [0, ['d']],
        ],
      },
      {
        year: 2024,
        months: [
          [11, ['a']],
          [10, ['e']],
        ],
      },
    ])
    expect(Transactions.groupByYearMonth([])).toEqual([])
  })

  test('property: keeps every transaction once, newest first, years and months strictly descending', () => {
    const date = fc.date({ min: new Date('2015-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
    fc.assert(
      fc.property(fc.array(date, { maxLength: 30 }), (dates) => {
        const list = dates.map((d, i) => tx(String(i), d.toISOString()))
        const groups = Transactions.groupByYearMonth(list)
        const flat = groups.flatMap((y) => y.months.flatMap((m) => m.transactions))
        expect(flat.map((t) => t.id).sort()).toEqual(list.map((t) => t.id).sort())
        const times = flat.map((t) => Date.parse(t.metadata.minedAt))
        expect(times).toEqual([...times].sort((a, b) => b - a))
        for (let i = 1; i < groups.length; i++) expect(groups[i]!.year).toBeLessThan(groups[i - 1]!.year)
        for (const y of groups) {
          for (let i = 1; i < y.months.length; i++)
            expect(y.months[i]!.month).toBeLessThan(y.months[i - 1]!.month)
          for (const m of y.months)
            for (const t of m.transactions) {
              const d = new Date(t.metadata.minedAt)
              expect([d.getUTCFullYear(), d.getUTCMonth()]).toEqual([y.year, m.month])
            }
        }
      }),
      { numRuns: 50 },
    )
  })
})
