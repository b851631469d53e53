import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, test } from 'vitest'
import * as Summary from '../approval/Summary.js'
import * as Registry from './Registry.js'

const REGISTRY_DEVNET = {
  id: 31339,
  caipNetworkId: 'eip155:31339',
  chainNamespace: 'eip155',
  name: 'Frontdoor Registry Devnet 31339',
  nativeCurrency: { name: 'Registry Ether', symbol: 'RETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8547'] } },
  testnet: true,
}

let status = 200
let body: unknown = { networks: [REGISTRY_DEVNET] }
const hits: string[] = []
const server = createServer((request, response) => {
  hits.push(request.url ?? '')
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}).listen(0, '127.0.0.1')
afterAll(() => {
  server.close()
})
const apiUrl = async () => {
  if (!server.listening) await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('Registry', () => {
  test('a failed or malformed reading names no network and is tried again; a good one is read once', async () => {
    const registry = Registry.create(await apiUrl())
    status = 503
    expect(await registry.network(31339)).toBeUndefined()
    status = 200
    body = { networks: [{ ...REGISTRY_DEVNET, caipNetworkId: 'eip155:1' }] }
    expect(await registry.network(31339)).toBeUndefined()
    body = { networks: [REGISTRY_DEVNET] }
    expect(await registry.network(31339)).toEqual(REGISTRY_DEVNET)
    expect(await registry.network(31338)).toBeUndefined()
    expect(hits).toEqual(['/v1/networks', '/v1/networks', '/v1/networks'])
  })
})

describe('Registry, a stalled API', () => {
  test('a reading the API does not answer in time names no network, and the next question reads again', async () => {
    let requests = 0
    const stalled = createServer((_request, response) => {
      requests++
      if (requests === 1) return
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ networks: [REGISTRY_DEVNET] }))
    }).listen(0, '127.0.0.1')
    await once(stalled, 'listening')
    try {
      const registry = Registry.create(
        `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`,
        undefined,
        200,
      )
      expect(await registry.network(31339)).toBeUndefined()
      expect(await registry.network(31339)).toEqual(REGISTRY_DEVNET)
      expect(requests).toBe(2)
    } finally {
      stalled.closeAllConnections()
      stalled.close()
    }
  })
})

describe("the approval screen names the registry's chain and currency", () => {
  const address = '0x70997970C51812dc3A010C8d0fBdf0b2B5C7e8C9'
  const transaction = [
    {
      from: address,
      to: address,
      value: '0xde0b6b3a7640000',
      gas: '0x5208',
      maxFeePerGas: '0x3b9aca00',
      maxPriorityFeePerGas: '0x1',
    },
  ]
  const rows = (summary: Summary.Summary) => Object.fromEntries(summary.rows.map((r) => [r.label, r.value]))

  test('listed: its name and symbol; not listed: Chain <id> and ETH', async () => {
    const known = await Registry.create(await apiUrl()).network(31339)
    const named = rows(
      Summary.describe('eth_sendTransaction', transaction, {
        chainId: 31339,
        address,
        network: known && { name: known.name, symbol: known.nativeCurrency.symbol },
      }),
    )
    expect(named).toMatchObject({ Network: 'Frontdoor Registry Devnet 31339', Value: '1 RETH' })
    expect(named['Max fee']).toMatch(/ RETH$/)
    const plain = rows(Summary.describe('eth_sendTransaction', transaction, { chainId: 31339, address }))
    expect(plain).toMatchObject({ Network: 'Chain 31339', Value: '1 ETH' })
    const signed = rows(
      Summary.describe('personal_sign', ['0x68656c6c6f', address], {
        chainId: 31339,
        address,
        network: { name: 'Frontdoor Registry Devnet 31339', symbol: 'RETH' },
      }),
    )
    expect(signed.Network).toBe('Frontdoor Registry Devnet 31339')
  })
})
