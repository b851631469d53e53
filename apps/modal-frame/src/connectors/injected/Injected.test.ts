import { describe, expect, test } from 'vitest'
import * as Injected from './Injected.js'

// The real injected connector; the page's extension stands behind the host bridge's `request`, as the
// host SDK forwards it (ARCHITECTURE.md section 3). EIP-5792 end to end: e2e/calls.

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BATCH = {
  version: '2.0.0',
  chainId: '0x7a69',
  from: ACCOUNT,
  atomicRequired: false,
  calls: [{ to: ACCOUNT, value: '0x1', gasLimit: '0x5208' }],
}

/** An extension that answers EIP-5792 (`supports`) or does not know it (-32601), recording requests. */
function extension(supports: boolean) {
  const seen: { method: string; params?: unknown }[] = []
  const connector = Injected.create(
    { uuid: 'uuid-1', rdns: 'test.wallet', name: 'Test', icon: '' },
    {
      request: async (_uuid, request) => {
        seen.push(request)
        if (!supports) throw Object.assign(new Error('Method not found'), { code: -32601 })
        if (request.method === 'wallet_sendCalls') return { id: '0xba7c4' }
        if (request.method === 'wallet_getCapabilities')
          return { '0x7a69': { atomic: { status: 'unsupported' } } }
        return { status: 200 }
      },
    },
  )
  return { connector, seen }
}

describe('EIP-5792 through an injected wallet', () => {
  test('wallet_sendCalls reaches the wallet checked (unknown call fields dropped); its id reaches the page', async () => {
    const { connector, seen } = extension(true)
    expect(seen).toEqual([])
    await expect(connector.request('wallet_sendCalls', [BATCH])).resolves.toEqual({ id: '0xba7c4' })
    expect(seen).toEqual([
      { method: 'wallet_sendCalls', params: [{ ...BATCH, calls: [{ to: ACCOUNT, value: '0x1' }] }] },
    ])
    await expect(connector.request('wallet_getCapabilities', [ACCOUNT, ['0x7a69']])).resolves.toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
    })
  })

  test('bad params: -32602, the wallet not asked', async () => {
    const { connector, seen } = extension(true)
    await expect(connector.request('wallet_sendCalls', [{ ...BATCH, calls: [] }])).rejects.toMatchObject({
      code: -32602,
    })
    await expect(connector.request('wallet_getCallsStatus', [])).rejects.toMatchObject({ code: -32602 })
    expect(seen).toEqual([])
  })

  test("a wallet without EIP-5792 (its -32601): 4200 'The Provider does not support the requested method.'", async () => {
    const { connector, seen } = extension(false)
    for (const [method, params] of [
      ['wallet_sendCalls', [BATCH]],
      ['wallet_getCallsStatus', ['0xba7c4']],
      ['wallet_getCapabilities', [ACCOUNT]],
    ] as const)
      await expect(connector.request(method, params)).rejects.toMatchObject({
        code: 4200,
        message: 'The Provider does not support the requested method.',
        data: { method },
      })
    expect(seen.map((r) => r.method)).toEqual([
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_getCapabilities',
    ])
  })

  test('other methods pass as before: params unchecked, errors unchanged', async () => {
    const { connector, seen } = extension(false)
    await expect(connector.request('personal_sign', ['0x00', ACCOUNT])).rejects.toMatchObject({
      code: -32601,
    })
    expect(seen).toEqual([{ method: 'personal_sign', params: ['0x00', ACCOUNT] }])
  })
})

describe("the wallet's user refusing", () => {
  /** An extension that refuses every request with `error`, as the host SDK forwards it. */
  function refusing(error: { code: number; message: string }) {
    return Injected.create(
      { uuid: 'uuid-1', rdns: 'test.wallet', name: 'Test', icon: '' },
      { request: async () => Promise.reject(Object.assign(new Error(error.message), error)) },
    )
  }

  test("4001 in every code wallets send for it (5000-5002, a bare -32000 'User rejected.'); other errors keep theirs", async () => {
    for (const [code, message] of [
      [4001, 'User rejected the request.'],
      [5000, 'User rejected.'],
      [5001, 'User rejected chains.'],
      [5002, 'User rejected methods.'],
      [-32000, 'User rejected.'],
    ] as const) {
      const connector = refusing({ code, message })
      await expect(connector.request('personal_sign', ['0x00', ACCOUNT])).rejects.toMatchObject({
        code: 4001,
        message,
      })
      // Refusing to connect: 'Connection rejected', as for 4001.
      await expect(connector.connect({ networks: [], chainId: 31337 })).rejects.toMatchObject({
        code: 4001,
        message: 'Connection rejected',
      })
    }
    await expect(
      refusing({ code: -32000, message: 'insufficient funds' }).request('eth_sendTransaction', [{}]),
    ).rejects.toMatchObject({ code: -32000, message: 'insufficient funds' })
  })
})
