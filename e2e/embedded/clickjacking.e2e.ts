import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type FrameLocator, type Page, test } from '@playwright/test'
import { createPublicClient, type Hex, http, toHex } from 'viem'
import * as Pages from '../modal/pages.js'
import * as Embedded from './embedded.js'

// The email wallet's account is its smart account (the default): its signatures are ERC-6492 before
// deployment, checked by viem against the devnet (an EOA's are recovered the same way).
const { verifyMessage } = createPublicClient({ transport: http(Pages.addresses.DEVNET_31337_URL) })

// Anti-clickjacking (issue 12): a page that lays fake details over the approval screen, fades the
// frame, or slides it under the pointer right before a click cannot get an approval; a summary longer
// than the screen must be scrolled through; without IntersectionObserver v2 the decision moves into a
// window of the auth frame's own origin.

const { DEMO_URL, AUTH_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'embedded')
mkdirSync(ARTIFACTS, { recursive: true })

/** What the auth frame's gate waits after any change (Visibility.APPROVE_ENABLE_DELAY_MS). */
const APPROVE_ENABLE_DELAY_MS = 750

/** Starts a request and records whether it settled. */
function pending(page: Page, method: string, params: unknown) {
  let settled = false
  const outcome = Embedded.startRequest(page, method, params).finally(() => {
    settled = true
  })
  return { outcome, settled: () => settled }
}

/** The auth frame's box on the page (the modal's iframe fills the viewport). */
async function authBox(page: Page) {
  const box = await Pages.modal(page).locator('iframe.fd-auth-frame').boundingBox()
  expect(box).not.toBeNull()
  return box!
}

/** Runs `script` in the page (the attacker), with the dialog holding the modal. */
function attack(page: Page, script: (dialog: HTMLDialogElement, arg: unknown) => void, arg?: unknown) {
  return page.evaluate(
    ([source, a]) => {
      const dialog = document.querySelector('dialog.frontdoor-dialog') as HTMLDialogElement
      new Function('dialog', 'arg', `(${source})(dialog, arg)`)(dialog, a)
    },
    [script.toString(), arg] as const,
  )
}

/** A forced click on Approve (no actionability checks, as a page would wish) changes nothing. */
async function forcedClickDoesNothing(auth: FrameLocator, request: { settled: () => boolean }) {
  await auth.getByRole('button', { name: 'Approve' }).click({ force: true })
  await new Promise((resolve) => setTimeout(resolve, APPROVE_ENABLE_DELAY_MS))
  expect(request.settled()).toBe(false)
}

test.describe('embedded wallet: clickjacking', () => {
  test('an overlay of fake details, a faded frame and a frame slid under the pointer get no approval', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.goto(DEMO_URL)
    const address = await Embedded.loginByEmail(page, Embedded.freshEmail('clickjack'))
    const auth = Embedded.authFrame(page)
    const approve = auth.getByRole('button', { name: 'Approve' })
    const message = toHex('Sign in to the Frontdoor demo')
    const request = pending(page, 'personal_sign', [message, address])
    await expect(approve).toBeEnabled()

    // 1. Fake details laid over the summary; clicks go through to the frame (pointer-events: none).
    const box = await authBox(page)
    await attack(
      page,
      (dialog, arg) => {
        const b = arg as { x: number; y: number; width: number; height: number }
        const fake = document.createElement('div')
        fake.id = 'fake'
        fake.textContent = 'Sign in to Frontdoor demo — free, no transaction'
        Object.assign(fake.style, {
          position: 'fixed',
          left: `${b.x}px`,
          top: `${b.y}px`,
          width: `${b.width}px`,
          height: `${b.height * 0.6}px`,
          background: '#fff',
          zIndex: '2147483647',
          pointerEvents: 'none',
          font: '600 18px system-ui',
          display: 'grid',
          placeItems: 'center',
        })
        dialog.append(fake)
      },
      box,
    )
    await expect(approve).toBeDisabled()
    await page.screenshot({ path: join(ARTIFACTS, 'clickjacking-overlay.png') })
    await forcedClickDoesNothing(auth, request)
    // The overlay goes: Approve comes back, but not at once.
    await attack(page, () => document.getElementById('fake')?.remove())
    const removedAt = Date.now()
    await expect(approve).toBeEnabled()
    expect(Date.now() - removedAt).toBeGreaterThanOrEqual(APPROVE_ENABLE_DELAY_MS - 50)

    // 2. The frame made nearly transparent.
    await attack(page, (dialog) => {
      dialog.style.opacity = '0.1'
    })
    await expect(approve).toBeDisabled()
    await page.screenshot({ path: join(ARTIFACTS, 'clickjacking-opacity.png') })
    await forcedClickDoesNothing(auth, request)
    await attack(page, (dialog) => {
      dialog.style.opacity = ''
    })
    await expect(approve).toBeEnabled()

    // 3. The pointer rests above Approve; the page slides the frame up under it and the click lands on
    // Approve: refused, and Approve waits again.
    const target = (await approve.boundingBox())!
    const x = target.x + target.width / 2
    const y = target.y + target.height / 2 - 60
    await page.mouse.move(x, y)
    await new Promise((resolve) => setTimeout(resolve, APPROVE_ENABLE_DELAY_MS))
    await expect(approve).toBeEnabled()
    await attack(page, (dialog) => {
      const frame = dialog.querySelector('iframe') as HTMLIFrameElement
      frame.style.position = 'relative'
      frame.style.top = '-60px'
    })
    await page.mouse.down()
    await page.mouse.up()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(request.settled()).toBe(false)
    await page.screenshot({ path: join(ARTIFACTS, 'clickjacking-moved.png') })

    // Left alone, the visitor can approve; the signature is the wallet's.
    await expect(approve).toBeEnabled()
    await approve.click()
    const signed = await request.outcome
    expect(signed).toHaveProperty('result')
    expect(
      await verifyMessage({
        address,
        message: { raw: message },
        signature: (signed as { result: Hex }).result,
      }),
    ).toBe(true)
  })

  test('a summary longer than the screen: Approve only after scrolling through all of it', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.goto(DEMO_URL)
    const address = await Embedded.loginByEmail(page, Embedded.freshEmail('clickjack-long'))
    const auth = Embedded.authFrame(page)
    const approve = auth.getByRole('button', { name: 'Approve' })
    const text = Array.from({ length: 80 }, (_, i) => `line ${i + 1} of the terms`).join('\n')
    const request = pending(page, 'personal_sign', [toHex(`${text}\nlast line: pay 100 ETH`), address])
    await expect(auth.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await expect(auth.getByRole('status')).toHaveText('Scroll to the end of the request to approve it.')
    await new Promise((resolve) => setTimeout(resolve, APPROVE_ENABLE_DELAY_MS * 2))
    await expect(approve).toBeDisabled()
    await page.screenshot({ path: join(ARTIFACTS, 'clickjacking-long-top.png') })
    // The visitor scrolls through, with the wheel over the summary.
    const summary = (await auth.locator('.af-summary').boundingBox())!
    await page.mouse.move(summary.x + summary.width / 2, summary.y + summary.height / 2)
    for (let i = 0; i < 40 && (await approve.isDisabled()); i++) {
      await page.mouse.wheel(0, 120)
      await new Promise((resolve) => setTimeout(resolve, 60))
    }
    await expect(auth.getByText('last line: pay 100 ETH')).toBeInViewport()
    await expect(approve).toBeEnabled()
    await page.screenshot({ path: join(ARTIFACTS, 'clickjacking-long-end.png') })
    await auth.getByRole('button', { name: 'Decline' }).click()
    expect(await request.outcome).toMatchObject({ code: 4001 })
  })

  test('without IntersectionObserver v2 the approval moves into a window of the auth origin', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    // This browser "has no" IntersectionObserver v2 in the auth frame (as Firefox and Safari).
    await page.addInitScript((authOrigin) => {
      if (location.origin !== authOrigin || window.parent === window) return
      delete (IntersectionObserver.prototype as { trackVisibility?: boolean }).trackVisibility
      delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible
    }, new URL(AUTH_URL).origin)
    await page.goto(DEMO_URL)
    const address = await Embedded.loginByEmail(page, Embedded.freshEmail('clickjack-popup'))
    const auth = Embedded.authFrame(page)
    const message = toHex('Sign in to the Frontdoor demo')
    const request = pending(page, 'personal_sign', [message, address])
    await expect(auth.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    // No Approve in the frame: the frame cannot know whether the page covers it.
    await expect(auth.getByRole('button', { name: 'Approve' })).toHaveCount(0)
    await page.screenshot({ path: join(ARTIFACTS, 'clickjacking-no-v2-frame.png') })
    const opening = context.waitForEvent('page')
    await auth.getByRole('button', { name: 'Review in wallet window' }).click()
    const popup = await opening
    expect(new URL(popup.url()).origin).toBe(new URL(AUTH_URL).origin)
    await expect(popup.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await expect(popup.getByText('Sign in to the Frontdoor demo')).toBeVisible()
    await expect(popup.locator('.af-origin')).toHaveText(`Request from ${new URL(DEMO_URL).origin}`)
    await expect(popup.getByRole('button', { name: 'Approve' })).toBeEnabled()
    await popup.screenshot({ path: join(ARTIFACTS, 'clickjacking-no-v2-window.png') })
    expect(request.settled()).toBe(false)
    await popup.getByRole('button', { name: 'Approve' }).click()
    const signed = await request.outcome
    expect(signed).toHaveProperty('result')
    expect(
      await verifyMessage({
        address,
        message: { raw: message },
        signature: (signed as { result: Hex }).result,
      }),
    ).toBe(true)
    await expect.poll(() => popup.isClosed()).toBe(true)
  })
})
