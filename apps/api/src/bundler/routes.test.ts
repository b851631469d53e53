import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, test } from 'vitest'
import * as Config from '../Config.js'
import * as TestApp from '../TestApp.js'
import * as Routes from './routes.js'

// A stand-in bundler records what reaches it (the real one, Alto on a devnet, is tested in
// apps/dev/src/api/BundlerRoutes.test.ts); here: what the endpoint refuses before forwarding.
const received: unknown[] = []
const standIn = createServer(async (request: IncomingMessage, response) => {
  let body = ''
  for await (const chunk of request) body += chunk
  received.push(JSON.parse(body))
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(
    JSON.stringify({
      jsonrpc: '2.0',
      id: JSON.parse(body).id,
      result: ['0xa6772B7D23C242c8B25E1Ed7d80353ACb462D032'],
    }),
  )
})
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
const standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/31337`

const t = await TestApp.create({ limits: { rpc: { limit: 30, windowMs: 60_000 } } })
t.deps.config.bundlers = { 'eip155:31337': standInUrl, 'eip155:31338': 'http://127.0.0.1:1/31338' }
afterAll(async () => {
  await t.close()
  await new Promise((resolve) => standIn.close(resolve))
})

const post = (query: string, body: unknown) =>
  t.getJson(`${Routes.PATH}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})
const DEMO = 'chainId=eip155:31337&projectId=demo'
const userOperation = {
  sender: '0x89aD7354eC69E127aF25E5B3C77A6B72fa3990D2',
  nonce: '0x0',
  factory: '0x15e4cb5096E0097eB5cAF526Ca3FD8E462046718',
  factoryData: '0x5fbfb9cf',
  callData: '0xb61d27f6',
  callGasLimit: '0x1',
  verificationGasLimit: '0x1',
  preVerificationGas: '0x1',
  maxFeePerGas: '0x1',
  maxPriorityFeePerGas: '0x1',
  signature: '0x12',
}

describe('POST /v1/bundler', () => {
  test("forwards an ERC-4337 method to the chain's bundler and passes its answer through", async () => {
    const before = received.length
    const { status, body } = await post(DEMO, call('eth_supportedEntryPoints', [], 'a'))
    expect(status).toBe(200)
    expect(body).toEqual({ jsonrpc: '2.0', id: 'a', result: ['0xa6772B7D23C242c8B25E1Ed7d80353ACb462D032'] })
    expect(received.slice(before)).toEqual([call('eth_supportedEntryPoints', [], 'a')])
  })

  test('the project must exist and the chain have a bundler', async () => {
    const before = received.length
    const unknown = await post('chainId=eip155:31337&projectId=nope', call('eth_chainId'))
    expect(unknown.status).toBe(401)
    const chain = await post('chainId=eip155:1&projectId=demo', call('eth_chainId'))
    expect(chain.status).toBe(400)
    expect(chain.body.error).toMatchObject({
      message: 'Unsupported chain',
      data: { chainId: 'eip155:1', supported: ['eip155:31337', 'eip155:31338'] },
    })
    const query = await post('chainId=31337&projectId=demo', call('eth_chainId'))
    expect(query.status).toBe(400)
    expect(query.body.error.message).toBe("Invalid query field 'chainId': Invalid CAIP-2 network id: 31337")
    expect(received.length).toBe(before)
  })

  test('only the ERC-4337 methods are forwarded; others are refused with -32601', async () => {
    const before = received.length
    for (const method of [
      'eth_sendTransaction',
      'pimlico_getUserOperationGasPrice',
      'debug_bundler_clearState',
      '__proto__',
    ]) {
      const { status, body } = await post(DEMO, call(method, [], 9))
      expect(status).toBe(200)
      expect(body).toEqual({
        jsonrpc: '2.0',
        id: 9,
        error: { code: Routes.METHOD_NOT_FOUND, message: Routes.NOT_A_BUNDLER_METHOD, data: { method } },
      })
    }
    expect(received.length).toBe(before)
  })

  test('bad bodies and params are 400s naming the problem, never forwarded', async () => {
    const before = received.length
    expect((await post(DEMO, '{nope')).body.error).toMatchObject({ code: -32700 })
    const batch = await post(DEMO, [call('eth_chainId')])
    expect(batch.status).toBe(400)
    expect(batch.body.error.message).toBe('Invalid Request: the bundler takes one request at a time')
    const version = await post(DEMO, { ...call('eth_chainId'), jsonrpc: '1.0' })
    expect(version.status).toBe(400)
    expect(version.body.error.message).toMatch(/^Invalid Request field 'jsonrpc'/)
    const entryPoint = '0xa6772B7D23C242c8B25E1Ed7d80353ACb462D032'
    const cases: [unknown[], string][] = [
      [
        [{ ...userOperation, nonce: '12' }, entryPoint],
        "Invalid params of eth_sendUserOperation field '0.nonce'",
      ],
      [
        [{ ...userOperation, sender: '0x12' }, entryPoint],
        "Invalid params of eth_sendUserOperation field '0.sender'",
      ],
      [
        [{ ...userOperation, signature: '0x1' }, entryPoint],
        "Invalid params of eth_sendUserOperation field '0.signature'",
      ],
      [
        [{ ...userOperation, initCode: '0x' }, entryPoint],
        "Invalid params of eth_sendUserOperation field '0'",
      ],
      [
        [{ ...userOperation, callGasLimit: undefined }, entryPoint],
        "Invalid params of eth_sendUserOperation field '0.callGasLimit'",
      ],
      [[userOperation], 'Invalid params of eth_sendUserOperation'],
      [[userOperation, 'entrypoint'], "Invalid params of eth_sendUserOperation field '1'"],
    ]
    for (const [params, message] of cases) {
      const { status, body } = await post(DEMO, call('eth_sendUserOperation', params))
      expect(status).toBe(400)
      expect(body.error.code).toBe(-32602)
      expect(body.error.message.startsWith(message)).toBe(true)
    }
    const receipt = await post(DEMO, call('eth_getUserOperationReceipt', ['0x1234']))
    expect(receipt.body.error.message).toMatch(/^Invalid params of eth_getUserOperationReceipt field '0'/)
    expect(received.length).toBe(before)
  })

  test('an estimate may leave the gas fields out; a send may not', async () => {
    const {
      callGasLimit,
      verificationGasLimit,
      preVerificationGas,
      maxFeePerGas,
      maxPriorityFeePerGas,
      ...bare
    } = userOperation
    const entryPoint = '0xa6772B7D23C242c8B25E1Ed7d80353ACb462D032'
    expect((await post(DEMO, call('eth_estimateUserOperationGas', [bare, entryPoint]))).status).toBe(200)
    expect((await post(DEMO, call('eth_sendUserOperation', [bare, entryPoint]))).status).toBe(400)
    expect(received.at(-1)).toEqual(call('eth_estimateUserOperationGas', [bare, entryPoint]))
  })

  test('an unreachable bundler is a 502 with the request id', async () => {
    const { status, body } = await post('chainId=eip155:31338&projectId=demo', call('eth_chainId', [], 4))
    expect(status).toBe(502)
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: -32010, message: 'Bundler unavailable', data: { chainId: 'eip155:31338' } },
    })
  })

  test("counts against the RPC proxy's rate limit per client and project", async () => {
    let last = 200
    for (let i = 0; i < 40 && last !== 429; i++) last = (await post(DEMO, call('eth_chainId'))).status
    expect(last).toBe(429)
  })
})

describe('Config.bundlersFromEnv', () => {
  test('serves each devnet chain at BUNDLER_URL/<chainId>, :4337 by default', () => {
    expect(Config.bundlersFromEnv({})).toEqual({
      'eip155:31337': 'http://127.0.0.1:4337/31337',
      'eip155:31338': 'http://127.0.0.1:4337/31338',
    })
    expect(Config.bundlersFromEnv({ BUNDLER_URL: 'http://bundler.internal:9000/' })['eip155:31338']).toBe(
      'http://bundler.internal:9000/31338',
    )
  })
})
