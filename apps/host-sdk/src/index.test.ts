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
  test("is packages/protocol's one class for EIP-1193 errors, the one the provider throws", async () => {
    const sdk = await import('./index.js')
    const Errors = await import('@frontdoor/protocol/errors')
    expect(sdk.ProviderRpcError).toBe(Errors.ProviderRpcError)
    expect(Errors.providerError('userRejectedRequest')).toBeInstanceOf(sdk.ProviderRpcError)
  })
})

describe('SDK_VERSION', () => {
  test("is package.json's version (the `sv` the modal reports to the API)", async () => {
    const { SDK_VERSION } = await import('./Frontdoor.js')
    const Package = await import('../package.json', { with: { type: 'json' } })
    expect(SDK_VERSION).toBe(Package.default.version)
    expect(SDK_VERSION).toMatch(/^\d+\.\d+\.\d+/)
    expect(SDK_VERSION).not.toBe('0.0.0')
  })
})
