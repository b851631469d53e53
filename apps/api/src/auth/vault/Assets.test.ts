import { describe, expect, test } from 'vitest'
import * as Assets from './Assets.js'

const balances = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:31337',
    value: 3000,
    price: 2000,
    quantity: { decimals: '18', numeric: '1.5' },
    iconUrl: 'http://127.0.0.1:4000/public/getTokenImage/ETH',
  },
  {
    name: 'Frontdoor USD',
    symbol: 'FUSD',
    chainId: 'eip155:31337',
    address: 'eip155:31337:0x86963c0be1ef7df4273e5c86e918759a97486169',
    value: 5,
    price: 1,
    quantity: { decimals: '6', numeric: '5' },
    iconUrl: 'http://127.0.0.1:4000/public/getTokenImage/FUSD',
  },
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:31338',
    price: 0,
    quantity: { decimals: '18', numeric: '0.000000000000000001' },
    iconUrl: '',
  },
]
const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('answer', () => {
  test('balances as EIP-7811 assets: hex chain ids, base-unit hex balances, checksummed tokens; the price, value and icon of the balance (the modal prices them as the balance route)', () => {
    expect(Assets.answer(balances, { account })).toEqual({
      '0x7a69': [
        {
          address: 'native',
          balance: '0x14d1120d7b160000',
          type: 'native',
          metadata: {
            symbol: 'ETH',
            decimals: 18,
            name: 'Ether',
            price: 2000,
            value: 3000,
            iconUrl: 'http://127.0.0.1:4000/public/getTokenImage/ETH',
          },
        },
        {
          address: '0x86963C0Be1Ef7dF4273e5c86E918759a97486169',
          balance: '0x4c4b40',
          type: 'erc20',
          metadata: {
            symbol: 'FUSD',
            decimals: 6,
            name: 'Frontdoor USD',
            price: 1,
            value: 5,
            iconUrl: 'http://127.0.0.1:4000/public/getTokenImage/FUSD',
          },
        },
      ],
      '0x7a6a': [
        {
          address: 'native',
          balance: '0x1',
          type: 'native',
          metadata: { symbol: 'ETH', decimals: 18, name: 'Ether', price: 0, value: 0, iconUrl: '' },
        },
      ],
    })
  })

  test('the asset type and asset filters', () => {
    expect(Assets.answer(balances, { account, assetTypeFilter: ['erc20'] })).toEqual({
      '0x7a69': [expect.objectContaining({ type: 'erc20' })],
    })
    expect(
      Assets.answer(balances, {
        account,
        assetFilter: { '0x7a69': [{ address: '0x86963c0be1ef7df4273e5c86e918759a97486169', type: 'erc20' }] },
      }),
    ).toEqual({ '0x7a69': [expect.objectContaining({ type: 'erc20' })] })
  })
})

describe('chainsOf', () => {
  test('the served chains a chain filter names; all served ones without one', () => {
    const served = ['eip155:31337', 'eip155:31338']
    expect(Assets.chainsOf({ account }, served)).toEqual(served)
    expect(Assets.chainsOf({ account, chainFilter: ['0x7a6a', '0x1'] }, served)).toEqual(['eip155:31338'])
  })
})
