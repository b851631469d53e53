import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Token from './token.js'

describe('TokenBalance', () => {
  test('native (no address) and ERC-20', () => {
    const native = {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31337',
      value: 3000,
      price: 3000,
      quantity: { decimals: '18', numeric: '1' },
      iconUrl: '',
    }
    expect(z.parse(Token.TokenBalance, native)).toEqual(native)
    const erc20 = { ...native, address: 'eip155:31337:0x5', quantity: { decimals: 6, numeric: '10' } }
    expect(z.parse(Token.TokenBalance, erc20)).toEqual(erc20)
    expect(Token.TokenBalance.safeParse({ ...native, quantity: { numeric: '1' } }).success).toBe(false)
  })
})

describe('AssetFromWallet', () => {
  test('hex balance and type ERC20 or NATIVE', () => {
    const asset = {
      address: 'native',
      balance: '0xde0b6b3a7640000',
      type: 'NATIVE',
      metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, value: 1, price: 1, iconUrl: '' },
    }
    expect(z.parse(Token.AssetFromWallet, asset)).toEqual(asset)
    expect(Token.AssetFromWallet.safeParse({ ...asset, balance: '100' }).error?.issues[0]?.message).toBe(
      'balance must be hex',
    )
    expect(Token.AssetFromWallet.safeParse({ ...asset, type: 'ERC721' }).success).toBe(false)
  })
})
