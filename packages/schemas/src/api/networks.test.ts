import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Networks from './networks.js'

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

describe('caipNetworkIdOf / find', () => {
  test('a CAIP-2 id, a chain id as a number, a decimal or 0x string all name the same network', () => {
    for (const ref of ['eip155:31339', 31339, '31339', '0x7a6b'])
      expect(Networks.caipNetworkIdOf(ref)).toBe('eip155:31339')
    expect(Networks.caipNetworkIdOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
    for (const ref of [0, -1, 'mainnet', '', 1.5]) expect(Networks.caipNetworkIdOf(ref)).toBeUndefined()
  })

  test("finds the registry's entry, or nothing for a chain it does not list", () => {
    const registry = [devnet(31337), devnet(31339)]
    expect(Networks.find(registry, 31339)?.name).toBe('Frontdoor Devnet 31339')
    expect(Networks.find(registry, 'eip155:31337')?.id).toBe(31337)
    expect(Networks.find(registry, 31338)).toBeUndefined()
    expect(Networks.find(registry, 'nonsense')).toBeUndefined()
  })
})
