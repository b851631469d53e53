import type * as HostModal from '@frontdoor/protocol/host-modal'
import type { Directory } from '@frontdoor/schemas'
import { describe, expect, test } from 'vitest'
import * as WalletRows from './WalletRows.js'

const ICON = 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E'
const injected = (name: string, rdns: string, n: number): HostModal.InjectedWallet => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  rdns,
  icon: ICON,
})
const wallet = (id: string, rdns?: string): Directory.Wallet => ({
  id,
  name: `Wallet ${id}`,
  chains: ['eip155:31337'],
  image_id: `img-${id}`,
  image_url: `http://127.0.0.1:4000/getWalletImage/img-${id}`,
  ...(rdns ? { rdns } : {}),
})

describe('walletRows', () => {
  test('recent first, then installed, then 4 directory wallets; nothing twice', () => {
    const rows = WalletRows.walletRows({
      injected: [injected('Orange', 'com.orange', 1), injected('Lime', 'com.lime', 2)],
      recent: [
        { id: 'b', name: 'Wallet b' },
        { id: 'com.lime', name: 'Lime' },
      ],
      wallets: [wallet('a', 'com.orange'), wallet('b'), wallet('c'), wallet('d'), wallet('e'), wallet('f')],
    })
    expect(rows.map((r) => [r.key, r.tag ?? ''])).toEqual([
      ['recent:b', 'Recent'],
      ['recent:com.lime', 'Recent'],
      ['injected:00000000-0000-4000-8000-000000000001', 'Installed'],
      ['wallet:c', ''],
      ['wallet:d', ''],
      ['wallet:e', ''],
      ['wallet:f', ''],
    ])
  })

  test('a recent injected wallet opens ConnectingExternal; a recent WalletConnect one pairs with its entry', () => {
    const b = wallet('b')
    const [walletConnect, external] = WalletRows.walletRows({
      injected: [injected('Lime', 'com.lime', 2)],
      recent: [
        { id: 'b', name: 'Wallet b', image_url: 'http://img/b' },
        { id: 'com.lime', name: 'Lime' },
      ],
      wallets: [b],
    })
    expect(walletConnect).toMatchObject({
      walletConnect: true,
      image: 'http://img/b',
      target: { view: 'ConnectingWalletConnect', data: { id: 'b', name: 'Wallet b', wallet: b } },
    })
    expect(external).toMatchObject({
      walletConnect: false,
      image: ICON,
      target: { view: 'ConnectingExternal', data: { rdns: 'com.lime', name: 'Lime' } },
    })
  })

  test('a recent wallet the page no longer has is still offered by WalletConnect', () => {
    const [row] = WalletRows.walletRows({ injected: [], recent: [{ id: 'gone', name: 'Gone' }], wallets: [] })
    expect(row?.target).toEqual({
      view: 'ConnectingWalletConnect',
      data: { id: 'gone', name: 'Gone', image_url: undefined },
    })
  })

  test('at most 2 recent wallets', () => {
    const rows = WalletRows.walletRows({
      injected: [],
      recent: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
        { id: 'c', name: 'C' },
      ],
      wallets: [],
    })
    expect(rows.map((r) => r.key)).toEqual(['recent:a', 'recent:b'])
  })

  test('include, exclude and the featured order apply to the directory rows, as in AllWallets', () => {
    const wallets = 'abcdefgh'.split('').map((id) => wallet(id))
    const rows = WalletRows.walletRows({
      injected: [],
      recent: [],
      wallets,
      filters: { featured: ['g', 'e'], exclude: ['a', 'c'] },
    })
    // g and e lead (the page's order), then 4 recommended without a and c.
    expect(rows.map((r) => r.key)).toEqual([
      'wallet:g',
      'wallet:e',
      'wallet:b',
      'wallet:d',
      'wallet:f',
      'wallet:h',
    ])

    const included = WalletRows.walletRows({
      injected: [injected('Orange', 'com.orange', 1)],
      recent: [
        { id: 'b', name: 'Wallet b' },
        { id: 'f', name: 'Wallet f' },
      ],
      wallets,
      filters: { include: ['d', 'f'], featured: ['f', 'a'] },
    })
    // A recent WalletConnect wallet outside the include list is not offered; installed wallets stay.
    expect(included.map((r) => r.key)).toEqual([
      'recent:f',
      'injected:00000000-0000-4000-8000-000000000001',
      'wallet:d',
    ])
  })

  test('an excluded recent WalletConnect wallet is not offered', () => {
    const rows = WalletRows.walletRows({
      injected: [],
      recent: [{ id: 'b', name: 'Wallet b' }],
      wallets: [wallet('b'), wallet('c')],
      filters: { exclude: ['b'] },
    })
    expect(rows.map((r) => r.key)).toEqual(['wallet:c'])
  })
})
