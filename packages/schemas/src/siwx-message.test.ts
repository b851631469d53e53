import { describe, expect, test } from 'vitest'
import * as SiwxMessage from './siwx-message.js'

const data = {
  domain: 'shop.example',
  accountAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: 'eip155:31337',
  uri: 'https://shop.example/login',
  version: '1',
  nonce: 'k2Jd8sL0qXv',
  issuedAt: '2026-11-25T12:00:00.000Z',
}

// EIP-4361's own example layout, with every optional field.
const full = `shop.example wants you to sign in with your Ethereum account:
0x70997970C51812dc3A010C7d01b50e0d17dc79C8

Sign in to the shop.

URI: https://shop.example/login
Version: 1
Chain ID: 31337
Nonce: k2Jd8sL0qXv
Issued At: 2026-11-25T12:00:00.000Z
Expiration Time: 2026-11-25T12:10:00.000Z
Not Before: 2026-11-25T11:59:00.000Z
Request ID: r-1
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://shop.example/terms`

describe('format and parse', () => {
  test('writes the EIP-4361 text with every field, and reads it back', () => {
    const all = {
      ...data,
      statement: 'Sign in to the shop.',
      expirationTime: '2026-11-25T12:10:00.000Z',
      notBefore: '2026-11-25T11:59:00.000Z',
      requestId: 'r-1',
      resources: [
        'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
        'https://shop.example/terms',
      ],
    }
    expect(SiwxMessage.format(all)).toBe(full)
    expect(SiwxMessage.parse(full)).toEqual(all)
  })

  test('without a statement, two blank lines separate the address from the URI', () => {
    const text = SiwxMessage.format(data)
    expect(text).toContain('0x70997970C51812dc3A010C7d01b50e0d17dc79C8\n\n\nURI: ')
    expect(SiwxMessage.parse(text)).toEqual(data)
  })

  test('Solana accounts are named as CAIP-122 names them, and the chain id is the genesis reference', () => {
    const solana = {
      ...data,
      accountAddress: 'FoLsGg3n2B7iKd6cB2M7W7Xp3yJbKd8qXh1W4QyVvFz3',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    }
    const text = SiwxMessage.format(solana)
    expect(text.split('\n')[0]).toBe('shop.example wants you to sign in with your Solana account:')
    expect(text).toContain('\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n')
    expect(SiwxMessage.parse(text)).toEqual(solana)
  })
})

describe('parse refuses what is not a sign-in message', () => {
  const cases: [string, string][] = [
    ['another first line', full.replace('wants you to sign in', 'asks you to sign in')],
    ['an unknown account kind', full.replace('Ethereum account', 'Dogecoin account')],
    ['no blank line after the address', full.replace('C8\n\n', 'C8\n')],
    ['a version other than 1', full.replace('Version: 1', 'Version: 2')],
    ['a short nonce', full.replace('k2Jd8sL0qXv', 'abc')],
    ['a nonce with symbols', full.replace('k2Jd8sL0qXv', 'k2Jd8sL0q-Xv')],
    ['no nonce', full.replace('Nonce: k2Jd8sL0qXv\n', '')],
    ['no issue time', full.replace('Issued At: 2026-11-25T12:00:00.000Z\n', '')],
    ['a time that is not ISO-8601', full.replace('2026-11-25T12:10:00.000Z', 'tomorrow')],
    ['fields out of order', full.replace('Version: 1\nChain ID: 31337', 'Chain ID: 31337\nVersion: 1')],
    ['a line after the resources', `${full}\nP.S. hello`],
  ]
  test.each(cases)('%s', (_, text) => {
    expect(() => SiwxMessage.parse(text)).toThrow(SiwxMessage.MessageError)
  })

  test('format refuses a namespace without a sign-in profile', () => {
    expect(() => SiwxMessage.format({ ...data, chainId: 'cosmos:cosmoshub-4' })).toThrow(
      SiwxMessage.MessageError,
    )
  })
})
