import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type FrameLocator, type Page } from '@playwright/test'
import { type Address, createPublicClient, http } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import * as Account from '../account/account.js'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'

/** Helpers of the Buy e2e tests: a fresh wallet, the chain's balance, the checkout popup, screenshots. */

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'buy')
mkdirSync(ARTIFACTS, { recursive: true })

const client = createPublicClient({ transport: http(Pages.addresses.DEVNET_31337_URL), cacheTime: 0 })

/** The native balance of `address` on devnet 31337, in wei. */
export const balance = (address: Address) => client.getBalance({ address })

/** Saves a screenshot of `page` as artifacts/buy/`name`.png. */
export function shot(page: Page, name: string) {
  return page.screenshot({ path: join(ARTIFACTS, `${name}.png`) })
}

/**
 * A new wallet with nothing on chain (so its balance is what it bought), connected on the demo page,
 * with the modal on the Buy view.
 */
export async function openBuy(page: Page, name: string) {
  const wallet = await Injected.install(page, { privateKey: generatePrivateKey(), name })
  await page.goto(Pages.addresses.DEMO_URL)
  await Account.connect(page, wallet)
  await Pages.expectClosed(page)
  const frame = await Account.openAccount(page)
  const buy = frame.getByRole('button', { name: 'Buy', exact: true })
  // The demo project turns the on-ramp on: the button is enabled.
  await expect(buy).not.toHaveAttribute('aria-disabled')
  await buy.click()
  await expect(frame.getByRole('heading', { name: 'Buy' })).toBeVisible()
  return { wallet, frame }
}

/** Types `amount` and waits for the quote; returns what the view says the amount buys ('0.024625'). */
export async function quote(frame: FrameLocator, amount: string): Promise<string> {
  await frame.getByLabel('Amount').fill(amount)
  const quoted = frame.getByTestId('buy-quote')
  await expect(quoted).toHaveText(/^\d+\.\d+ ETH$/)
  return ((await quoted.textContent()) ?? '').replace(' ETH', '')
}

/** Clicks Buy and returns the checkout popup, on the sandbox's checkout page. */
export async function openCheckout(page: Page, frame: FrameLocator) {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    frame.getByRole('button', { name: 'Buy ETH' }).click(),
  ])
  await popup.waitForURL(`${Pages.addresses.ONRAMP_URL}/checkout/**`)
  await expect(popup.getByRole('heading', { level: 1 })).toBeVisible()
  return popup
}

/** Fills the checkout's card form with `number` and pays. */
export async function pay(popup: Page, number: string) {
  await popup.getByLabel('Card number').fill(number)
  await popup.getByLabel('Expiry (MM/YY)').fill('12/39')
  await popup.getByLabel('CVC').fill('123')
  await popup.getByRole('button', { name: /^Pay / }).click()
}
