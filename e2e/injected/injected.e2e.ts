import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { expect, type Page, test } from '@playwright/test'
import { createPublicClient, type Hex, http, parseEther, toHex, verifyMessage } from 'viem'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'

const { DEMO_URL, DEVNET_31337_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'injected')
mkdirSync(ARTIFACTS, { recursive: true })

// Accounts of their own, so balances here do not move under other tests.
const USER = DEV_ACCOUNTS[7]!
const RECEIVER = DEV_ACCOUNTS[8]!

async function connect(page: Page, wallet: Injected.InjectedWallet) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
}

test.describe('injected wallet', () => {
  test('connect -> personal_sign -> eth_sendTransaction -> switch to 31338 -> reload reconnects -> disconnect', async ({
    page,
  }) => {
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    await page.goto(DEMO_URL)
    await connect(page, wallet)
    await Pages.expectClosed(page)
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('account')).toHaveText(wallet.address)
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [wallet.address] })

    const message = toHex('Sign in to the Frontdoor demo')
    const signed = await Pages.providerRequest(page, 'personal_sign', [message, wallet.address])
    expect(signed).toHaveProperty('result')
    const signature = (signed as { result: Hex }).result
    expect(await verifyMessage({ address: wallet.address, message: { raw: message }, signature })).toBe(true)

    const sent = await Pages.providerRequest(page, 'eth_sendTransaction', [
      { from: wallet.address, to: RECEIVER.address, value: toHex(parseEther('0.01')) },
    ])
    expect(sent).toHaveProperty('result')
    const chain = createPublicClient({ transport: http(DEVNET_31337_URL) })
    const receipt = await chain.waitForTransactionReceipt({ hash: (sent as { result: Hex }).result })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())

    expect(await Pages.providerRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({
      result: null,
    })
    expect(wallet.chainId()).toBe(31338)
    await expect(page.getByTestId('network')).toHaveText('Devnet 31338 (31338)')
    await page.screenshot({ path: join(ARTIFACTS, 'connected.png') })

    // Reload: the stored connection is restored without asking the wallet's user again.
    const asked = wallet.requests.length
    await page.reload()
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('account')).toHaveText(wallet.address)
    await expect(page.getByTestId('network')).toHaveText('Devnet 31338 (31338)')
    expect(wallet.requests.slice(asked).map((r) => r.method)).not.toContain('eth_requestAccounts')

    // The modal opens on the Account view while connected; Disconnect ends the connection.
    await page.getByRole('button', { name: /^0x/ }).click()
    const frame = Pages.modal(page)
    await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
    await page.screenshot({ path: join(ARTIFACTS, 'account.png') })
    await frame.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [] })
    await expect(frame.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()

    // After a disconnect, a reload does not reconnect.
    await page.reload()
    await page.waitForFunction(() => document.querySelector('iframe.frontdoor-frame'))
    await page.waitForTimeout(500)
    await expect(page.getByTestId('status')).toHaveText('disconnected')
  })

  test("the wallet's user rejecting shows 'Connection rejected' with a retry that connects", async ({
    page,
  }) => {
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    await page.goto(DEMO_URL)
    wallet.answerNext('eth_requestAccounts', 'reject')
    await connect(page, wallet)
    const frame = Pages.modal(page)
    await expect(frame.getByRole('alert')).toContainText('Connection rejected')
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    await page.screenshot({ path: join(ARTIFACTS, 'rejected.png') })
    await frame.getByRole('button', { name: 'Try again' }).click()
    await Pages.expectClosed(page)
    await expect(page.getByTestId('status')).toHaveText('connected')
  })

  test("the wallet's own events reach the page: chainChanged, then accountsChanged [] disconnects", async ({
    page,
  }) => {
    const wallet = await Injected.install(page, { privateKey: USER.privateKey })
    await page.goto(DEMO_URL)
    await connect(page, wallet)
    await expect(page.getByTestId('status')).toHaveText('connected')
    await wallet.switchTo(31338)
    await expect(page.getByTestId('network')).toHaveText('Devnet 31338 (31338)')
    expect(await Pages.providerRequest(page, 'eth_chainId')).toEqual({ result: '0x7a6a' })
    await wallet.disconnect()
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    await expect(page.getByTestId('account')).toHaveText('—')
  })

  test("switching to a chain the wallet lacks adds it first; when adding fails: 'Chain is not supported'", async ({
    page,
  }) => {
    const wallet = await Injected.install(page, { privateKey: USER.privateKey, knownChains: [31337] })
    await page.goto(DEMO_URL)
    await connect(page, wallet)
    await expect(page.getByTestId('status')).toHaveText('connected')

    wallet.answerNext('wallet_addEthereumChain', 'reject')
    expect(await Pages.providerRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({
      code: 4902,
      message: 'Chain is not supported',
    })
    expect(wallet.chainId()).toBe(31337)
    await expect(page.getByTestId('network')).toHaveText('Devnet 31337 (31337)')

    expect(await Pages.providerRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({
      result: null,
    })
    expect(wallet.requests.filter((r) => r.method === 'wallet_addEthereumChain')).toHaveLength(2)
    expect(wallet.chainId()).toBe(31338)
    await expect(page.getByTestId('network')).toHaveText('Devnet 31338 (31338)')
  })
})
