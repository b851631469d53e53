import type * as Transaction from '@frontdoor/schemas/entities/transaction'
import { describe, expect, test } from 'vitest'
import * as Activity from './Activity.js'

function tx(
  operationType: string,
  transfers: Transaction.Transfer[],
  status: Transaction.TransactionStatus = 'confirmed',
): Transaction.Transaction {
  return {
    id: `${operationType}-${transfers.length}`,
    metadata: {
      operationType,
      hash: '0xabc',
      chain: 'eip155:31337',
      minedAt: '2025-11-23T10:00:00Z',
      sentFrom: '0x1',
      sentTo: '0x2',
      status,
      nonce: 0,
    },
    transfers,
  }
}
const fungible = (symbol: string, numeric: string, direction: Transaction.Transfer['direction'] = 'in') => ({
  fungible_info: { symbol },
  direction,
  quantity: { numeric },
})

describe('parts', () => {
  test("'+' for receive, deposit, borrow, claim; '-' for withdraw, repay, burn; none otherwise", () => {
    for (const type of ['receive', 'deposit', 'borrow', 'claim'])
      expect(Activity.parts(tx(type, [fungible('ETH', '0.1')]))[0]?.text).toBe('+0.1 ETH')
    for (const type of ['withdraw', 'repay', 'burn'])
      expect(Activity.parts(tx(type, [fungible('FUSD', '5', 'out')]))[0]?.text).toBe('-5 FUSD')
    for (const type of ['send', 'mint', 'trade'])
      expect(Activity.parts(tx(type, [fungible('ETH', '0.1')]))[0]?.text).toBe('0.1 ETH')
  })

  test('amounts have at most 3 decimals', () => {
    expect(Activity.parts(tx('receive', [fungible('ETH', '1234.56789')]))[0]?.text).toBe('+1,234.568 ETH')
  })

  test('a trade reads out -> in; approvals name the token only; NFTs their name', () => {
    const trade = tx('trade', [fungible('FUSD', '2000'), fungible('ETH', '1', 'out')])
    expect(Activity.parts(trade).map((p) => p.text)).toEqual(['1 ETH', '2,000 FUSD'])
    expect(Activity.separator(trade)).toBe(' → ')
    expect(Activity.parts(tx('approve', [fungible('FUSD', '1e+30', 'self')]))[0]?.text).toBe('FUSD')
    const nft = tx('receive', [
      {
        nft_info: { name: 'Key #3', flags: { is_spam: false } },
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ])
    expect(Activity.parts(nft)[0]?.text).toBe('+Key #3')
  })
})

describe('title, monthName, day, pendingOf', () => {
  test('reads', () => {
    expect(Activity.title(tx('receive', []))).toBe('Receive')
    expect(Activity.monthName(0)).toBe('January')
    expect(Activity.monthName(10)).toBe('November')
    expect(Activity.day(tx('send', []))).toBe('Nov 23')
    expect(
      Activity.pendingOf([tx('send', [], 'pending'), tx('send', [], 'confirmed'), tx('send', [], 'pending')]),
    ).toBe(2)
  })
})
