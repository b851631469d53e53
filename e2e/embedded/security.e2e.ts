import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import * as fc from 'fast-check'
import { createPublicClient, type Hex, http, toHex } from 'viem'
import * as Pages from '../modal/pages.js'
import * as Embedded from './embedded.js'

// The email wallet's account is its smart account (the default): its signatures are ERC-6492 before
// deployment, checked by viem against the devnet (an EOA's are recovered the same way).
const { verifyMessage } = createPublicClient({ transport: http(Pages.addresses.DEVNET_31337_URL) })

const { DEMO_URL, AUTH_URL, MODAL_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'embedded')
mkdirSync(ARTIFACTS, { recursive: true })

test.describe('auth frame security', () => {
  test('a page that frames the auth frame directly is refused by the browser (CSP frame-ancestors)', async ({
    page,
  }) => {
    const hostile = await Pages.serveForeignPage(
      0,
      `<!doctype html><html lang="en"><head><title>Hostile</title></head><body>
       <iframe id="wallet" title="wallet" src="${AUTH_URL}/?projectId=demo" width="400" height="500"></iframe>
       </body></html>`,
    )
    try {
      const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()))
      await page.goto(hostile.url)
      expect((await refused).text()).toContain(`frame-ancestors ${MODAL_URL}`)
      // Nothing of the frame's document ran: no frame of the auth origin holds its page.
      for (const frame of page.frames()) {
        const meta = await frame
          .evaluate(() => document.querySelector('meta[name="frontdoor:modal-origin"]') !== null)
          .catch(() => false)
        expect(meta).toBe(false)
      }
      await page.screenshot({ path: join(ARTIFACTS, 'framing-refused.png') })
    } finally {
      await hostile.close()
    }
  })

  test('an allowed page that frames it directly gets an inert frame (the parent is not the modal)', async ({
    page,
  }) => {
    await page.goto(DEMO_URL)
    await page.evaluate((src) => {
      const iframe = document.createElement('iframe')
      iframe.id = 'direct'
      iframe.title = 'direct'
      iframe.src = src
      document.body.append(iframe)
    }, `${AUTH_URL}/?projectId=demo`)
    await expect(page.frameLocator('#direct').getByText('works only inside its modal')).toBeVisible()
  })

  test('fuzzed messages at the auth frame, from the page and from the modal, change nothing', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await page.goto(DEMO_URL)
    const address = await Embedded.loginByEmail(page, Embedded.freshEmail('mallory'))
    const modalFrame = page.frames().find((f) => f.url().startsWith(MODAL_URL))!
    const authPage = page.frames().find((f) => f.url().startsWith(AUTH_URL))!

    const penpal = (channel: string) => [
      { namespace: 'penpal', channel, type: 'SYN', participantId: 'evil' },
      { namespace: 'penpal', channel, type: 'ACK1', methodPaths: [['rpcRequest']] },
      { namespace: 'penpal', channel, type: 'CALL', id: '1', methodPath: ['signOut'], args: [] },
      {
        namespace: 'penpal',
        channel,
        type: 'CALL',
        id: '2',
        methodPath: ['rpcRequest'],
        args: [{ method: 'personal_sign', params: ['0x00', address] }],
      },
      { namespace: 'penpal', channel, type: 'CALL', id: '3', methodPath: ['__proto__'], args: [] },
      { namespace: 'penpal', channel, type: 'DESTROY' },
    ]
    const junk: unknown[] = [
      ...penpal('frontdoor:modal-auth'),
      ...penpal('frontdoor:host-modal'),
      ...fc.sample(fc.jsonValue(), { numRuns: 300, seed: 7 }),
      ...fc.sample(
        fc.record({
          namespace: fc.constant('penpal'),
          channel: fc.constantFrom('frontdoor:modal-auth', 'x'),
          type: fc.constantFrom('SYN', 'ACK1', 'ACK2', 'CALL', 'REPLY', 'DESTROY'),
          id: fc.string(),
          methodPath: fc.array(
            fc.constantFrom('rpcRequest', 'signOut', 'connectOtp', 'reload', 'constructor'),
          ),
          args: fc.array(fc.jsonValue(), { maxLength: 3 }),
        }),
        { numRuns: 200, seed: 11 },
      ),
    ]
    // From the host page (a hostile script there): to the auth frame's window, any target origin.
    await page.evaluate((messages) => {
      const auth = window.frames[0]?.frames[0]
      if (!auth) throw new Error('no auth frame')
      for (const message of messages) auth.postMessage(message, '*')
    }, junk)
    // From the modal's own window (its origin, not over the bridge's private channel): anything that is
    // not penpal's own control messages, which the real peer window may send (a DESTROY from the modal is
    // the modal closing the bridge).
    await modalFrame.evaluate(
      ([messages, target]) => {
        const auth = document.querySelector<HTMLIFrameElement>('iframe.fd-auth-frame')!.contentWindow!
        for (const message of messages) auth.postMessage(message, target)
      },
      [
        junk.filter((m) => !(m && typeof m === 'object' && 'namespace' in m && m.namespace === 'penpal')),
        AUTH_URL,
      ] as const,
    )
    await page.waitForTimeout(500)

    // Nothing happened: no approval screen, still logged in, the same account.
    expect(await authPage.evaluate(() => document.getElementById('root')!.hidden)).toBe(true)
    await Pages.expectClosed(page)
    await expect(page.getByTestId('status')).toHaveText('connected')
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [address] })

    // And the real bridge still works: a personal_sign approved in the frame verifies.
    const message = toHex('still here')
    const signing = Embedded.startRequest(page, 'personal_sign', [message, address])
    const auth = Embedded.authFrame(page)
    await expect(auth.getByRole('button', { name: 'Approve' })).toBeEnabled()
    await auth.getByRole('button', { name: 'Approve' }).click()
    const signed = (await signing) as { result: Hex }
    expect(await verifyMessage({ address, message: { raw: message }, signature: signed.result })).toBe(true)
  })
})
