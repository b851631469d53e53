import { Chains, Network } from '@frontdoor/schemas'
import { afterAll, describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as TestApp from '../TestApp.js'

const t = await TestApp.create({
  upstreams: { 'eip155:31337': ['http://127.0.0.1:1'], 'eip155:31338': ['http://127.0.0.1:2'] },
})
afterAll(() => t.close())

describe('GET /v1/supported-chains', () => {
  test('lists the chains the RPC proxy serves', async () => {
    const { body } = await t.getJson('/v1/supported-chains')
    expect(body).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
    expect(z.safeParse(Chains.SupportedChainsResponse, body).error).toBeUndefined()
  })
})

describe('GET /v1/networks', () => {
  test('lists CAIP networks: the devnets and production networks', async () => {
    const { body } = await t.getJson('/v1/networks')
    const ids = body.networks.map((n: { caipNetworkId: string }) => n.caipNetworkId)
    expect(ids).toEqual([
      'eip155:31337',
      'eip155:31338',
      'eip155:1',
      'eip155:10',
      'eip155:56',
      'eip155:137',
      'eip155:8453',
      'eip155:42161',
      'eip155:43114',
      'eip155:11155111',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    ])
    expect(body.networks[2]).toMatchObject({
      id: 1,
      chainNamespace: 'eip155',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      testnet: false,
    })
    for (const network of body.networks) expect(z.safeParse(Network.Network, network).error).toBeUndefined()
    expect(body.networks[0].rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
  })
})
