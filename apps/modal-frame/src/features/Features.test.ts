import { describe, expect, test } from 'vitest'
import * as Features from './Features.js'

const remote = (features: { id: string; isEnabled: boolean; config?: unknown }[]) =>
  ({ features }) as Parameters<typeof Features.resolve>[0]

describe('resolve', () => {
  test('defaults of spec section 1 without remote config or options', () => {
    const { features, warning } = Features.resolve(undefined)
    expect(features.send && features.receive && features.analytics && features.allWallets).toBe(true)
    expect(features.swaps).toEqual(['1inch'])
    expect(features.socials).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    expect(features.connectMethodsOrder).toEqual(['email', 'social', 'wallet'])
    expect(warning).toBeUndefined()
  })

  test('local options apply when there is no remote config', () => {
    const { features, warning } = Features.resolve(undefined, {
      socials: ['github', 'nope'],
      email: false,
      connectMethodsOrder: ['wallet', 'email', 'wallet'],
    })
    expect(features.socials).toEqual(['github'])
    expect(features.email).toBe(false)
    expect(features.connectMethodsOrder).toEqual(['wallet', 'email'])
    expect(warning).toBeUndefined()
  })

  test('remote config wins and warns that local options were ignored', () => {
    const { features, warning, ignored } = Features.resolve(
      remote([
        { id: 'social_login', isEnabled: true, config: ['email', 'google', 'x'] },
        { id: 'swap', isEnabled: false, config: ['1inch'] },
        { id: 'activity', isEnabled: true, config: null },
      ]),
      { socials: ['discord'], swaps: ['1inch'], send: false },
    )
    expect(features.email).toBe(true)
    expect(features.socials).toEqual(['google', 'x'])
    expect(features.swaps).toEqual([])
    expect(features.activity).toBe(true)
    expect(features.send).toBe(false)
    expect(warning).toBe('Local configuration ignored')
    expect(ignored).toEqual(['socials', 'swaps'])
  })

  test('remote config without local options gives no warning', () => {
    const { features, warning } = Features.resolve(remote([{ id: 'social_login', isEnabled: false }]))
    expect(features.email).toBe(false)
    expect(features.socials).toEqual([])
    expect(warning).toBeUndefined()
  })

  test('local options outside the remote config (send, order) still apply', () => {
    const { features, warning } = Features.resolve(remote([]), {
      connectMethodsOrder: ['wallet'],
      send: false,
    })
    expect(features.connectMethodsOrder).toEqual(['wallet'])
    expect(features.send).toBe(false)
    expect(warning).toBeUndefined()
  })
})

describe('payments', () => {
  test("on only when the project config's payments feature is", () => {
    expect(Features.DEFAULTS.payments).toBe(false)
    expect(Features.resolve(undefined).features.payments).toBe(false)
    expect(Features.resolve(remote([])).features.payments).toBe(false)
    expect(Features.resolve(remote([{ id: 'payments', isEnabled: false }])).features.payments).toBe(false)
    expect(Features.resolve(remote([{ id: 'payments', isEnabled: true }])).features.payments).toBe(true)
  })
})
