import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type * as Network from '@frontdoor/schemas/entities/network'
import { afterAll, describe, expect, test } from 'vitest'
import * as Registry from './Registry.js'

const network = (id: number, name: string, http: string[]): Network.Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http } },
})
/** What sdk.js makes of `data-chain-ids="31339"`: the page names the chain, nothing more. */
const namedOnly = (id: number) => network(id, `Chain ${id}`, [])

const REGISTRY = [
  { ...network(31337, 'Frontdoor Devnet 31337', ['http://127.0.0.1:8545']), testnet: true },
  {
    ...network(31339, 'Registry Devnet 31339', ['http://127.0.0.1:8547']),
    nativeCurrency: { name: 'Registry Ether', symbol: 'rETH', decimals: 18 },
    testnet: true,
  },
]
const context = { apiUrl: 'http://api.test', projectId: 'demo' }

describe('Registry.resolve', () => {
  test("a network named only by id becomes the registry's, with the RPC proxy of that chain as its RPC URL", () => {
    const [resolved] = Registry.resolve([namedOnly(31339)], REGISTRY, context)
    expect(resolved).toEqual({
      ...REGISTRY[1],
      rpcUrls: { default: { http: ['http://api.test/v1/?chainId=eip155%3A31339&projectId=demo'] } },
    })
  })

  test('a network the page defines itself, or one the registry does not know, stays as it is; the order is kept', () => {
    const own = network(31337, 'My devnet', ['http://127.0.0.1:8545'])
    // Named by the page without an RPC URL (the demo's devnets): its name stays the page's.
    const ownNoRpc = network(31337, 'Devnet 31337', [])
    const unknown = namedOnly(424242)
    const resolved = Registry.resolve([unknown, own, ownNoRpc, namedOnly(31339)], REGISTRY, context)
    expect(resolved[0]).toBe(unknown)
    expect(resolved[1]).toBe(own)
    expect(resolved[2]).toBe(ownNoRpc)
    expect(resolved[3]?.name).toBe('Registry Devnet 31339')
  })
})

describe('Registry.resolvePage', () => {
  const hits: string[] = []
  let status = 200
  const server = createServer((request, response) => {
    hits.push(request.url ?? '')
    if (status !== 200) return response.writeHead(status).end()
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ networks: REGISTRY }))
  }).listen(0, '127.0.0.1')
  afterAll(() => {
    server.close()
  })
  const api = async () => {
    if (!server.listening) await once(server, 'listening')
    return { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, projectId: 'demo' }
  }

  test('pages that define all their networks cause no registry read', async () => {
    const page = [network(31337, 'My devnet', ['http://127.0.0.1:8545'])]
    expect(await Registry.resolvePage(await api(), page)).toEqual(page)
    expect(hits).toEqual([])
  })

  test('a failed read leaves the page as it is and is tried again; a good one is read once for the frame', async () => {
    const ctx = await api()
    status = 404
    expect(await Registry.resolvePage(ctx, [namedOnly(31339)])).toEqual([namedOnly(31339)])
    expect(hits).toEqual(['/v1/networks'])
    status = 200
    const first = await Registry.resolvePage(ctx, [namedOnly(31339)])
    const second = await Registry.resolvePage(ctx, [namedOnly(31337), namedOnly(31339)])
    expect(first[0]?.name).toBe('Registry Devnet 31339')
    expect(second.map((n) => n.name)).toEqual(['Frontdoor Devnet 31337', 'Registry Devnet 31339'])
    expect(second[0]?.rpcUrls.default.http).toEqual([
      `${ctx.apiUrl}/v1/?chainId=eip155%3A31337&projectId=demo`,
    ])
    expect(hits).toEqual(['/v1/networks', '/v1/networks'])
  })
})
