import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Wallet from './wallet.js'

describe('WalletEntry', () => {
  test('keeps the fields of spec section 3 only', () => {
    const entry = z.parse(Wallet.WalletEntry, {
      id: 'w',
      name: 'W',
      image_id: 'i',
      rdns: 'example.w',
      mobile_link: null,
      desktop_link: null,
      webapp_link: 'https://w.example',
      chains: ['eip155:1'],
      description: 'dropped',
    })
    expect(Object.keys(entry).sort()).toEqual([
      'chains',
      'desktop_link',
      'id',
      'image_id',
      'mobile_link',
      'name',
      'rdns',
      'webapp_link',
    ])
  })
})
