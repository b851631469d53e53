import { expect, type Page, test } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'
import * as WalletKitWallet from '../wallets/walletkit.js'

/**
 * A wallet's refusal reaches the dapp as the user's refusal, whatever code the wallet sends it in:
 * EIP-1193's 4001, WalletConnect's USER_REJECTED (5000) and its variants (5001, 5002) as Reown's
 * WalletKit answers, or JSON-RPC's -32000 with the message 'User rejected.' as WalletConnect's
 * formatJsonRpcError makes it. The dapp's library says so: ethers' ACTION_REJECTED, wagmi's (viem's)
 * UserRejectedRequestError, and the page's provider 4001.
 */

const { DEMO_URL } = Pages.addresses

/** How long a test waits for a QR code: a first pairing loads sign-client (slower on a busy machine). */
const QR_TIMEOUT_MS = 20_000

/** The refusals real wallets send, each with its message. */
const REFUSALS = [
  { code: 4001, message: 'User rejected the request.' },
  { code: 5000, message: 'User rejected.' },
  { code: 5001, message: 'User rejected chains.' },
  { code: 5002, message: 'User rejected methods.' },
  { code: -32000, message: 'User rejected.' },
]

const stops: (() => Promise<void>)[] = []
test.afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
})

/** Connects the library page at `path` through the modal's WalletConnect view: the pairing URI. */
async function pairingUri(page: Page, path: string): Promise<string> {
  await page.goto(new URL(path, DEMO_URL).toString())
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  await Pages.modal(page).getByRole('button', { name: 'WalletConnect' }).click()
  const figure = Pages.modal(page).locator('figure[data-uri]')
  await expect(figure).toBeVisible({ timeout: QR_TIMEOUT_MS })
  return (await figure.getAttribute('data-uri')) as string
}

/** The page signs `message` with its library; resolves once the request is pending at the wallet. */
async function sign(page: Page, message: string) {
  await page.getByTestId('message').fill(message)
  await page.getByRole('button', { name: 'Sign message' }).click()
}

test.describe("a wallet's refusal is the user's refusal (4001) for the dapp", () => {
  test("ethers, with Reown's WalletKit as the wallet: a signature its user rejects (getSdkError('USER_REJECTED'), 5000) is ACTION_REJECTED; the provider says 4001; the next one is signed", async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const wallet = await WalletKitWallet.create({ privateKey: generatePrivateKey() })
    stops.push(wallet.stop)
    const uri = await pairingUri(page, '/ethers.html')
    await expect(page.getByTestId('connect-result')).toHaveText('pending')
    await wallet.approve(await wallet.pair(uri))
    await Pages.expectClosed(page)
    await expect(page.getByTestId('connect-result')).toHaveText(wallet.address)

    // Pending at the wallet until its user answers; then refused with WalletKit's USER_REJECTED.
    const release = wallet.holdNext('personal_sign')
    await expect(page.getByTestId('signature')).toHaveText('idle')
    await sign(page, 'Refused by WalletKit')
    await expect.poll(() => wallet.requests.length).toBe(1)
    await page.waitForTimeout(500)
    await expect(page.getByTestId('signature')).toHaveText('pending')
    wallet.answerNext('personal_sign', 'reject')
    release()
    await expect(page.getByTestId('signature')).toHaveText(/^error ACTION_REJECTED: user rejected action/)
    await Pages.expectClosed(page)
    await expect(page.getByTestId('status')).toHaveText('connected')

    // The page's own provider, as a dapp without a library calls it.
    wallet.answerNext('personal_sign', 'reject')
    expect(await Pages.providerRequest(page, 'personal_sign', ['0x6869', wallet.address])).toEqual({
      code: 4001,
      message: 'User rejected.',
    })

    await sign(page, 'Signed with WalletKit')
    await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
    expect(wallet.requests.map((r) => r.method)).toEqual(Array(3).fill('personal_sign'))
  })

  test('wagmi over WalletConnect: each code wallets send for a refusal (4001, 5000, 5001, 5002, -32000) is UserRejectedRequestError', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const wallet = await WalletConnectWallet.create({ privateKey: generatePrivateKey(), oneClick: false })
    stops.push(wallet.stop)
    const uri = await pairingUri(page, '/wagmi.html')
    await wallet.approve(await wallet.pair(uri))
    await Pages.expectClosed(page)
    await expect(page.getByTestId('status')).toHaveText('connected')

    for (const [i, refusal] of REFUSALS.entries()) {
      wallet.answerNext('personal_sign', 'reject', refusal)
      await sign(page, `Refused with ${refusal.code}`)
      await expect.poll(() => wallet.requests.length).toBe(2 * i + 1)
      await expect(page.getByTestId('signature'), `code ${refusal.code}`).toHaveText(
        'error 4001: User rejected the request.',
      )
      // The next sign starts from a fresh state: the output shows its own outcome.
      await sign(page, `Signed after ${refusal.code}`)
      await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
    }
    await expect(page.getByTestId('status')).toHaveText('connected')
  })

  test('ethers with an extension: each code wallets send for a refusal is ACTION_REJECTED, connecting included', async ({
    page,
  }) => {
    const wallet = await Injected.install(page, { privateKey: generatePrivateKey() })
    await page.goto(new URL('/ethers.html', DEMO_URL).toString())
    await expect(page.getByTestId('status')).toHaveText('disconnected')

    // Refusing to connect with WalletConnect's 5000: the modal says so, the page hears the refusal.
    wallet.answerNext('eth_requestAccounts', 'reject', { code: 5000, message: 'User rejected.' })
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
    await expect(Pages.modal(page).getByText('Connection rejected')).toBeVisible()
    await page.keyboard.press('Escape')
    await Pages.expectClosed(page)
    await expect(page.getByTestId('connect-result')).toHaveText(/^error ACTION_REJECTED: /)

    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
    await Pages.expectClosed(page)
    await expect(page.getByTestId('connect-result')).toHaveText(wallet.address)

    for (const refusal of REFUSALS) {
      wallet.answerNext('personal_sign', 'reject', refusal)
      await sign(page, `Refused with ${refusal.code}`)
      await expect(page.getByTestId('signature'), `code ${refusal.code}`).toHaveText(
        /^error ACTION_REJECTED: user rejected action/,
      )
      wallet.answerNext('personal_sign', 'reject', refusal)
      expect(await Pages.providerRequest(page, 'personal_sign', ['0x6869', wallet.address])).toEqual({
        code: 4001,
        message: refusal.message,
      })
      await sign(page, `Signed after ${refusal.code}`)
      await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
    }
  })
})
