import { Network } from '@frontdoor/schemas'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Networks from './Networks.js'

describe('networkOf', () => {
  test('a chain id or a CAIP-2 id becomes a network with no RPC URL of its own, valid for the modal', () => {
    const byId = Networks.networkOf(31339)
    expect(byId).toEqual({
      id: 31339,
      caipNetworkId: 'eip155:31339',
      chainNamespace: 'eip155',
      name: 'Chain 31339',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    })
    expect(Networks.networkOf('31339')).toEqual(byId)
    expect(Networks.networkOf('eip155:31339')).toEqual(byId)
    const solana = Networks.networkOf('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(solana).toMatchObject({ id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', chainNamespace: 'solana' })
    for (const network of [byId, solana]) expect(z.safeParse(Network.Network, network).error).toBeUndefined()
  })

  test('a full network stays as the page defined it; anything else is refused', () => {
    const own = {
      ...Networks.networkOf(1),
      name: 'Mine',
      rpcUrls: { default: { http: ['https://rpc.example'] } },
    }
    expect(Networks.networkOf(own)).toBe(own)
    for (const wrong of [0, -1, 'mainnet', 'eip155:0x1', 'eip155:1:2', 'foo:1', ''])
      expect(() => Networks.networkOf(wrong)).toThrow(/is neither a network, a CAIP-2 id nor a chain id/)
  })
})
