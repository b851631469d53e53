import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEV_MNEMONIC } from '@frontdoor/devnet/accounts'
import { expect, type Page } from '@playwright/test'
import { createPublicClient, type Hex, http, parseEther, toHex, verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'

const { DEMO_URL, DEVNET_31337_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'libraries')
mkdirSync(ARTIFACTS, { recursive: true })

/**
 * A funded devnet account of the library tests (mnemonic index 10-13; 0-9 belong to the other tests,
 * 14-19 to others again), with its private key for the injected test wallet.
 */
export function account(addressIndex: 10 | 11 | 12 | 13) {
  const hd = mnemonicToAccount(DEV_MNEMONIC, { addressIndex })
  return { address: hd.address, privateKey: toHex(hd.getHdKey().privateKey!) }
}

/** The receiver of every library test's transaction. */
const RECEIVER = account(13)

const chain = createPublicClient({ transport: http(DEVNET_31337_URL) })

/**
 * The whole journey on a library page (`/wagmi.html`, …, on the demo's origin unless `origin` says
 * otherwise), through the library's own API: connect through the modal with the injected test wallet,
 * sign (verified), send (mined), switch to 31338, reload reconnects without asking, disconnect, reload
 * stays disconnected. Every step checks the page before the action as well as after.
 */
export async function journey(
  page: Page,
  path: string,
  user: { privateKey: Hex },
  origin: string = DEMO_URL,
) {
  const name = path.replace(/^\/|\.html$/g, '')
  const wallet = await Injected.install(page, { privateKey: user.privateKey })
  await page.goto(new URL(path, origin).toString())

  // Connect: disconnected before; the library's connect call stays pending while the modal is open.
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect(page.getByTestId('account')).toHaveText('—')
  await expect(page.getByTestId('connect-result')).toHaveText('idle')
  expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [] })
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  await expect(page.getByTestId('connect-result')).toHaveText('pending')
  await expect(page.getByTestId('status')).toHaveText('connecting')
  // Long past the moment the broken provider rejected (about 10 ms): still pending, modal still open.
  await page.waitForTimeout(1_000)
  await expect(page.getByTestId('connect-result')).toHaveText('pending')
  await expect(Pages.dialog(page)).toHaveAttribute('open', '')
  expect(wallet.authorized()).toBe(false)
  await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
  await Pages.expectClosed(page)
  await expect(page.getByTestId('connect-result')).toHaveText(wallet.address)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('account')).toHaveText(wallet.address)
  await expect(page.getByTestId('network')).toHaveText('Devnet 31337 (31337)')
  expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [wallet.address] })
  await page.screenshot({ path: join(ARTIFACTS, `${name}-connected.png`) })

  // Sign a message: the signature is the wallet's, for this message.
  const message = `Sign in with ${name} at ${Date.now()}`
  await expect(page.getByTestId('signature')).toHaveText('idle')
  await page.getByTestId('message').fill(message)
  await page.getByRole('button', { name: 'Sign message' }).click()
  await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
  const signature = (await page.getByTestId('signature').textContent()) as Hex
  expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
  expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(1)

  // Send 0.001 ETH: mined on the devnet, from the wallet to the receiver.
  await expect(page.getByTestId('tx-hash')).toHaveText('idle')
  await page.getByTestId('to').fill(RECEIVER.address)
  await page.getByRole('button', { name: 'Send transaction' }).click()
  await expect(page.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 20_000 })
  const hash = (await page.getByTestId('tx-hash').textContent()) as Hex
  const receipt = await chain.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
  expect(receipt.to?.toLowerCase()).toBe(RECEIVER.address.toLowerCase())
  const before = await chain.getBalance({ address: RECEIVER.address, blockNumber: receipt.blockNumber - 1n })
  const after = await chain.getBalance({ address: RECEIVER.address, blockNumber: receipt.blockNumber })
  expect(after - before).toBe(parseEther('0.001'))

  // Switch to 31338: the wallet switches, the page reads the new chain through its library.
  expect(wallet.chainId()).toBe(31337)
  await expect(page.getByTestId('switch-result')).toHaveText('idle')
  await page.getByRole('button', { name: 'Switch to 31338' }).click()
  await expect(page.getByTestId('switch-result')).toHaveText('31338')
  expect(wallet.chainId()).toBe(31338)
  await expect(page.getByTestId('network')).toHaveText('Devnet 31338 (31338)')
  expect(await Pages.providerRequest(page, 'eth_chainId')).toEqual({ result: '0x7a6a' })

  // Reload: the library reconnects without asking the wallet's user, on the same chain.
  const asked = wallet.requests.length
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('account')).toHaveText(wallet.address)
  await expect(page.getByTestId('network')).toHaveText('Devnet 31338 (31338)')
  await Pages.expectClosed(page)
  expect(wallet.requests.slice(asked).map((r) => r.method)).not.toContain('eth_requestAccounts')
  await page.screenshot({ path: join(ARTIFACTS, `${name}-reconnected.png`) })

  // Disconnect through the page.
  await expect(page.getByTestId('disconnect-result')).toHaveText('idle')
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect(page.getByTestId('account')).toHaveText('—')
  await expect(page.getByTestId('disconnect-result')).not.toHaveText(/pending|error/)
  expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [] })

  // After a disconnect, a reload does not reconnect.
  await page.reload()
  await page.waitForFunction(() => document.querySelector('iframe.frontdoor-frame'))
  await page.waitForTimeout(1_500)
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [] })
}

/**
 * Closing the modal while the library's connect call is pending rejects it as the user's refusal
 * (4001; ethers calls it ACTION_REJECTED), and the page stays disconnected.
 */
export async function closeRejects(page: Page, path: string, user: { privateKey: Hex }) {
  const wallet = await Injected.install(page, { privateKey: user.privateKey })
  await page.goto(new URL(path, DEMO_URL).toString())
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  await page.waitForTimeout(500)
  await expect(page.getByTestId('connect-result')).toHaveText('pending')
  await page.keyboard.press('Escape')
  await Pages.expectClosed(page)
  await expect(page.getByTestId('connect-result')).toHaveText(/^error (4001|ACTION_REJECTED): /)
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  expect(wallet.requests.map((r) => r.method)).not.toContain('eth_requestAccounts')
  expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [] })
}
