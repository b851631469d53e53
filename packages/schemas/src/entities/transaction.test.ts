import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Transaction from './transaction.js'

/** A transaction as the history API returns it. */
const receive = {
  id: '0xabc:0',
  metadata: {
    operationType: 'receive',
    hash: '0xabc',
    chain: 'eip155:31337',
    minedAt: '2025-03-04T05:06:07.000Z',
    sentFrom: '0x1111111111111111111111111111111111111111',
    sentTo: '0x2222222222222222222222222222222222222222',
    status: 'confirmed',
    nonce: 7,
  },
  transfers: [
    {
      fungible_info: {
        name: 'Dev USD',
        symbol: 'DUSD',
        icon: { url: 'http://127.0.0.1:4000/public/getTokenImage/DUSD' },
      },
      direction: 'in',
      quantity: { numeric: '12.5' },
      value: 12.5,
      price: 1,
    },
  ],
}

describe('TransactionStatus', () => {
  test('confirmed, failed, pending', () => {
    expect(Transaction.TransactionStatus.options).toEqual(['confirmed', 'failed', 'pending'])
  })
})

describe('TransferDirection', () => {
  test('in, out, self', () => {
    expect(Transaction.TransferDirection.options).toEqual(['in', 'out', 'self'])
  })
})

describe('FungibleInfo', () => {
  test('name, symbol, icon url', () => {
    expect(Transaction.FungibleInfo.safeParse({ symbol: 'ETH' }).success).toBe(true)
    expect(Transaction.FungibleInfo.safeParse({ icon: 'x' }).success).toBe(false)
  })
})

describe('NftInfo', () => {
  test('the spam flag is required', () => {
    expect(Transaction.NftInfo.safeParse({ name: 'Punk', flags: { is_spam: true } }).success).toBe(true)
    expect(Transaction.NftInfo.safeParse({ name: 'Punk' }).success).toBe(false)
  })
})

describe('Transfer', () => {
  test('quantity.numeric is a string', () => {
    expect(Transaction.Transfer.safeParse({ direction: 'out', quantity: { numeric: '1' } }).success).toBe(
      true,
    )
    expect(Transaction.Transfer.safeParse({ direction: 'out', quantity: { numeric: 1 } }).success).toBe(false)
    expect(Transaction.Transfer.safeParse({ direction: 'up', quantity: { numeric: '1' } }).success).toBe(
      false,
    )
  })
})

describe('TransactionMetadata', () => {
  test('status must be known', () => {
    expect(Transaction.TransactionMetadata.safeParse({ ...receive.metadata, status: 'lost' }).success).toBe(
      false,
    )
  })
})

describe('Transaction', () => {
  test('the shape of REFERENCE.md', () => {
    expect(z.parse(Transaction.Transaction, receive)).toEqual(receive)
  })

  test('an NFT transfer', () => {
    const nft = {
      ...receive,
      transfers: [
        {
          nft_info: {
            name: 'Gem #1',
            content: { preview: { url: 'http://x/1.png' } },
            flags: { is_spam: false },
          },
          direction: 'in',
          quantity: { numeric: '1' },
        },
      ],
    }
    expect(z.parse(Transaction.Transaction, nft)).toEqual(nft)
  })
})
