import type * as HostModal from '@frontdoor/protocol/host-modal'
import type * as Siwx from '@frontdoor/protocol/siwx'
import { Errors } from '@frontdoor/schemas'
import { type Hex, toHex, verifyMessage } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import type * as TestWallet from '../../../../../e2e/wallets/walletconnect.js'
import * as Authenticate from './Authenticate.js'
import { CONTEXT, cleanup, connector, relay, wallet } from './TestWalletConnect.js'
import type * as WalletConnect from './WalletConnect.js'

// One-click sign-in through the connector's connect(), with a real relay and the e2e test wallet
// (TestWalletConnect); the host page is the test's own calls. Nothing else is mocked.

afterEach(cleanup)

/** A host page that set `siwx`: its createMessage (a fresh nonce each time) and the sessions it was given. */
function siwxHost(options: { failCreate?: boolean; origin?: string } = {}) {
  const created: Siwx.CreatedMessage['data'][] = []
  const added: Siwx.Session[] = []
  let nonces = 0
  const calls: Authenticate.Calls = {
    async siwxCreateMessage({ accountAddress, chainId }) {
      if (options.failCreate) throw new Error('the page could not write its message')
      const data = {
        accountAddress,
        chainId,
        domain: 'localhost:5173',
        uri: 'http://localhost:5173',
        version: '1',
        nonce: `nonce${String(++nonces).padStart(8, '0')}`,
        statement: 'Sign in to the connector test',
        issuedAt: new Date().toISOString(),
        resources: ['https://localhost:5173/terms'],
      }
      created.push(data)
      return { data }
    },
    async siwxAddSession(session) {
      added.push(session)
    },
  }
  const info = { siwx: true } as HostModal.HostInfo
  const extend = () => calls
  return {
    created,
    added,
    extend,
    host: () => ({ info, extend, origin: options.origin ?? 'http://localhost:5173' }) as never,
  }
}

/** Connects `c`, giving the URI to `answer` (what the wallet's user does with it). */
function connecting(c: WalletConnect.WalletConnect, answer: (uri: string) => Promise<unknown>) {
  let onUri: (uri: string) => void = () => {}
  const uri = new Promise<string>((resolve) => {
    onUri = resolve
  })
  const session = c.connect(CONTEXT, { onUri })
  return { session, answered: uri.then(answer) }
}

describe('one-click sign-in (wc_sessionAuthenticate) when the page set siwx', () => {
  test("the wallet signs the page's message as it pairs: the session connects and the page gets its sign-in, no personal_sign after", async () => {
    const server = await relay()
    const page = siwxHost()
    const c = connector(server.url, { host: page.host })
    const w = await wallet(server.url)
    let request: Awaited<ReturnType<TestWallet.Wallet['pairSignIn']>> | undefined
    const { session } = connecting(c, async (uri) => {
      request = await w.pairSignIn(uri)
      // Before the wallet answers: the page was asked for its message, nothing is signed or added.
      expect(page.created).toHaveLength(1)
      expect(page.added).toEqual([])
      expect(w.signedIn).toEqual([])
      await w.approveSignIn(request)
    })
    await expect(session).resolves.toMatchObject({ accounts: [w.address], chainId: 31337 })

    // What the wallet was asked: the page's message fields and the proposal's chains and methods.
    const created = page.created[0]!
    expect(created.accountAddress).toBe(Authenticate.UNKNOWN_ACCOUNT)
    expect(created.chainId).toBe('eip155:31337')
    const payload = request!.params.authPayload
    expect(payload).toMatchObject({
      domain: created.domain,
      aud: created.uri,
      nonce: created.nonce,
      version: '1',
      chains: ['eip155:31337', 'eip155:31338'],
    })
    expect(payload.statement).toContain(created.statement)
    expect(payload.resources?.[0]).toBe(created.resources?.[0])
    expect(payload.resources?.at(-1)).toMatch(/^urn:recap:/)

    // One signature, during pairing; the page's session is that message and signature, on the wallet's account.
    expect(w.signedIn).toHaveLength(1)
    expect(page.added).toHaveLength(1)
    const added = page.added[0]!
    expect(added.message).toBe(w.signedIn[0]!.message)
    expect(added.signature).toBe(w.signedIn[0]!.signature)
    expect(added.data).toMatchObject({
      accountAddress: w.address,
      chainId: 'eip155:31337',
      domain: created.domain,
      uri: created.uri,
      nonce: created.nonce,
    })
    expect(added.cacao).toMatchObject({ h: { t: 'caip122' }, s: { t: 'eip191', s: added.signature } })
    expect(
      await verifyMessage({ address: w.address, message: added.message, signature: added.signature as Hex }),
    ).toBe(true)
    expect(w.requests).toEqual([])

    // The session works like any other.
    const text = 'after one-click'
    const signature = (await c.request('personal_sign', [toHex(text), w.address])) as Hex
    expect(await verifyMessage({ address: w.address, message: text, signature })).toBe(true)
  })

  test('a wallet without one-click answers the proposal: connected, no session added (SIWXSignMessage asks after)', async () => {
    const server = await relay()
    const page = siwxHost()
    const c = connector(server.url, { host: page.host })
    const w = await wallet(server.url, { oneClick: false })
    const { session } = connecting(c, async (uri) => w.approve(await w.pair(uri)))
    await expect(session).resolves.toMatchObject({ accounts: [w.address], chainId: 31337 })
    expect(page.created).toHaveLength(1)
    expect(page.added).toEqual([])
    expect(w.signedIn).toEqual([])
  })

  test('the page did not set siwx: a plain proposal, the page is not asked', async () => {
    const server = await relay()
    const page = siwxHost()
    const info = { siwx: false } as unknown as HostModal.HostInfo
    const c = connector(server.url, { host: () => ({ info, extend: page.extend }) as never })
    const w = await wallet(server.url)
    const { session } = connecting(c, async (uri) => w.approve(await w.pair(uri)))
    await expect(session).resolves.toMatchObject({ accounts: [w.address] })
    expect(page.created).toEqual([])
  })

  test("the page's createMessage fails: a plain proposal (the sign-in view asks after connecting)", async () => {
    const server = await relay()
    const page = siwxHost({ failCreate: true })
    const c = connector(server.url, { host: page.host })
    const w = await wallet(server.url)
    const { session } = connecting(c, async (uri) => w.approve(await w.pair(uri)))
    await expect(session).resolves.toMatchObject({ accounts: [w.address] })
    expect(page.added).toEqual([])
  })

  test('a page whose message names another site: no one-click, a plain proposal; the page gets no session', async () => {
    const server = await relay()
    // The message says localhost:5173, the page the modal serves is another origin.
    const page = siwxHost({ origin: 'https://shop.example' })
    const c = connector(server.url, { host: page.host })
    const w = await wallet(server.url)
    const uris: string[] = []
    const { session } = connecting(c, async (uri) => {
      uris.push(uri)
      return w.approve(await w.pair(uri))
    })
    await expect(session).resolves.toMatchObject({ accounts: [w.address] })
    expect(page.created).toHaveLength(1)
    // The pairing offers no wallet-session authenticate: the wallet is asked to sign nothing.
    expect(uris).toHaveLength(1)
    expect(decodeURIComponent(uris[0]!)).not.toContain('wc_sessionAuthenticate')
    expect(page.added).toEqual([])
  })

  test("the wallet's user refuses the sign-in: 'Connection rejected' (4001)", async () => {
    const server = await relay()
    const page = siwxHost()
    const c = connector(server.url, { host: page.host })
    const w = await wallet(server.url)
    const { session } = connecting(c, async (uri) => w.rejectSignIn(await w.pairSignIn(uri)))
    await expect(session).rejects.toMatchObject({ message: Errors.LOGIN.CONNECTION_REJECTED, code: 4001 })
    expect(page.added).toEqual([])
  })
})
