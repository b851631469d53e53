import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { createPublicClient, http, toHex } from 'viem'
import * as Scale from '../../scripts/stack/scale.js'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as StackControl from '../stack-control.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'

/**
 * Through the edge of the scale profile (nginx in front of two API and two relay nodes, round-robin):
 * the flows work when consecutive requests land on different nodes, and the tests prove they did (the
 * edge's X-Frontdoor-Node header, each relay node's socket gauge). The edge alternates between the
 * nodes; requests the browser makes on its own (CORS preflights, the modal's reads) shift which node
 * comes next, so a test tries again, with one more probe request through the edge each time, until
 * the calls it checks met different nodes, and says how many tries that took.
 */

const { DEMO_URL, API_URL, RELAY_URL } = Pages.addresses
const RELAY_EDGE = RELAY_URL.replace(/^ws/, 'http')
/**
 * A public client on the profile's devnet: the email wallet signs as its smart account (ERC-6492 before
 * it is deployed), which only a client that can call the chain verifies; the WalletConnect EOA's too.
 */
const { verifyMessage } = createPublicClient({ transport: http(Pages.addresses.DEVNET_31337_URL) })
const TRIES = 4

test.beforeAll(() => {
  // The tests run against the scale profile only (its config sets these).
  expect(API_URL).toBe(Scale.ADDRESSES.API_URL)
  expect(RELAY_URL).toBe(Scale.ADDRESSES.RELAY_URL)
})

/** One GET through the edge; resolves with the node that answered it. */
async function probe(base: string): Promise<string> {
  const response = await fetch(`${base}/healthz`)
  await response.body?.cancel()
  const node = response.headers.get('x-frontdoor-node')
  if (!node) throw new Error(`the edge at ${base} named no node`)
  return node
}

/** A new page of the one-line site on the edge, with Frontdoor loaded. */
async function openPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto(DEMO_URL)
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as { frontdoor?: { getState(): { status: string } } }).frontdoor?.getState().status,
      ),
    )
    .toBe('disconnected')
  return page
}

const stateOf = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { frontdoor: { getState(): { status: string; address?: string } } }
    ).frontdoor.getState(),
  )

test('the edge spreads API requests over both nodes, round-robin, and names the node', async () => {
  const nodes = [await probe(API_URL), await probe(API_URL), await probe(API_URL), await probe(API_URL)]
  expect(new Set(nodes)).toEqual(new Set(Scale.NODES.api))
  expect(nodes[0]).not.toBe(nodes[1])
  expect(nodes[2]).toBe(nodes[0])
})

test('email login: the code one API node mailed is checked by the other, and the session works on both', async ({
  browser,
}) => {
  let proven: { sent: string; verified: string; tries: number } | undefined
  for (let attempt = 0; attempt < TRIES && !proven; attempt++) {
    const page = await openPage(browser)
    const calls: { path: string; method: string; status: number; node: string | undefined }[] = []
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.origin !== API_URL) return
      calls.push({
        path: url.pathname,
        method: response.request().method(),
        status: response.status(),
        node: response.headers()['x-frontdoor-node'],
      })
    })
    const email = Embedded.freshEmail('scale')
    const sentAfter = Date.now() - 1000
    await Embedded.submitEmail(page, email)
    const sent = calls.find((call) => call.path === '/v1/auth/email/otp' && call.method === 'POST')
    expect(sent?.status).toBeLessThan(300)
    expect(Scale.NODES.api).toContain(sent?.node)
    // Shift the edge's turn by `attempt` requests of our own.
    for (let i = 0; i < attempt; i++) await probe(API_URL)
    const code = await Embedded.otpFor(email, sentAfter)
    await Pages.modal(page).getByRole('textbox', { name: 'Code' }).fill(code)
    await Pages.expectClosed(page)
    await expect.poll(async () => (await stateOf(page)).status).toBe('connected')
    const address = (await stateOf(page)).address
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const verified = calls.find((call) => call.path === '/v1/auth/email/verify' && call.method === 'POST')
    expect(verified?.status).toBe(200)
    // A signature by the embedded wallet: the session token is checked by whichever node gets it.
    const message = toHex(`scale ${attempt}`)
    const signing = Pages.providerRequest(page, 'personal_sign', [message, address])
    await Embedded.authFrame(page).getByRole('button', { name: 'Approve' }).click()
    const signed = await signing
    expect(signed).toHaveProperty('result')
    expect(
      await verifyMessage({
        address: address as `0x${string}`,
        message: { raw: message },
        signature: (signed as { result: `0x${string}` }).result,
      }),
    ).toBe(true)
    const afterLogin = new Set(
      calls.slice(calls.indexOf(verified as (typeof calls)[number])).map((call) => call.node),
    )
    console.log(
      `scale e2e: try ${attempt + 1}: code mailed by ${sent?.node}, checked by ${verified?.node}; after the login the API calls met ${[...afterLogin].join(', ')}`,
    )
    if (verified?.node !== sent?.node)
      proven = { sent: sent?.node as string, verified: verified?.node as string, tries: attempt + 1 }
    await page.context().close()
  }
  expect(
    proven,
    `no login in ${TRIES} tries had its code mailed and checked by different nodes`,
  ).toBeDefined()
  expect(Scale.NODES.api).toContain(proven?.verified)
})

/** Each relay node's open WebSockets (its /metrics gauge), by node. */
async function socketsPerNode(): Promise<Record<string, number>> {
  const result: Record<string, number> = {}
  for (const node of Scale.NODES.relay) {
    const text = await (await fetch(`http://${node}/metrics`)).text()
    const match = /^frontdoor_relay_sockets (\d+)$/m.exec(text)
    if (!match) throw new Error(`relay ${node}: no frontdoor_relay_sockets in /metrics`)
    result[node] = Number(match[1])
  }
  return result
}

/** Messages each relay node delivered to its own sockets (irn_subscription), by node. */
async function deliveredPerNode(): Promise<Record<string, number>> {
  const result: Record<string, number> = {}
  for (const node of Scale.NODES.relay) {
    const text = await (await fetch(`http://${node}/metrics`)).text()
    result[node] = Number(/^frontdoor_relay_messages_out_total (\d+)$/m.exec(text)?.[1] ?? 0)
  }
  return result
}

/** The node whose gauge grew from `before` to `after` by one (the new socket's), if exactly one did. */
function grown(before: Record<string, number>, after: Record<string, number>): string | undefined {
  const nodes = Scale.NODES.relay.filter((node) => (after[node] ?? 0) > (before[node] ?? 0))
  return nodes.length === 1 ? nodes[0] : undefined
}

test('WalletConnect: the page on one relay node pairs with a wallet on the other, and signs', async ({
  browser,
}) => {
  const USER = DEV_ACCOUNTS[7] as (typeof DEV_ACCOUNTS)[number]
  let proven: { page: string; wallet: string } | undefined
  for (let attempt = 0; attempt < TRIES && !proven; attempt++) {
    const page = await openPage(browser)
    const idle = await socketsPerNode()
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    await Pages.modal(page).getByRole('button', { name: 'WalletConnect' }).click()
    const figure = Pages.modal(page).locator('figure[data-uri]')
    await expect(figure).toBeVisible({ timeout: 20_000 })
    const uri = (await figure.getAttribute('data-uri')) as string
    await expect.poll(async () => grown(idle, await socketsPerNode())).toBeDefined()
    const pageNode = grown(idle, await socketsPerNode()) as string
    // The edge's next connection goes to the other node once a probe has met the page's.
    for (let i = 0; i < 4 && (await probe(RELAY_EDGE)) !== pageNode; i++);
    const beforeWallet = await socketsPerNode()
    const delivered = await deliveredPerNode()
    // sign-client opens its socket when it first needs the relay: the pairing.
    const wallet = await WalletConnectWallet.create({ privateKey: USER.privateKey as `0x${string}` })
    try {
      await wallet.approve(await wallet.pair(uri))
      await expect.poll(async () => grown(beforeWallet, await socketsPerNode())).toBeDefined()
      const walletNode = grown(beforeWallet, await socketsPerNode()) as string
      console.log(
        `scale e2e: try ${attempt + 1}: the page's socket is on ${pageNode}, the wallet's on ${walletNode}`,
      )
      await expect.poll(async () => (await stateOf(page)).status).toBe('connected')
      expect((await stateOf(page)).address?.toLowerCase()).toBe(wallet.address.toLowerCase())
      const message = toHex('through the edge')
      const signed = await Pages.providerRequest(page, 'personal_sign', [message, wallet.address])
      expect(signed).toHaveProperty('result')
      expect(
        await verifyMessage({
          address: wallet.address,
          message: { raw: message },
          signature: (signed as { result: `0x${string}` }).result,
        }),
      ).toBe(true)
      if (walletNode !== pageNode) {
        // Both nodes delivered messages to their own socket: the pairing crossed nodes through Redis.
        const after = await deliveredPerNode()
        for (const node of Scale.NODES.relay) expect(after[node], node).toBeGreaterThan(delivered[node] ?? 0)
        proven = { page: pageNode, wallet: walletNode }
      }
    } finally {
      await wallet.stop()
      await page.context().close()
    }
  }
  expect(
    proven,
    `no pairing in ${TRIES} tries had the page and the wallet on different relay nodes`,
  ).toBeDefined()
  expect(new Set([proven?.page, proven?.wallet])).toEqual(new Set(Scale.NODES.relay))
})

test('social login: started on one API node, its callback (redeeming the code) on the other, the dev provider on one node', async ({
  browser,
}) => {
  let proven: { start: string; callback: string } | undefined
  for (let attempt = 0; attempt < TRIES && !proven; attempt++) {
    const page = await openPage(browser)
    const calls: { path: string; node: string | undefined; status: number }[] = []
    // The popup is another page of the context: listen on the context.
    page.context().on('response', (response) => {
      const url = new URL(response.url())
      if (url.origin === API_URL)
        calls.push({
          path: url.pathname,
          node: response.headers()['x-frontdoor-node'],
          status: response.status(),
        })
    })
    for (let i = 0; i < attempt; i++) await probe(API_URL)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    const opened = page.waitForEvent('popup')
    await Pages.modal(page).getByRole('button', { name: 'Google', exact: true }).click()
    const popup = await opened
    await expect(popup.getByLabel('Username')).toBeVisible()
    await popup.getByLabel('Username').fill(`edge${Date.now().toString(36)}`)
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await closed
    await Pages.expectClosed(page)
    await expect.poll(async () => (await stateOf(page)).status).toBe('connected')
    expect((await stateOf(page)).address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const start = calls.find((call) => /^\/v1\/auth\/social\/[a-z]+\/start$/.test(call.path))
    const callback = calls.find((call) => call.path === '/v1/auth/social/callback')
    const provider = new Set(calls.filter((call) => call.path.startsWith('/oidc/')).map((call) => call.node))
    console.log(
      `scale e2e: try ${attempt + 1}: social login started on ${start?.node}, its callback on ${callback?.node}; the dev provider on ${[...provider].join(', ')}`,
    )
    expect(provider.size).toBe(1)
    // The code is redeemed by a node that is neither the one that started the login nor the provider's.
    if (start?.node && callback?.node && start.node !== callback.node && !provider.has(callback.node))
      proven = { start: start.node, callback: callback.node }
    await page.context().close()
  }
  expect(
    proven,
    `no social login in ${TRIES} tries had its callback on the other node than its start and the provider`,
  ).toBeDefined()
})

test('an API node stopped: the edge sends every request to the other, none fails; started again, both serve', async () => {
  const [first, second] = Scale.NODES.api
  await StackControl.stopPart('api-1')
  try {
    const answers: { status: number; node: string | null }[] = []
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${API_URL}/healthz`)
      await response.body?.cancel()
      answers.push({ status: response.status, node: response.headers.get('x-frontdoor-node') })
    }
    // nginx tries the stopped node, is refused, and passes the request on: the header lists both then.
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    for (const answer of answers) expect(answer.node?.split(', ').at(-1)).toBe(second)
  } finally {
    await StackControl.startPart('api-1')
  }
  // nginx tries a failed node again after its fail_timeout (10 s).
  await expect
    .poll(async () => new Set([await probe(API_URL), await probe(API_URL)]).has(first as string), {
      timeout: 20_000,
      intervals: [500],
    })
    .toBe(true)
})
