import { Errors } from '@frontdoor/schemas'
import { afterEach, describe, expect, test } from 'vitest'
import * as Pairing from './Pairing.js'
import { CONTEXT, cleanup, connector, pair, relay, until, wallet } from './TestWalletConnect.js'

// Pairing through the connector's connect(): the connector and the e2e test wallet pair through a
// real relay started here (TestWalletConnect). Nothing is mocked.

afterEach(cleanup)

describe('connect', () => {
  test('pairs through the relay: the URI, then the session with the wallet account on the current chain', async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url)
    const session = await pair(c, w)
    expect(session).toEqual({
      accounts: [w.address],
      chainId: 31337,
      wallet: { id: 'https://wallet.frontdoor.example', name: 'Frontdoor Test Wallet', icon: undefined },
      topic: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(c.id).toBe('walletConnect')
    expect(c.kind).toBe('walletConnect')
  })

  test('a wallet picked in the list names the session', async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url)
    const picked = { id: 'aurora', name: 'Aurora Vault', icon: 'http://127.0.0.1:4000/getWalletImage/x' }
    const session = await pair(c, w, { data: { wallet: picked } })
    expect(session.wallet).toEqual(picked)
  })

  test("the wallet's user rejecting the proposal: 'Connection rejected' (4001)", async () => {
    const server = await relay()
    const c = connector(server.url)
    const w = await wallet(server.url)
    let onUri: (uri: string) => void = () => {}
    const uri = new Promise<string>((resolve) => {
      onUri = resolve
    })
    const connecting = c.connect(CONTEXT, { onUri })
    await w.reject(await w.pair(await uri))
    await expect(connecting).rejects.toMatchObject({ message: Errors.LOGIN.CONNECTION_REJECTED, code: 4001 })
  })

  test('a fresh URI before the old one expires; the fresh one pairs', async () => {
    const server = await relay()
    // 12 s lifetime: the refresh comes at 2 s (10 s before the end), as at 3 min 50 s with the real 4 min.
    const c = connector(server.url, { uriLifetimeS: 12 })
    const w = await wallet(server.url)
    const uris: string[] = []
    const connecting = c.connect(CONTEXT, { onUri: (uri) => uris.push(uri) })
    await until(() => uris.length === 2, 5000)
    expect(uris[1]).not.toBe(uris[0])
    await w.approve(await w.pair(uris[1] as string))
    await expect(connecting).resolves.toMatchObject({ accounts: [w.address] })
  })

  test('aborting stops the pairing', async () => {
    const server = await relay()
    const c = connector(server.url)
    const abort = new AbortController()
    const connecting = c.connect(CONTEXT, { signal: abort.signal, onUri: () => abort.abort() })
    await expect(connecting).rejects.toMatchObject({ name: 'AbortError' })
  })

  test('no relay at the address: a clear error, not an endless wait', async () => {
    const server = await relay()
    const url = server.url
    await server.stop()
    const c = connector(url)
    const started = Date.now()
    await expect(c.connect(CONTEXT, {})).rejects.toMatchObject({
      message: Pairing.RELAY_UNREACHABLE,
      code: 4900,
    })
    // The probe finds the relay gone about a second in, long before sign-client gives up.
    expect(Date.now() - started).toBeLessThan(Pairing.RELAY_PROBE_DELAY_MS + 1500)
  })

  test('without a probe to ask, the URI timeout still ends the wait', async () => {
    const server = await relay()
    const url = server.url
    await server.stop()
    const c = connector(url, { probe: async () => true })
    const started = Date.now()
    await expect(c.connect(CONTEXT, {})).rejects.toMatchObject({ message: Pairing.RELAY_UNREACHABLE })
    expect(Date.now() - started).toBeLessThanOrEqual(Pairing.URI_TIMEOUT_MS + 1000)
  }, 20_000)
})
