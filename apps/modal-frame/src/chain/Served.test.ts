import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, test } from 'vitest'
import * as Served from './Served.js'

// A real HTTP server as the API: its first answer fails (a 400: not retried), then it lists two chains.
const asked: string[] = []
const api = createServer((request, response) => {
  asked.push(request.url ?? '')
  response.setHeader('access-control-allow-origin', '*')
  if (asked.length === 1) {
    response.writeHead(400).end('{}')
    return
  }
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify({ http: ['eip155:31337', 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'], ws: [] }))
})
api.listen(0, '127.0.0.1')
await once(api, 'listening')
const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
afterAll(() => new Promise((resolve) => api.close(resolve)))

describe('Served.chains', () => {
  test('GET /v1/supported-chains once per load; a failed reading is tried again next time', async () => {
    await expect(Served.chains(apiUrl)).rejects.toThrow('HTTP 400')
    const served = await Served.chains(apiUrl)
    expect([...served]).toEqual(['eip155:31337', 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'])
    expect(served.has('eip155:1')).toBe(false)
    expect(await Served.chains(apiUrl)).toBe(served)
    expect(asked).toEqual(['/v1/supported-chains', '/v1/supported-chains'])
  })
})
