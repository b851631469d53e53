import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, expect, test } from 'vitest'
import * as Registry from './Registry.js'

const solana = (id: string, name: string) => ({
  id,
  caipNetworkId: `solana:${id}`,
  chainNamespace: 'solana',
  name,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
})
const MAINNET = solana('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')
const LOCAL = solana('FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth', 'Frontdoor Solana Localnet')
let served = [LOCAL.caipNetworkId, 'eip155:31337']
let supportedStatus = 200
const server = createServer((request, response) => {
  const body =
    request.url === '/v1/supported-chains' ? { http: served, ws: [] } : { networks: [MAINNET, LOCAL] }
  const status = request.url === '/v1/supported-chains' ? supportedStatus : 200
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}).listen(0, '127.0.0.1')
afterAll(() => {
  server.close()
})

test("solana(): the registry's solana network the API serves, not the first one listed", async () => {
  if (!server.listening) await once(server, 'listening')
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  expect(await Registry.create(apiUrl).solana()).toMatchObject({ name: 'Frontdoor Solana Localnet' })
  served = ['eip155:31337']
  expect(await Registry.create(apiUrl).solana()).toBeUndefined()
  // A failed reading names none and is read again next time.
  supportedStatus = 503
  const registry = Registry.create(apiUrl)
  expect(await registry.solana()).toBeUndefined()
  supportedStatus = 200
  served = [MAINNET.caipNetworkId]
  expect(await registry.solana()).toMatchObject({ name: 'Solana' })
})
