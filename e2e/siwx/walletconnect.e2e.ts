import { expect, test } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import * as Pages from '../modal/pages.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'
import * as Siwx from './siwx.js'

/** How long a test waits for a QR code: a first pairing loads sign-client (slower on a busy machine). */
const QR_TIMEOUT_MS = 15_000

let site: { url: string; close: () => Promise<void> }
const wallets: WalletConnectWallet.Wallet[] = []
test.beforeAll(async () => {
  site = await Siwx.serve()
})
test.afterAll(async () => {
  await site.close()
})
test.afterEach(async () => {
  for (const wallet of wallets.splice(0)) await wallet.stop()
})

/** Opens Connect, picks WalletConnect and pairs `wallet` with the URI the view shows. */
async function connect(page: import('@playwright/test').Page, wallet: WalletConnectWallet.Wallet) {
  await Siwx.call(page, 'open')
  await Pages.expectConnectShown(page)
  const frame = Pages.modal(page)
  await frame.getByRole('button', { name: 'WalletConnect' }).click()
  const figure = frame.locator('figure[data-uri]')
  await expect(figure).toBeVisible({ timeout: QR_TIMEOUT_MS })
  await wallet.approve(await wallet.pair((await figure.getAttribute('data-uri')) as string))
}

test.describe('sign in with the wallet (SIWX), WalletConnect', () => {
  test('optional: after pairing the sign-in view opens; the phone declines (view stays), then signs: the page, the API and viem agree', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const wallet = await WalletConnectWallet.create({ privateKey: generatePrivateKey() })
    wallets.push(wallet)
    await Siwx.open(page, site.url, 'optional')
    await connect(page, wallet)
    await Siwx.expectSignIn(page)
    await Siwx.shot(page, 'walletconnect-sign-in')

    wallet.answerNext('personal_sign', 'reject')
    await Pages.modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(Pages.modal(page).getByRole('alert')).toHaveText('Signature declined')
    await Siwx.expectSignIn(page)
    expect(await Siwx.apiSessions('eip155:31337', wallet.address)).toEqual([])

    await Pages.modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await Pages.expectClosed(page)
    await expect
      .poll(async () => (await Siwx.state(page)).siwxSession?.data.accountAddress)
      .toBe(wallet.address)
    const session = (await Siwx.state(page)).siwxSession!
    const stored = await Siwx.apiSessions('eip155:31337', wallet.address)
    expect(stored.map((s) => s.session.signature)).toEqual([session.signature])
    expect((await Siwx.verifiedByViem(session)).valid).toBe(true)
    expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(2)
    await Siwx.shot(page, 'walletconnect-signed')
  })

  test('required: the modal shakes instead of closing; cancel with no session disconnects the session', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const wallet = await WalletConnectWallet.create({ privateKey: generatePrivateKey() })
    wallets.push(wallet)
    await Siwx.open(page, site.url, 'required')
    await connect(page, wallet)
    await Siwx.expectSignIn(page)
    const card = Pages.modal(page).locator('.fd-card')
    await page.keyboard.press('Escape')
    await expect(card).toHaveAttribute('data-shake', 'true')
    await Siwx.expectSignIn(page)
    await Pages.modal(page).getByRole('button', { name: 'Cancel' }).click()
    await Pages.expectClosed(page)
    await expect.poll(async () => (await Siwx.state(page)).status).toBe('disconnected')
  })
})
