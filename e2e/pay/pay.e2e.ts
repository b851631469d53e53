import { expect, test } from '@playwright/test'
import { privateKeyToAccount } from 'viem/accounts'
import * as Account from '../account/account.js'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'
import * as Pay from './pay.js'

/**
 * Pay end to end: the demo page asks for a payment with `frontdoor.pay()` (its Pay form), the modal's
 * Pay view shows it, and an injected or an email wallet pays 5 FUSD on devnet 31337; the recipient's
 * balance on the chain grows by exactly 5 FUSD and the page's promise resolves with the mined hash.
 * Declining (the view, the close button, the wallet) rejects with 4001; a short balance shows
 * 'Insufficient balance'; requests the chain refutes reject with -32602 before anything shows; with the
 * project's payments feature off, pay() rejects at once. Screenshots in e2e/artifacts/pay.
 */

const FIVE = 5_000_000n
const REJECTED = 'failed 4001: The user rejected the request.'

test.describe.configure({ mode: 'serial' })

test('payments off: pay() rejects with a clear error and the modal stays closed', async ({ page }) => {
  test.setTimeout(120_000)
  await Pay.setPayments(false)
  await page.goto(Pages.addresses.DEMO_URL)
  await Pay.ask(page, '5', Pay.freshRecipient())
  await expect(Pay.outcome(page)).toHaveText('failed 4200: Cannot pay: the payments feature is off')
  await Pages.expectClosed(page)
  await Pay.setPayments(true)
})

test('injected wallet, not connected: connect first, then pay 5 FUSD; the recipient gets exactly 5 FUSD', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const privateKey = await Pay.fundedKey(10n * FIVE)
  const payer = privateKeyToAccount(privateKey).address
  const recipient = Pay.freshRecipient()
  const wallet = await Injected.install(page, { privateKey, name: 'Pay Test Wallet' })
  await page.goto(Pages.addresses.DEMO_URL)
  await expect(page.getByTestId('status')).toHaveText('disconnected')

  await Pay.ask(page, '5', recipient)
  // Not connected: Connect first; the page's promise waits.
  await Pages.expectConnectShown(page)
  await expect(Pay.outcome(page)).toHaveText('pending')
  await Pay.shot(page, 'injected-connect-first')
  await Pages.modal(page).getByRole('button', { name: wallet.name }).click()

  const frame = Pages.modal(page)
  await Pay.expectPayView(frame, { amount: '5', recipient, payer, balance: 10n * FIVE })
  await expect(frame.getByTestId('pay-fee')).toHaveText(/^[\d.,<]+ ETH$/)
  await expect(frame.getByTestId('pay-wallet')).toHaveText('Pay Test Wallet')
  // Before paying: the promise is pending and the recipient holds nothing.
  await expect(Pay.outcome(page)).toHaveText('pending')
  expect(await Pay.fusdOf(recipient)).toBe(0n)
  await Pay.shot(page, 'injected-pay-view')

  await frame.getByRole('button', { name: 'Pay 5 FUSD' }).click()
  await expect(frame.getByText('Payment sent')).toBeVisible()
  await expect(Pay.outcome(page)).toHaveText(/^paid 0x[0-9a-f]{64}$/)
  const hash = (await Pay.outcome(page).textContent())!.slice('paid '.length) as `0x${string}`
  // The hash the page got is the mined transfer's; the recipient got exactly 5 FUSD.
  expect((await Pay.receipt(hash)).status).toBe('success')
  expect(await Pay.fusdOf(recipient)).toBe(FIVE)
  expect(await Pay.fusdOf(payer)).toBe(9n * FIVE)
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1)
  await Pay.shot(page, 'injected-paid')
  await frame.getByRole('button', { name: 'Done' }).click()
  await Pages.expectClosed(page)
})

test('injected wallet: decline, close, wallet rejection give 4001; short balance; refuted requests -32602', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const privateKey = await Pay.fundedKey(FIVE + 1n)
  const payer = privateKeyToAccount(privateKey).address
  const recipient = Pay.freshRecipient()
  const wallet = await Injected.install(page, { privateKey, name: 'Pay Test Wallet' })
  await page.goto(Pages.addresses.DEMO_URL)
  await Account.connect(page, wallet)
  await Pages.expectClosed(page)
  const frame = Pages.modal(page)

  // Declined in the view.
  await Pay.ask(page, '5', recipient)
  await Pay.expectPayView(frame, { amount: '5', recipient, payer, balance: FIVE + 1n })
  await expect(Pay.outcome(page)).toHaveText('pending')
  await frame.getByRole('button', { name: 'Decline' }).click()
  await expect(Pay.outcome(page)).toHaveText(REJECTED)
  await Pages.expectClosed(page)

  // The modal closed (Escape) before paying.
  await Pay.ask(page, '5', recipient)
  await Pay.expectPayView(frame, { amount: '5', recipient, payer, balance: FIVE + 1n })
  await page.keyboard.press('Escape')
  await expect(Pay.outcome(page)).toHaveText(REJECTED)
  await Pages.expectClosed(page)

  // Declined in the wallet.
  wallet.answerNext('eth_sendTransaction', 'reject')
  await Pay.ask(page, '5', recipient)
  await Pay.expectPayView(frame, { amount: '5', recipient, payer, balance: FIVE + 1n })
  await frame.getByRole('button', { name: 'Pay 5 FUSD' }).click()
  await expect(Pay.outcome(page)).toHaveText(REJECTED)
  await Pages.expectClosed(page)
  expect(await Pay.fusdOf(recipient)).toBe(0n)

  // More than the balance: 'Insufficient balance', and Pay cannot be clicked.
  await Pay.ask(page, '6', recipient)
  await Pay.expectPayView(frame, { amount: '6', recipient, payer, balance: FIVE + 1n })
  await expect(frame.getByText('Insufficient balance: 6 FUSD needed')).toBeVisible()
  await expect(frame.getByRole('button', { name: 'Pay 6 FUSD' })).toBeDisabled()
  await Pay.shot(page, 'injected-insufficient-balance')
  // Buy first (the demo project's on-ramp is on); Back returns to the payment, still waiting.
  await frame.getByRole('button', { name: 'Buy crypto' }).click()
  await expect(frame.getByRole('heading', { name: 'Buy', exact: true })).toBeVisible()
  await Pay.shot(page, 'injected-buy-first')
  await frame.getByRole('button', { name: 'Back' }).click()
  await Pay.expectPayView(frame, { amount: '6', recipient, payer, balance: FIVE + 1n })
  await expect(Pay.outcome(page)).toHaveText('pending')
  await frame.getByRole('button', { name: 'Decline' }).click()
  await expect(Pay.outcome(page)).toHaveText(REJECTED)

  // What the chain refutes is refused before anything shows (-32602, not 4001).
  await Pay.ask(page, '0.0000001', recipient)
  await expect(Pay.outcome(page)).toHaveText(
    'failed -32602: Invalid params for "pay": params.amount: FUSD has 6 decimals',
  )
  await Pay.ask(page, '5', 'alice.eth' as `0x${string}`)
  await expect(Pay.outcome(page)).toHaveText(
    'failed -32602: Invalid params for "pay": params.recipient: must be an address',
  )
  await Pages.expectClosed(page)
  expect(await Pay.fusdOf(recipient)).toBe(0n)
})

test('email wallet: 5 FUSD approved in the auth frame; the recipient gets exactly 5 FUSD', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await page.goto(Pages.addresses.DEMO_URL)
  const payer = await Embedded.loginByEmail(page, Embedded.freshEmail('pay'))
  await Pay.fund(payer, 10n * FIVE)
  const recipient = Pay.freshRecipient()
  const frame = Pages.modal(page)
  const auth = Embedded.authFrame(page)

  await Pay.ask(page, '5', recipient)
  await Pay.expectPayView(frame, { amount: '5', recipient, payer, balance: 10n * FIVE })
  await expect(frame.getByTestId('pay-fee')).toHaveText(/^[\d.,<]+ ETH$/)
  await expect(Pay.outcome(page)).toHaveText('pending')
  await Pay.shot(page, 'email-pay-view')
  await frame.getByRole('button', { name: 'Pay 5 FUSD' }).click()

  // The embedded wallet's approval screen; the page's promise still waits.
  await expect(frame.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
  await expect(auth.getByText('eth_sendTransaction')).toBeVisible()
  await expect(Pay.outcome(page)).toHaveText('pending')
  expect(await Pay.fusdOf(recipient)).toBe(0n)
  await Pay.shot(page, 'email-approve')
  const approve = auth.getByRole('button', { name: 'Approve' })
  // The call data may be longer than the screen: the visitor scrolls through it, then approves.
  const summary = (await auth.locator('.af-summary').boundingBox())!
  await page.mouse.move(summary.x + summary.width / 2, summary.y + summary.height / 2)
  for (let i = 0; i < 40 && (await approve.isDisabled()); i++) {
    await page.mouse.wheel(0, 120)
    await page.waitForTimeout(60)
  }
  await approve.click()

  await expect(frame.getByText('Payment sent')).toBeVisible({ timeout: 20_000 })
  await expect(Pay.outcome(page)).toHaveText(/^paid 0x[0-9a-f]{64}$/)
  const hash = (await Pay.outcome(page).textContent())!.slice('paid '.length) as `0x${string}`
  expect((await Pay.receipt(hash)).status).toBe('success')
  expect(await Pay.fusdOf(recipient)).toBe(FIVE)
  expect(await Pay.fusdOf(payer)).toBe(9n * FIVE)
  await Pay.shot(page, 'email-paid')
  await frame.getByRole('button', { name: 'Done' }).click()
  await Pages.expectClosed(page)
})
