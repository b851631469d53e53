import { describe, expect, test } from 'vitest'
import * as NamespaceAccounts from './NamespaceAccounts.js'

const CAIP_ACCOUNTS = [
  { address: 'cosmos:cosmoshub-4:cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02', type: 'eoa' },
  { address: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'eoa' },
  {
    address: 'bip122:000000000019d6689c085ae165831e93:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    type: 'payment',
  },
  {
    address: 'polkadot:91b171bb158e2d3848fa23a9f1c25182:14E5nqKAp3oAJcmzgZhUD2RcptBeUBScxKHgJKU4HPNcKVf3',
    type: 'eoa',
  },
  { address: 'not-caip', type: 'eoa' },
]

describe('of', () => {
  test('Bitcoin, Polkadot and Cosmos, in that order, with their full addresses; other namespaces and junk left out', () => {
    expect(NamespaceAccounts.of(CAIP_ACCOUNTS)).toEqual([
      {
        namespace: 'bip122',
        name: 'Bitcoin',
        chainId: 'bip122:000000000019d6689c085ae165831e93',
        address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      },
      {
        namespace: 'polkadot',
        name: 'Polkadot',
        chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
        address: '14E5nqKAp3oAJcmzgZhUD2RcptBeUBScxKHgJKU4HPNcKVf3',
      },
      {
        namespace: 'cosmos',
        name: 'Cosmos',
        chainId: 'cosmos:cosmoshub-4',
        address: 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02',
      },
    ])
  })

  test('a user without them (keys that did not open): nothing to show', () => {
    expect(NamespaceAccounts.of(undefined)).toEqual([])
    expect(NamespaceAccounts.of([])).toEqual([])
  })

  test('isNamespace: the three only', () => {
    expect(
      ['bip122', 'polkadot', 'cosmos', 'eip155', 'solana', 'toString'].map(NamespaceAccounts.isNamespace),
    ).toEqual([true, true, true, false, false, false])
  })
})
