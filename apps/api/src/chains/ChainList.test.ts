import { describe, expect, test } from 'vitest'
import * as ChainList from './ChainList.js'

describe('parse', () => {
  const upstreams = { 'eip155:31337': ['http://127.0.0.1:8545'] }

  test('unset: the devnets the API has upstreams for', () => {
    expect(ChainList.parse(undefined, upstreams)).toEqual(['eip155:31337'])
    expect(ChainList.parse(undefined, { ...upstreams, 'eip155:31338': ['x'] })).toEqual([
      'eip155:31337',
      'eip155:31338',
    ])
  })

  test('a comma list, trimmed; empty: none', () => {
    expect(ChainList.parse(' eip155:1, eip155:8453 ,', {})).toEqual(['eip155:1', 'eip155:8453'])
    expect(ChainList.parse('', upstreams)).toEqual([])
  })

  test('an id that is not CAIP-2 throws', () => {
    expect(() => ChainList.parse('mainnet', upstreams)).toThrow()
  })
})
