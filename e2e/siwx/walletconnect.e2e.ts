import * as Version from '@frontdoor/protocol/version'
import { expect, type Page, test } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import * as Pages from '../modal/pages.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'
import * as WalletKitWallet from '../wallets/walletkit.js'
import * as Siwx from './siwx.js'

/** How long a test waits for a QR code: a first pairing loads sign-client (slower on a busy machine). */
const QR_TIMEOUT_MS = 15_000

let site: { url: string; close: () => Promise<void> }
const wallets: { stop: () => Promise<void> }[] = []
test.beforeAll(async () => {
  site = await Siwx.serve()
})
test.afterAll(async () => {
  await site.close()
})
test.afterEach(async () => {
  for (const wallet of wallets.splice(0)) await wallet.stop()
})

/** Opens Connect, picks WalletConnect and waits for the QR code: its pairing URI. */
async function pairingUri(page: Page): Promise<string> {
  await Siwx.call(page, 'open')
  await Pages.expectConnectShown(page)
  const frame = Pages.modal(page)
  await frame.getByRole('button', { name: 'WalletConnect' }).click()
  const figure = frame.locator('figure[data-uri]')
  await expect(figure).toBeVisible({ timeout: QR_TIMEOUT_MS })
  return (await figure.getAttribute('data-uri')) as string
}

/** Pairs `wallet`, one without one-click sign-in, with the URI the view shows: it approves the proposal. */
async function connect(page: Page, wallet: WalletConnectWallet.Wallet) {
  await wallet.approve(await wallet.pair(await pairingUri(page)))
}

/**
 * What the frames send the API as the test runs: each analytics event (`POST /e`, a beacon, sent only
 * once the API said the project, `demo`, takes them) with the status the API answered, and the `sv` of
 * every API request.
 */
function apiTraffic(page: Page) {
  const api = new URL(Pages.addresses.API_URL).origin
  type Sent = { event: string; properties?: Record<string, unknown>; status: Promise<number | undefined> }
  const events: Sent[] = []
  const versions = new Set<string | null>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin !== api) return
    if (url.searchParams.has('sv')) versions.add(url.searchParams.get('sv'))
    if (request.method() !== 'POST' || url.pathname !== '/e') return
    const { props } = JSON.parse(request.postData() ?? '{}') as { props?: Omit<Sent, 'status'> }
    if (!props) return
    const status = request.response().then(
      (response) => response?.status(),
      () => undefined,
    )
    events.push({ event: props.event, ...(props.properties ? { properties: props.properties } : {}), status })
  })
  return { events, versions }
}

/** The views the page's state went through (frontdoor.subscribe), in order. */
function views(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    (window as unknown as { states: { view?: unknown }[] }).states.map((s) => s.view),
  )
}

test.describe('sign in with the wallet (SIWX), WalletConnect', () => {
  test('one-click: the phone signs the sign-in once as it pairs; the modal closes signed in (the page, the API and viem agree), the sign-in view never shows', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const wallet = await WalletConnectWallet.create({ privateKey: generatePrivateKey() })
    wallets.push(wallet)
    await Siwx.open(page, site.url, 'optional')
    const uri = await pairingUri(page)
    // The pairing carries the sign-in request (wc_sessionAuthenticate), with the page's message.
    const request = await wallet.pairSignIn(uri)
    const { authPayload } = request.params
    expect(authPayload.domain).toBe(new URL(site.url).host)
    expect(authPayload.aud).toBe(new URL(site.url).origin)
    expect(authPayload.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
    expect(authPayload.chains).toEqual(['eip155:31337', 'eip155:31338'])

    // Before the phone answers: the QR code still shows, nothing is connected or signed.
    await expect(Pages.modal(page).locator('figure[data-uri]')).toBeVisible()
    expect((await Siwx.state(page)).status).not.toBe('connected')
    expect((await Siwx.state(page)).siwxSession).toBeUndefined()
    expect(await Siwx.apiSessions('eip155:31337', wallet.address)).toEqual([])
    expect(wallet.signedIn).toEqual([])
    await Siwx.shot(page, 'walletconnect-one-click-pairing')

    await wallet.approveSignIn(request)
    await Pages.expectClosed(page)
    await expect
      .poll(async () => (await Siwx.state(page)).siwxSession?.data.accountAddress)
      .toBe(wallet.address)
    const state = await Siwx.state(page)
    expect(state.status).toBe('connected')
    const session = state.siwxSession!
    // The wallet signed once, during pairing: that message and signature are the session.
    expect(wallet.signedIn).toHaveLength(1)
    expect(session.message).toBe(wallet.signedIn[0]!.message)
    expect(session.signature).toBe(wallet.signedIn[0]!.signature)
    expect(session.data).toMatchObject({ chainId: 'eip155:31337', nonce: authPayload.nonce })
    expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toEqual([])
    const stored = await Siwx.apiSessions('eip155:31337', wallet.address)
    expect(stored).toHaveLength(1)
    Siwx.expectReadOf(stored[0]!, session)
    // The API keeps the CACAO beside the message; its reads leave out the CACAO's signature.
    expect(stored[0]!.session.cacao).toMatchObject({ h: { t: 'caip122' } })
    expect(stored[0]!.session.cacao).not.toHaveProperty('s')
    // The sign-in routes' own list says the same: GET /v1/siwx/sessions.
    const query = new URLSearchParams({ projectId: 'demo', chainId: 'eip155:31337', address: wallet.address })
    const listed = await fetch(`${Pages.addresses.API_URL}/v1/siwx/sessions?${query}`)
    expect(listed.status).toBe(200)
    const { sessions } = (await listed.json()) as { sessions: typeof stored }
    expect(sessions).toEqual(stored)
    const viem = await Siwx.verifiedByViem(session)
    expect(viem.valid).toBe(true)
    expect(viem.parsed.address).toBe(wallet.address)

    // The sign-in view never showed, and does not come after.
    await page.waitForTimeout(1000)
    expect(await views(page)).not.toContain('SIWXSignMessage')
    await Pages.expectClosed(page)
    await Siwx.shot(page, 'walletconnect-one-click-signed')
  })

  test('a wallet without one-click, optional: after pairing the sign-in view opens; the phone declines (view stays), then signs: the page, the API and viem agree', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const wallet = await WalletConnectWallet.create({ privateKey: generatePrivateKey(), oneClick: false })
    wallets.push(wallet)
    await Siwx.open(page, site.url, 'optional')
    expect(await views(page)).not.toContain('SIWXSignMessage')
    await connect(page, wallet)
    // Connected by the proposal, nothing signed yet: the sign-in view asks for personal_sign.
    await Siwx.expectSignIn(page)
    expect(wallet.signedIn).toEqual([])
    expect(wallet.requests).toEqual([])
    await Siwx.shot(page, 'walletconnect-sign-in')

    wallet.answerNext('personal_sign', 'reject')
    await Pages.modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(Pages.modal(page).getByRole('alert')).toHaveText('Signature declined')
    await Siwx.expectSignIn(page)
    expect(await Siwx.apiSessions('eip155:31337', wallet.address)).toEqual([])

    await Pages.modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await Pages.expectClosed(page)
    await expect
      .poll(async () => (await Siwx.state(page)).siwxSession?.data.accountAddress)
      .toBe(wallet.address)
    const session = (await Siwx.state(page)).siwxSession!
    const stored = await Siwx.apiSessions('eip155:31337', wallet.address)
    expect(stored).toHaveLength(1)
    Siwx.expectReadOf(stored[0]!, session)
    expect((await Siwx.verifiedByViem(session)).valid).toBe(true)
    expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(2)
    await Siwx.shot(page, 'walletconnect-signed')
  })

  test("Reown's WalletKit declines the sign-in with USER_REJECTED (5000): 'Signature declined', the report says declined: true; one SDK version in every request", async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const traffic = apiTraffic(page)
    // WalletKit without a session_authenticate listener answers the proposal: no one-click sign-in.
    const wallet = await WalletKitWallet.create({ privateKey: generatePrivateKey() })
    wallets.push(wallet)
    await Siwx.open(page, site.url, 'optional')
    await wallet.approve(await wallet.pair(await pairingUri(page)))
    await Siwx.expectSignIn(page)
    expect(wallet.requests).toEqual([])

    wallet.answerNext('personal_sign', 'reject')
    await Pages.modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(Pages.modal(page).getByRole('alert')).toHaveText('Signature declined')
    await Siwx.expectSignIn(page)
    expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign'])
    expect(await Siwx.apiSessions('eip155:31337', wallet.address)).toEqual([])
    await Siwx.shot(page, 'walletkit-declined')
    // The analytics report of the decline, as the API took it (the client flushes every 5 s).
    await expect
      .poll(() => traffic.events.find((e) => e.event === 'SIWX_ERROR'), { timeout: 15_000 })
      .toBeDefined()
    const report = traffic.events.find((e) => e.event === 'SIWX_ERROR')!
    expect(report.properties).toEqual({ kind: 'walletConnect', chainId: 31337, declined: true })
    expect(await report.status).toBe(202)

    // Signing after the decline works.
    await Pages.modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await Pages.expectClosed(page)
    await expect
      .poll(async () => (await Siwx.state(page)).siwxSession?.data.accountAddress)
      .toBe(wallet.address)
    // One SDK version: every request of the page's frames to the API (before the handshake too).
    expect(traffic.versions).toEqual(new Set([Version.SDK_VERSION]))
  })

  test('a wallet without one-click, required: the modal shakes instead of closing; cancel with no session disconnects the session', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const wallet = await WalletConnectWallet.create({ privateKey: generatePrivateKey(), oneClick: false })
    wallets.push(wallet)
    await Siwx.open(page, site.url, 'required')
    await connect(page, wallet)
    await Siwx.expectSignIn(page)
    const card = Pages.modal(page).locator('.fd-card')
    await page.keyboard.press('Escape')
    await expect(card).toHaveAttribute('data-shake', 'true')
    await Siwx.expectSignIn(page)
    await Pages.modal(page).getByRole('button', { name: 'Cancel' }).click()
    await Pages.expectClosed(page)
    await expect.poll(async () => (await Siwx.state(page)).status).toBe('disconnected')
  })
})
