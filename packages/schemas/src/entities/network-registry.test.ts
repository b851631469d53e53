import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Networks from './network-registry.js'

const devnet = (id: number) => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155' as const,
  name: `Frontdoor Devnet ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${id - 22792}`] } },
  testnet: true,
})

describe('NetworksResponse', () => {
  test('a list of CAIP networks; one malformed entry fails the answer', () => {
    const body = { networks: [devnet(31337), devnet(31339)] }
    expect(z.parse(Networks.NetworksResponse, body)).toEqual(body)
    const wrongId = { networks: [{ ...devnet(31339), caipNetworkId: 'eip155:1' }] }
    expect(Networks.NetworksResponse.safeParse(wrongId).success).toBe(false)
    expect(Networks.NetworksResponse.safeParse({}).success).toBe(false)
  })
})

describe('namedOnly', () => {
  test('a network with no RPC URL and no name of its own was named only by its id', () => {
    const idOnly = { ...devnet(31339), name: 'Chain 31339', rpcUrls: { default: { http: [] } } }
    expect(Networks.namedOnly(idOnly)).toBe(true)
    expect(Networks.namedOnly({ ...idOnly, rpcUrls: devnet(31339).rpcUrls })).toBe(false)
    // The demo's devnets: named by the page, no RPC URL (the modal reads through the API's proxy).
    expect(Networks.namedOnly({ ...idOnly, name: 'Devnet 31339' })).toBe(false)
  })
})
