import { describe, expect, test } from 'vitest'
import * as Nfts from './nfts.js'

describe('NftsQuery', () => {
  test('project id and an optional CAIP-2 chain', () => {
    expect(Nfts.NftsQuery.safeParse({ projectId: 'p', chainId: 'eip155:31337' }).success).toBe(true)
    expect(Nfts.NftsQuery.safeParse({ projectId: 'p', chainId: '31337' }).success).toBe(false)
    expect(Nfts.NftsQuery.safeParse({}).success).toBe(false)
  })
})

describe('NftsResponse', () => {
  test('owned items with their collection and spam flag', () => {
    const nft = {
      id: 'eip155:31337:0xc4c08a54ea87fa85965ecd167e94ebab3dc5e051:1',
      chainId: 'eip155:31337',
      contract: 'eip155:31337:0xC4c08a54eA87fa85965ECd167e94EBaB3dC5e051',
      tokenId: '1',
      name: 'Frontdoor Keys #1',
      image: 'data:image/svg+xml;base64,PHN2Zy8+',
      collection: { name: 'Frontdoor Keys', symbol: 'KEY' },
      is_spam: false,
    }
    expect(Nfts.NftsResponse.safeParse({ nfts: [nft] }).success).toBe(true)
    expect(Nfts.NftsResponse.safeParse({ nfts: [{ ...nft, image: null }] }).success).toBe(true)
    expect(Nfts.NftsResponse.safeParse({ nfts: [{ ...nft, is_spam: 'no' }] }).success).toBe(false)
  })
})
