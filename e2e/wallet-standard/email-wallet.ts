import { expect, type Page } from '@playwright/test'
import nacl from 'tweetnacl'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import type { Outcome } from './outcome.js'

/**
 * The embedded (email) wallet through a Solana dApp's Wallet Standard calls, shared by the specs whose
 * page has such a dApp on `window.dapp` (wallet-standard/dapp.ts, solana-script-tag/dapp.ts): the
 * email login connect() opens, and a message signed on the auth frame's approval screen; and the
 * approval as a visitor gives it with the wheel (e2e/solana too).
 */

/** A Wallet Standard account as the dApp gives it (the public key in base64). */
export type Account = { address: string; publicKey: string; chains: string[] }

type DappWindow = {
  dapp: {
    connect: (name: string) => Promise<Outcome<Account[]>>
    signMessage: (
      name: string,
      text: string,
    ) => Promise<Outcome<{ signature: string; signedMessage: string }>>
  }
}

/**
 * The dApp's connect() of Frontdoor's wallet: the modal opens at Connect, where the visitor logs in with
 * `email` and the code the dev mailbox received; the modal closes and connect() answers.
 */
export async function connectByEmail(page: Page, email: string): Promise<Outcome<Account[]>> {
  const connecting = page.evaluate(() => (window as unknown as DappWindow).dapp.connect('Frontdoor'))
  await Pages.expectConnectShown(page)
  const modal = Pages.modal(page)
  const input = modal.getByRole('textbox', { name: 'Email' })
  const sentAfter = Date.now() - 1000
  await expect(async () => {
    if (await input.isVisible()) {
      await input.click()
      await input.fill(email)
      await input.press('Enter')
    }
    await expect(modal.getByText('Enter the 6-digit code sent to')).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 20_000 })
  await modal.getByRole('textbox', { name: 'Code' }).fill(await Embedded.otpFor(email, sentAfter))
  const connected = await connecting
  await Pages.expectClosed(page)
  return connected
}

/**
 * The dApp's signMessage of `text`: the auth frame's approval screen shows the message (`screenshot`
 * is taken of it), `approve` approves it as the spec's visitor does; the signature answered verifies
 * with the account's `key` (and not for another message), and the modal closes.
 */
export async function signMessage(
  page: Page,
  options: { text: string; key: Uint8Array; screenshot: string; approve: (page: Page) => Promise<void> },
) {
  const { text, key } = options
  const signing = page.evaluate(
    (t) => (window as unknown as DappWindow).dapp.signMessage('Frontdoor', t),
    text,
  )
  const auth = Embedded.authFrame(page)
  await expect(auth.getByRole('heading', { name: 'Sign message' })).toBeVisible()
  await expect(auth.locator('.af-detail pre')).toHaveText(text)
  await page.screenshot({ path: options.screenshot })
  await options.approve(page)
  const signed = await signing
  expect(signed).toHaveProperty('result')
  const { signature, signedMessage } = (signed as { result: { signature: string; signedMessage: string } })
    .result
  expect(signedMessage).toBe(text)
  const bytes = Uint8Array.from(Buffer.from(signature, 'base64'))
  expect(nacl.sign.detached.verify(new TextEncoder().encode(text), bytes, key)).toBe(true)
  expect(nacl.sign.detached.verify(new TextEncoder().encode(`${text}!`), bytes, key)).toBe(false)
  await Pages.expectClosed(page)
}

/**
 * Approves the request on the auth frame's screen as a visitor does: once the screen is checked fully
 * visible (and `screenshot` taken of it, when given), the wheel over its summary until all of it was
 * seen and the visibility gate enables Approve, then Approve.
 */
export async function approveWithWheel(page: Page, screenshot?: string) {
  const auth = Embedded.authFrame(page)
  const button = auth.getByRole('button', { name: 'Approve' })
  await expect(auth.getByRole('status')).not.toHaveText('Checking that this screen is fully visible…')
  if (screenshot) await page.screenshot({ path: screenshot })
  const summary = (await auth.locator('.af-summary').boundingBox())!
  await page.mouse.move(summary.x + summary.width / 2, summary.y + summary.height / 2)
  for (let i = 0; i < 40 && (await button.isDisabled()); i++) {
    await page.mouse.wheel(0, 120)
    await new Promise((resolve) => setTimeout(resolve, 60))
  }
  await expect(button).toBeEnabled()
  await button.click()
}
