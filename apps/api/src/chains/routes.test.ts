import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Chains, Constants, Network } from '@frontdoor/schemas'
import * as NetworkRegistry from '@frontdoor/schemas/entities/network-registry'
import { afterAll, describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Config from '../Config.js'
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

describe('GET /v1/smart-account/networks', () => {
  test('lists the chains with a bundler (the devnets by default), none without', async () => {
    expect(t.deps.config.bundlers).toEqual({
      'eip155:31337': 'http://127.0.0.1:4337/31337',
      'eip155:31338': 'http://127.0.0.1:4337/31338',
    })
    const { status, body } = await t.getJson(Chains.SMART_ACCOUNT_NETWORKS_PATH)
    expect(status).toBe(200)
    expect(body).toEqual({ networks: ['eip155:31337', 'eip155:31338'] })
    expect(z.safeParse(Chains.SmartAccountNetworksResponse, body).error).toBeUndefined()
    const bundlers = t.deps.config.bundlers
    t.deps.config.bundlers = {}
    try {
      expect((await t.getJson(Chains.SMART_ACCOUNT_NETWORKS_PATH)).body).toEqual({ networks: [] })
    } finally {
      t.deps.config.bundlers = bundlers
    }
  })
})

describe('GET /v1/networks', () => {
  test("lists CAIP networks: the devnets, the embedded wallet's 24 EVM networks with the 12 swap chains, Solana's 3 clusters and the local one", async () => {
    const { body } = await t.getJson('/v1/networks')
    const ids = body.networks.map((n: { caipNetworkId: string }) => n.caipNetworkId)
    expect(ids).toEqual([
      'eip155:31337',
      'eip155:31338',
      'eip155:1',
      'eip155:10',
      'eip155:56',
      'eip155:100',
      'eip155:137',
      'eip155:250',
      'eip155:324',
      'eip155:8453',
      'eip155:42161',
      'eip155:43114',
      'eip155:8217',
      'eip155:1313161554',
      'eip155:42220',
      'eip155:59144',
      'eip155:534352',
      'eip155:7777777',
      'eip155:5000',
      'eip155:81457',
      'eip155:11155111',
      'eip155:11155420',
      'eip155:84532',
      'eip155:421614',
      'eip155:80002',
      'eip155:97',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth',
    ])
    // Spec section 1: about 24 EVM chains besides our devnets, the 12 swap chains among them.
    const devnets = new Set(['eip155:31337', 'eip155:31338'])
    const evm = (body.networks as Network.Network[]).filter(
      (n) => n.chainNamespace === 'eip155' && !devnets.has(n.caipNetworkId),
    )
    expect(evm).toHaveLength(24)
    for (const chain of Constants.SWAP_SUPPORTED_CHAINS) expect(ids).toContain(chain)
    // Each public network has its public explorer (no trailing slash) and its testnet flag.
    for (const network of evm) {
      expect(network.blockExplorers?.default.url, network.name).toMatch(/^https:\/\/[^/]+(\/[^/]+)*$/)
      expect(network.testnet, network.name).toBe(/Sepolia|Amoy|Testnet/.test(network.name))
    }
    expect(body.networks.find((n: Network.Network) => n.id === 5000)).toMatchObject({
      name: 'Mantle',
      nativeCurrency: { symbol: 'MNT', decimals: 18 },
      blockExplorers: { default: { url: 'https://mantlescan.xyz' } },
    })
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

describe('a chain added to the registry by configuration', () => {
  test('is listed by /v1/networks and served by the RPC proxy through its upstream; unconfigured, neither', async () => {
    const bodies: string[] = []
    const node = createServer(async (req, res) => {
      let text = ''
      for await (const chunk of req) text += chunk
      bodies.push(text)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(text).id, result: '0x7a6b' }))
    })
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
    const NETWORKS_JSON = JSON.stringify({
      networks: [
        {
          id: 31339,
          caipNetworkId: 'eip155:31339',
          chainNamespace: 'eip155',
          name: 'Registry Devnet 31339',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [url] } },
          testnet: true,
        },
      ],
      upstreams: { 'eip155:31339': [url] },
    })
    const call = (app: typeof t) =>
      app.app.request('/v1/?chainId=eip155:31339&projectId=demo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] }),
      })

    // Without the configuration: not in the registry, and the proxy refuses the chain.
    const before = await call(t)
    expect(before.status).toBe(400)
    expect((await before.json()).error.message).toBe('Unsupported chain')
    const listed = (await t.getJson('/v1/networks')).body.networks.map(
      (n: Network.Network) => n.caipNetworkId,
    )
    expect(listed).not.toContain('eip155:31339')

    const { config } = Config.fromEnv({ NETWORKS_JSON })
    const extended = await TestApp.create({ upstreams: config.upstreams })
    try {
      extended.deps.config.networks = config.networks
      const { body } = await extended.getJson('/v1/networks')
      expect(z.safeParse(NetworkRegistry.NetworksResponse, body).error).toBeUndefined()
      expect(body.networks.at(-1)).toMatchObject({
        caipNetworkId: 'eip155:31339',
        name: 'Registry Devnet 31339',
      })
      const after = await call(extended)
      expect(await after.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a6b' })
      expect(bodies).toHaveLength(1)
    } finally {
      await extended.close()
      node.close()
    }
  }, 60_000)
})
