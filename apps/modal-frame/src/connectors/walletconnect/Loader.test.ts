import { describe, expect, test } from 'vitest'
import * as Loader from './Loader.js'

describe('metadataOf', () => {
  test('fills what the page left out: its origin as url, no description, no icons', () => {
    expect(Loader.metadataOf({ metadata: { name: 'Demo' }, origin: 'http://localhost:5173' })).toEqual({
      name: 'Demo',
      description: '',
      url: 'http://localhost:5173',
      icons: [],
    })
  })

  test("keeps the page's own values, its url when it is on the attested origin", () => {
    const metadata = {
      name: 'Shop',
      description: 'A shop',
      url: 'https://shop.example/app',
      icons: ['https://shop.example/icon.png'],
    }
    expect(Loader.metadataOf({ metadata, origin: 'https://shop.example' })).toEqual(metadata)
  })

  test('a url of another site than the attested origin is replaced by that origin', () => {
    const metadata = { name: 'Uniswap', url: 'https://app.uniswap.org' }
    expect(Loader.metadataOf({ metadata, origin: 'https://evil.example' }).url).toBe('https://evil.example')
    expect(
      Loader.metadataOf({ metadata: { name: 'A', url: 'not a url' }, origin: 'https://a.example' }).url,
    ).toBe('https://a.example')
  })
})

describe('create', () => {
  test('creates the connector once, on the first get(), with the settings of that moment', async () => {
    let reads = 0
    const loader = Loader.create(() => {
      reads++
      return {
        projectId: 'demo',
        relayUrl: 'ws://127.0.0.1:4001',
        metadata: { name: 'Demo' },
        origin: 'http://localhost:5173',
        storage: undefined,
      }
    })
    expect(reads).toBe(0)
    const [a, b] = await Promise.all([loader.get(), loader.get()])
    expect(a).toBe(b)
    expect(reads).toBe(1)
    expect(a.id).toBe('walletConnect')
    expect(a.kind).toBe('walletConnect')
    // Created but not started: sign-client is loaded only when the connector is used.
    expect(a.client()).toBeUndefined()
  })
})
