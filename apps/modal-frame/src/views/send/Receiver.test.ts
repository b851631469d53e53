import * as Errors from '@frontdoor/schemas/errors'
import { describe, expect, test } from 'vitest'
import * as Receiver from './Receiver.js'

describe('classify', () => {
  test('addresses, names, and what is neither', () => {
    expect(Receiver.classify(' 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 ')).toEqual({
      kind: 'address',
      value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    })
    expect(Receiver.classify('alice.frontdoor.id').kind).toBe('name')
    expect(Receiver.classify('alice').kind).toBe('name')
    expect(Receiver.classify('0x1234').kind).toBe('invalid')
    expect(Receiver.classify('not a name!').kind).toBe('invalid')
    expect(Receiver.classify('  ').kind).toBe('empty')
    expect(Errors.NAMES.RESOLVE).toBe('Error resolving name')
  })
})

describe('fromProfile', () => {
  test('the EVM address (coin type 60) and the avatar of a name', () => {
    expect(
      Receiver.fromProfile({
        name: 'alice.frontdoor.id',
        registered_at: '2025-01-01',
        addresses: { '60': { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } },
        attributes: [{ bio: 'hi' }, { avatar: 'https://x/a.png' }],
      }),
    ).toEqual({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', avatar: 'https://x/a.png' })
    expect(
      Receiver.fromProfile({ name: 'x', registered_at: '', addresses: { '501': { address: 'So1ana' } } }),
    ).toBeUndefined()
  })
})
