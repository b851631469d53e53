import * as HostModal from '@frontdoor/protocol/host-modal'
import * as ModalAuth from '@frontdoor/protocol/modal-auth'
import { expect, type Frame, type Page, test } from '@playwright/test'
import * as fc from 'fast-check'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'

/**
 * Frame-boundary fuzz on the real stack: 100,000 fuzzed messages per boundary posted at the modal frame
 * (host <-> modal) and at the auth frame (modal <-> auth) from windows that are not the pinned peer: a
 * foreign-origin page that opened the host page, and, on the host page itself, a same-origin child
 * window (host <-> modal) or the host page's own window (modal <-> auth). Among them are well-formed
 * penpal messages (SYN, ACK1, ACK2, CALL, REPLY, DESTROY) on both channels, with calls of every method of
 * packages/protocol's host-modal and modal-auth schemas, most with valid params.
 *
 * A message counts as accepted if anything shows it got past penpal's origin-and-window check: a frame's
 * console line 'refused a message' (the bridge's zod check, which only a pinned peer's calls reach), a
 * state snapshot pushed to the host, any message the frames post to the host window, any request the
 * frames make, a change of the modal (open, view, theme) or of the frames' storage. Afterwards the real
 * host still opens the modal and gets answers.
 */

const { MODAL_URL, AUTH_URL, API_URL } = Pages.addresses
const HOST_PAGE = `${Pages.addresses.DEMO_URL}/script-tag.html`
const PER_BOUNDARY = 100_000
const UNIQUE = 4_000
const BATCH = 2_000
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** Params with a valid shape for each message (the rest get fuzzed JSON). */
const VALID: Record<string, unknown[]> = {
  // host -> modal
  open: [undefined, { view: 'Account' }, { view: 'Connect' }],
  close: [undefined],
  shake: [undefined],
  getState: [undefined],
  request: [
    { id: 1, method: 'eth_accounts' },
    { id: 2, method: 'eth_blockNumber', params: [] },
    { id: 3, method: 'personal_sign', params: ['0x00', ADDRESS] },
    { id: 4, method: 'eth_requestAccounts' },
  ],
  injectedWallets: [{ wallets: [] }],
  injectedWalletEvent: [
    { uuid: '00000000-0000-4000-8000-000000000000', event: { event: 'accountsChanged', data: [] } },
  ],
  theme: [{ themeMode: 'dark' }, { themeMode: 'light', themeVariables: { '--w3m-accent': '#ff0000' } }],
  metadata: [{ name: 'Evil', description: 'x', url: 'https://evil.example', icons: [] }],
  disconnect: [undefined],
  switchNetwork: [{ caipNetworkId: 'eip155:31338' }],
  pay: [{ asset: 'native', amount: '1', recipient: ADDRESS }],
  // modal -> host (a forged reply path)
  hostInfo: [undefined],
  state: [{ open: true, loading: false, view: 'Account', status: 'connected' }],
  requestClose: [undefined],
  providerEvent: [{ event: 'accountsChanged', data: [ADDRESS] }],
  storageRead: [undefined],
  storageWrite: [{ key: '@frontdoor/x', value: 'evil' }],
  injectedWalletRequest: [{ uuid: 'x', request: { method: 'eth_accounts' } }],
  // modal -> auth
  connectEmail: [{ email: 'mallory@example.com' }],
  connectDevice: [undefined],
  connectOtp: [{ otp: '123456' }],
  getSocialRedirectUri: [{ provider: 'google' }],
  connectSocial: [{ uri: `${API_URL}/v1/auth/social/callback?code=x` }, { code: 'x' }],
  getFarcasterUri: [undefined],
  connectFarcaster: [undefined],
  getUser: [{ chainId: 31337 }, undefined],
  signOut: [undefined],
  isConnected: [undefined],
  getChainId: [undefined],
  rpcRequest: [
    { method: 'personal_sign', params: ['0x00', ADDRESS] },
    { method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }] },
    { method: 'eth_blockNumber', params: [] },
  ],
  rpcAbort: [undefined],
  updateEmail: [{ email: 'mallory@example.com' }],
  updateEmailPrimaryOtp: [{ otp: '123456' }],
  updateEmailSecondaryOtp: [{ otp: '123456' }],
  syncTheme: [{ themeMode: 'dark' }],
  syncDappData: [
    {
      metadata: { name: 'Evil', description: '', url: 'https://evil.example', icons: [] },
      projectId: 'demo',
      sdkVersion: '0',
      sdkType: 'frontdoor',
    },
  ],
  getSmartAccountEnabledNetworks: [undefined],
  setPreferredAccount: [{ type: 'eoa' }],
  initSmartAccount: [undefined],
  reload: [undefined],
  // auth -> modal
  ready: [undefined],
}

const METHODS = [
  ...Object.keys(HostModal.ModalMessages),
  ...Object.keys(HostModal.HostMessages),
  ...Object.keys(ModalAuth.AuthMessages),
  ...Object.keys(ModalAuth.ModalMessages),
  '__frontdoor_handshake',
]

/** Fuzzed messages (generated here, posted in the page): junk, and penpal messages of valid shape. */
function messages(seed: number): unknown[] {
  const channel = fc.constantFrom(
    HostModal.CHANNEL,
    ModalAuth.CHANNEL,
    HostModal.CHANNEL,
    ModalAuth.CHANNEL,
    'x',
    '',
  )
  const method = fc.oneof(
    fc.constantFrom(...METHODS),
    fc.constantFrom('constructor', '__proto__', 'toString'),
    fc.string(),
  )
  const call = fc
    .tuple(channel, method, fc.string({ maxLength: 12 }), fc.nat())
    .chain(([ch, name, id, pick]) =>
      fc
        .oneof(
          fc.constant(
            VALID[name] ? [VALID[name][pick % VALID[name].length]].filter((p) => p !== undefined) : [],
          ),
          fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 2 }),
        )
        .map((args) => ({ namespace: 'penpal', channel: ch, type: 'CALL', id, methodPath: [name], args })),
    )
  const handshake = fc.oneof(
    channel.map((ch) => ({ namespace: 'penpal', channel: ch, type: 'SYN', participantId: 'mallory' })),
    fc.tuple(channel, fc.array(method, { maxLength: 4 })).map(([ch, names]) => ({
      namespace: 'penpal',
      channel: ch,
      type: 'ACK1',
      methodPaths: names.map((n) => [n]),
    })),
    channel.map((ch) => ({ namespace: 'penpal', channel: ch, type: 'ACK2' })),
    channel.map((ch) => ({ namespace: 'penpal', channel: ch, type: 'DESTROY' })),
    fc
      .tuple(channel, fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }))
      .map(([ch, id, value]) => ({ namespace: 'penpal', channel: ch, type: 'REPLY', callId: id, value })),
  )
  const junk = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.string(),
    fc.record({
      type: fc.constantFrom('open', 'close', 'request'),
      method: method,
      args: fc.jsonValue({ maxDepth: 2 }),
    }),
  )
  return fc.sample(
    fc.oneof(
      { weight: 4, arbitrary: call },
      { weight: 2, arbitrary: handshake },
      { weight: 1, arbitrary: junk },
    ),
    {
      numRuns: UNIQUE,
      seed,
    },
  )
}

/**
 * Posts `count` messages (cycling through `list`) at `path` (a window path from the sender, e.g.
 * `victim.frames[0]`), in batches with a task break between them. Runs in `sender`'s realm (`realm` a
 * window path inside it, so a child window can be the source). Returns the posting time in ms.
 */
async function flood(sender: Page | Frame, realm: string, path: string, list: unknown[], count: number) {
  // The messages travel to the page in chunks (one evaluate argument each).
  await sender.evaluate(() => {
    ;(window as unknown as { fuzz: unknown[] }).fuzz = []
  })
  for (let i = 0; i < list.length; i += 1000)
    await sender.evaluate(
      (chunk) => {
        ;(window as unknown as { fuzz: unknown[] }).fuzz.push(...chunk)
      },
      list.slice(i, i + 1000),
    )
  return sender.evaluate(
    async ([realm, path, count, batch]) => {
      const source = new Function(`return ${realm}`)() as Window & typeof globalThis
      const list = (window as unknown as { fuzz: unknown[] }).fuzz
      // Built in the sender window's realm, so that window is the message's source.
      const post = new source.Function(
        'list',
        'from',
        'to',
        `
        const target = ${path}
        for (let i = from; i < to; i++) target.postMessage(list[i % list.length], '*')
      `,
      ) as (list: unknown[], from: number, to: number) => void
      const started = performance.now()
      for (let from = 0; from < count; from += batch) {
        post(list, from, Math.min(count, from + batch))
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
      return performance.now() - started
    },
    [realm, path, count, BATCH] as const,
  )
}

/** What the host page and the frames look like: compared before and after a flood. */
async function snapshot(page: Page) {
  const frameOf = (origin: string) => page.frames().find((f) => f.url().startsWith(origin))
  // A cross-site frame may be denied its storage (then the modal keeps its state in the host page's).
  const look = (frame: Frame | undefined) =>
    frame?.evaluate(() => {
      const read = (get: () => string) => {
        try {
          return get()
        } catch {
          return 'denied'
        }
      }
      return {
        storage: read(() => JSON.stringify(Object.entries(localStorage).sort())),
        cookies: read(() => document.cookie),
        html: [
          document.documentElement.className,
          document.documentElement.getAttribute('style'),
          JSON.stringify(document.documentElement.dataset),
        ],
        rootHidden: document.getElementById('root')?.hidden,
      }
    })
  return {
    dialogOpen: await Pages.dialog(page).getAttribute('open'),
    hostStorage: await page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort())),
    modal: await look(frameOf(MODAL_URL)),
    auth: await look(frameOf(AUTH_URL)),
  }
}

/** Watches everything that would show an accepted message. */
function watch(page: Page) {
  const seen = { refusedLines: [] as string[], requests: [] as string[] }
  page.on('console', (message) => {
    if (/refused a message/.test(message.text())) seen.refusedLines.push(message.text())
  })
  page.on('request', (request) => {
    const from = request.frame()?.url() ?? ''
    // Analytics (POST /e) leave on a timer, whenever the queue of earlier events (the open and close
    // of openHost) is flushed: not a sign of an accepted message, which would show in what follows.
    if (new URL(request.url()).pathname === '/e') return
    if (from.startsWith(MODAL_URL) || from.startsWith(AUTH_URL))
      seen.requests.push(`${request.method()} ${request.url()}`)
  })
  return seen
}

/** In the host page: counts state snapshots and any window message from the modal frame. */
async function listenInHost(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as {
      frontdoor: { subscribe: (fn: (s: unknown) => void) => void }
      fromModal: number
      states: unknown[]
    }
    w.fromModal = 0
    w.states = []
    w.frontdoor.subscribe((s) => w.states.push(s))
    const modal = document.querySelector<HTMLIFrameElement>('iframe.frontdoor-frame')!.contentWindow
    window.addEventListener('message', (event) => {
      if (event.source === modal) w.fromModal++
    })
  })
}
const hostCounts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { fromModal: number; states: unknown[] }
    return { fromModal: w.fromModal, states: w.states.length }
  })

async function openHost(page: Page) {
  await page.goto(HOST_PAGE)
  await page.waitForFunction(() => (window as unknown as { frontdoor?: unknown }).frontdoor)
  // Loaded and connected. The auth frame loads when first needed: opening the modal focuses its email
  // field (email login is on), which loads it; then the modal is closed again.
  await page.evaluate(() =>
    (window as unknown as { frontdoor: { open: () => Promise<void> } }).frontdoor.open(),
  )
  await expect(Pages.modal(page).locator('iframe.fd-auth-frame')).toHaveCount(1, { timeout: 20_000 })
  await page.evaluate(() =>
    (window as unknown as { frontdoor: { close: () => Promise<void> } }).frontdoor.close(),
  )
  await Pages.expectClosed(page)
  await expect.poll(() => Pages.providerRequest(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
  await page.waitForTimeout(1000)
}

/** A foreign-origin page that opens the host page and keeps a handle on its window. */
async function foreignOpener(page: Page) {
  const foreign = await Pages.serveForeignPage(
    0,
    '<!doctype html><html lang="en"><head><title>Foreign</title></head><body></body></html>',
  )
  await page.goto(foreign.url)
  const popupPromise = page.waitForEvent('popup')
  await page.evaluate((url) => {
    ;(window as unknown as { victim: Window | null }).victim = window.open(url)
  }, HOST_PAGE)
  const victim = await popupPromise
  await victim.waitForLoadState('load')
  return { foreign, victim }
}

async function expectNothingAccepted(
  victim: Page,
  seen: ReturnType<typeof watch>,
  before: Awaited<ReturnType<typeof snapshot>>,
) {
  await victim.waitForTimeout(1000)
  expect(seen.refusedLines).toEqual([])
  expect(seen.requests).toEqual([])
  expect(await hostCounts(victim)).toEqual({ fromModal: 0, states: 0 })
  expect(await snapshot(victim)).toEqual(before)
}

async function expectHostStillWorks(victim: Page) {
  await victim.evaluate(() => (window as unknown as { frontdoor: { open: () => void } }).frontdoor.open())
  await Pages.expectConnectShown(victim)
  await victim.keyboard.press('Escape')
  await Pages.expectClosed(victim)
  expect(await Pages.providerRequest(victim, 'eth_chainId')).toEqual({ result: '0x7a69' })
  expect(await Pages.providerRequest(victim, 'eth_blockNumber')).toMatchObject({
    result: expect.stringMatching(/^0x/),
  })
}

const figure = (boundary: string, parts: { from: string; count: number; ms: number }[]) => {
  const total = parts.reduce((sum, p) => sum + p.count, 0)
  const ms = parts.reduce((sum, p) => sum + p.ms, 0)
  const line =
    `frame fuzz ${boundary}: ${total} messages posted (${parts.map((p) => `${p.count} from ${p.from}`).join(', ')}) ` +
    `in ${(ms / 1000).toFixed(1)} s, ${Math.round(total / (ms / 1000))} per second; accepted 0`
  console.log(line)
  test.info().annotations.push({ type: 'figure', description: line })
}

test.describe('frame-boundary fuzz', () => {
  test('host <-> modal: 100,000 fuzzed messages at the modal frame from wrong windows; none acted on, the host still works', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const list = messages(1)
    const { foreign, victim } = await foreignOpener(page)
    try {
      const seen = watch(victim)
      await openHost(victim)
      await listenInHost(victim)
      seen.requests.length = 0
      seen.refusedLines.length = 0
      const before = await snapshot(victim)

      // A foreign page holding the host window (it opened it): wrong origin, wrong window.
      const fromForeign = await flood(page, 'window', 'window.victim.frames[0]', list, PER_BOUNDARY / 2)
      // A script on the host page posting from a child window of the host's own origin: wrong window.
      await victim.evaluate(() => {
        const iframe = document.createElement('iframe')
        iframe.id = 'same-origin-child'
        iframe.title = 'same-origin child'
        document.body.append(iframe)
      })
      const fromChild = await flood(
        victim,
        "document.getElementById('same-origin-child').contentWindow",
        "parent.document.querySelector('iframe.frontdoor-frame').contentWindow",
        list,
        PER_BOUNDARY / 2,
      )
      await expectNothingAccepted(victim, seen, before)
      figure('host <-> modal', [
        { from: 'a foreign page that opened the host', count: PER_BOUNDARY / 2, ms: fromForeign },
        { from: 'a same-origin child window of the host', count: PER_BOUNDARY / 2, ms: fromChild },
      ])
      await expectHostStillWorks(victim)

      // Control: a call of the corpus's shape with invalid params, from the pinned window (the host page
      // itself), does reach the bridge, so the watchers above would have seen an accepted one. (Not the
      // corpus itself: it may hold a valid DESTROY early, which the pinned window may send.)
      const invalidCall = {
        namespace: 'penpal',
        channel: HostModal.CHANNEL,
        type: 'CALL',
        id: 'control',
        methodPath: ['open'],
        args: [{ view: 'NoSuchView' }],
      }
      await flood(
        victim,
        'window',
        "document.querySelector('iframe.frontdoor-frame').contentWindow",
        [invalidCall],
        10,
      )
      await expect.poll(() => seen.refusedLines.length).toBeGreaterThan(0)
    } finally {
      await foreign.close()
    }
  })

  test('modal <-> auth: 100,000 fuzzed messages at the auth frame from wrong windows; none acted on, the modal still works', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const list = messages(2)
    const { foreign, victim } = await foreignOpener(page)
    try {
      const seen = watch(victim)
      await openHost(victim)
      await listenInHost(victim)
      seen.requests.length = 0
      seen.refusedLines.length = 0
      const before = await snapshot(victim)

      const fromForeign = await flood(
        page,
        'window',
        'window.victim.frames[0].frames[0]',
        list,
        PER_BOUNDARY / 2,
      )
      // The host page's own window (a hostile script there): not the modal, the auth frame's only peer.
      const fromHost = await flood(victim, 'window', 'window.frames[0].frames[0]', list, PER_BOUNDARY / 2)
      await expectNothingAccepted(victim, seen, before)
      figure('modal <-> auth', [
        { from: 'a foreign page that opened the host', count: PER_BOUNDARY / 2, ms: fromForeign },
        { from: 'the host page', count: PER_BOUNDARY / 2, ms: fromHost },
      ])
      await expectHostStillWorks(victim)
      // The modal still talks to the auth frame: an email login goes through and the account answers.
      const email = Embedded.freshEmail('fuzz')
      const sentAfter = Date.now() - 1000
      await victim.evaluate(() => (window as unknown as { frontdoor: { open: () => void } }).frontdoor.open())
      const input = Pages.modal(victim).getByRole('textbox', { name: 'Email' })
      await expect(async () => {
        if (await input.isVisible()) {
          await input.fill(email)
          await input.press('Enter')
        }
        await expect(Pages.modal(victim).getByText('Enter the 6-digit code sent to')).toBeVisible({
          timeout: 3000,
        })
      }).toPass({ timeout: 20_000 })
      await Pages.modal(victim)
        .getByRole('textbox', { name: 'Code' })
        .fill(await Embedded.otpFor(email, sentAfter))
      await Pages.expectClosed(victim)
      await expect
        .poll(() => Pages.providerRequest(victim, 'eth_accounts'))
        .toEqual({ result: [expect.stringMatching(/^0x[0-9a-fA-F]{40}$/)] })

      // Control: the same messages from the pinned window (the modal frame) do reach the auth frame's
      // bridge, so the watchers above would have seen an accepted one.
      const modalFrame = victim.frames().find((f) => f.url().startsWith(MODAL_URL))!
      seen.refusedLines.length = 0
      await flood(
        modalFrame,
        'window',
        "document.querySelector('iframe.fd-auth-frame').contentWindow",
        list,
        2000,
      )
      await expect
        .poll(() => seen.refusedLines.filter((l) => l.includes('frontdoor auth')).length)
        .toBeGreaterThan(0)
    } finally {
      await foreign.close()
    }
  })
})
