import { describe, expect, test } from 'vitest'

describe('createFrontdoor', () => {
  test('importing is safe without window (server-side rendering); creating there says why it cannot', async () => {
    expect(typeof window).toBe('undefined')
    const sdk = await import('./index.js')
    expect(() =>
      sdk.createFrontdoor({
        projectId: 'demo',
        networks: [],
        metadata: { name: 'x' },
      }),
    ).toThrow('createFrontdoor() runs in a browser; call it on the client')
  })
})

describe('ProviderRpcError', () => {
  test('carries the EIP-1193 code and standard message', async () => {
    const ProviderErrors = await import('./ProviderErrors.js')
    expect(ProviderErrors.of('userRejected')).toMatchObject({
      code: 4001,
      message: 'The user rejected the request.',
    })
    expect(ProviderErrors.of('invalidParams').code).toBe(-32602)
    expect(Object.values(ProviderErrors.ERRORS).map((e) => e.code)).toEqual([
      4001, 4100, 4200, 4900, 4901, -32602,
    ])
  })
})
