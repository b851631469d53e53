import { Caip, Constants } from '@frontdoor/schemas'
import { describe, expect, test } from 'vitest'
import * as Chains from './Chains.js'

const upstreams = { 'eip155:31337': ['http://a'], 'eip155:31338': ['http://b'] }

describe('fromEnv', () => {
  test("the spec's 12 swap chains and the devnets with upstreams by default", () => {
    expect(Chains.fromEnv({}, upstreams)).toEqual([
      ...Constants.SWAP_SUPPORTED_CHAINS,
      'eip155:31337',
      'eip155:31338',
    ])
    expect(Chains.fromEnv({}, { 'eip155:31338': ['http://b'] })).toEqual([
      ...Constants.SWAP_SUPPORTED_CHAINS,
      'eip155:31338',
    ])
    expect(Chains.fromEnv({}, upstreams)).toHaveLength(Constants.SWAP_SUPPORTED_CHAINS_COUNT + 2)
  })

  test('CONVERT_CHAINS lists them; empty turns swaps off; a bad id refuses to start', () => {
    expect(Chains.fromEnv({ CONVERT_CHAINS: 'eip155:1, eip155:8453' }, upstreams)).toEqual([
      'eip155:1',
      'eip155:8453',
    ])
    expect(Chains.fromEnv({ CONVERT_CHAINS: '' }, upstreams)).toEqual([])
    expect(() => Chains.fromEnv({ CONVERT_CHAINS: 'mainnet' }, upstreams)).toThrow(
      Caip.invalidCaip2Message('mainnet'),
    )
  })
})
