import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import * as Constants from '@frontdoor/schemas/constants'
import * as Errors from '@frontdoor/schemas/errors'
import * as Format from '@frontdoor/schemas/presentation/format'
import { expect, test } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import * as Account from '../account/account.js'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'

// A fresh key each run (names are unique and the stack's database outlives a run); registering needs
// no coin. Dev account 3 sends to the new name.
const SENDER = DEV_ACCOUNTS[3]!
const zone = Constants.ACCOUNT_NAME_ZONE

test.describe('account names', () => {
  test('RegisterAccountName with an injected wallet: rules and suggestions as the visitor types, a declined signature keeps the view, then the name shows on Account and Send resolves it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    const wallet = await Injected.install(page, { privateKey: generatePrivateKey(), name: 'Name Wallet' })
    await page.goto(Pages.addresses.DEMO_URL)
    await Account.connect(page, wallet)
    await Pages.expectClosed(page)
    const frame = await Account.openAccount(page)
    // No name yet: the header shows the truncated address.
    await expect(frame.getByText(Format.truncateAddress(wallet.address), { exact: true })).toBeVisible()

    await frame.getByRole('button', { name: 'Choose name' }).click()
    await expect(frame.getByRole('heading', { name: 'Choose Name' })).toBeVisible()
    const field = frame.getByLabel('Account name')
    await expect(field).toBeFocused()
    const register = frame.getByRole('button', { name: 'Register' })

    // The spec's rules, word for word, before anything is asked of the API.
    await field.fill('ab_')
    await expect(frame.getByRole('alert')).toHaveText(Errors.ACCOUNT_NAME_INVALID_CHARACTERS)
    await expect(register).toBeDisabled()
    await field.fill('abc')
    await expect(frame.getByRole('alert')).toHaveText(Errors.ACCOUNT_NAME_TOO_SHORT)

    // A name that is taken (the dev account's), then a free one with suggestions.
    await field.fill('devnet')
    await expect(frame.getByText(`devnet.${zone} is taken`)).toBeVisible()
    await expect(register).toBeDisabled()
    const label = `e2e${Date.now().toString(36)}`
    await field.fill(label)
    await expect(frame.getByText(`${label}.${zone} is available`)).toBeVisible()
    await expect(
      frame.getByRole('list').getByRole('button', { name: new RegExp(`${label}1\\.`) }),
    ).toBeVisible()
    await Account.shot(page, 'register-name')

    // The wallet declines: the view stays, with the error, and nothing was registered.
    wallet.answerNext('personal_sign', 'reject')
    await register.click()
    await expect(frame.getByRole('alert')).toHaveText('User rejected the request.')
    await expect(field).toHaveValue(label)
    const lookup = `${Pages.addresses.API_URL}/v1/profile/account/${label}.${zone}?projectId=demo`
    expect((await fetch(lookup)).status).toBe(404)

    // Signed: the API registers it; the success view, then Account shows the name.
    await register.click()
    await expect(frame.getByRole('heading', { name: 'Name Registered' })).toBeVisible()
    await expect(frame.getByText(`${label}.${zone}`, { exact: true })).toBeVisible()
    const signed = wallet.requests.filter((r) => r.method === 'personal_sign')
    expect(signed).toHaveLength(2)
    await Account.shot(page, 'register-name-success')
    expect((await (await fetch(lookup)).json()).addresses['60'].address).toBe(wallet.address)
    await frame.getByRole('button', { name: 'Back to account' }).click()
    await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect(frame.getByText(`${label}.${zone}`, { exact: true })).toBeVisible()

    // Another visitor sends to the name: Send resolves it to the address.
    const context = await browser.newContext()
    const other = await context.newPage()
    const sender = await Injected.install(other, { privateKey: SENDER.privateKey, name: 'Sender Wallet' })
    await other.goto(Pages.addresses.DEMO_URL)
    await Account.connect(other, sender)
    await Pages.expectClosed(other)
    const otherFrame = await Account.openAccount(other)
    await otherFrame.getByRole('button', { name: 'Send', exact: true }).click()
    await otherFrame.getByLabel('To', { exact: true }).fill(`${label}.${zone}`)
    await expect(otherFrame.getByTestId('receiver')).toContainText(Format.truncateAddress(wallet.address))
    await Account.shot(other, 'send-to-registered-name')
    await context.close()
  })
})
