import { expect, test } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import * as Account from '../account/account.js'
import * as Pages from '../modal/pages.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'
import * as Names from './names.js'

/** How long the test waits for a QR code: a first pairing loads sign-client (slower on a busy machine). */
const QR_TIMEOUT_MS = 15_000

const wallets: WalletConnectWallet.Wallet[] = []
test.afterEach(async () => {
  for (const wallet of wallets.splice(0)) await wallet.stop()
})

test.describe('account names, WalletConnect', () => {
  test('RegisterAccountName with a WalletConnect wallet: the phone declines (the view stays), then signs; the name shows on Account and Send resolves it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    const wallet = await WalletConnectWallet.create({
      privateKey: generatePrivateKey(),
      name: 'Name WC Wallet',
    })
    wallets.push(wallet)
    await page.goto(Pages.addresses.DEMO_URL)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    const connect = Pages.modal(page)
    await connect.getByRole('button', { name: 'WalletConnect' }).click()
    const figure = connect.locator('figure[data-uri]')
    await expect(figure).toBeVisible({ timeout: QR_TIMEOUT_MS })
    await wallet.approve(await wallet.pair((await figure.getAttribute('data-uri')) as string))
    await Pages.expectClosed(page)

    const frame = await Account.openAccount(page)
    const label = Names.freshLabel('wc')
    const name = `${label}.${Names.zone}`
    const { field, register } = await Names.chooseFreeName(frame, wallet.address, label)
    await Names.shot(page, 'walletconnect-register-name')

    // The phone declines: the view stays with the wallet's error; nothing is registered.
    wallet.answerNext('personal_sign', 'reject')
    await register.click()
    await expect(frame.getByRole('alert')).toHaveText('User rejected the request.')
    await expect(field).toHaveValue(label)
    expect(await Names.lookup(name)).toEqual({ status: 404 })

    // The phone signs: registered, and the header shows it.
    await register.click()
    await Names.expectRegistered(page, frame, { name, address: wallet.address, label: 'walletconnect' })
    const signs = wallet.requests.filter((r) => r.method === 'personal_sign')
    expect(signs).toHaveLength(2)

    await Names.expectSendResolves(browser, { name, address: wallet.address, label: 'walletconnect' })
  })
})
