import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Assets from './assets.js'

describe('WalletAssetsResponse', () => {
  test('EIP-7811: hex chain ids to assets with a hex balance, a type and metadata', () => {
    const answer = {
      '0x7a69': [
        {
          address: 'native',
          balance: '0x1bc16d674ec80000',
          type: 'native',
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
        {
          address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          balance: '0xf4240',
          type: 'erc20',
          metadata: { name: 'Frontdoor USD', symbol: 'FUSD', decimals: 6 },
        },
      ],
    }
    expect(z.parse(Assets.WalletAssetsResponse, answer)).toEqual(answer)
  })
  test('a decimal balance or a decimal chain id is refused', () => {
    const asset = { address: 'native', balance: '100', type: 'native' }
    expect(Assets.WalletAssetsResponse.safeParse({ '0x1': [asset] }).success).toBe(false)
    expect(Assets.WalletAssetsResponse.safeParse({ '1': [{ ...asset, balance: '0x64' }] }).success).toBe(
      false,
    )
  })
  test('the request needs an account address', () => {
    expect(Assets.WalletAssetsRequest.safeParse({ account: '0x1' }).success).toBe(false)
    expect(
      Assets.WalletAssetsRequest.safeParse({ account: `0x${'a'.repeat(40)}`, chainFilter: ['0x7a69'] })
        .success,
    ).toBe(true)
  })
})
