import * as Errors from '@frontdoor/schemas/errors'
import { expect, test } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import * as Account from '../account/account.js'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'
import * as Names from './names.js'

// A fresh key each run (names are unique and the stack's database outlives a run); registering needs
// no coin.
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
    const label = Names.freshLabel('e2e')
    const name = `${label}.${Names.zone}`
    const { field, register } = await Names.chooseFreeName(frame, wallet.address, label)

    // The spec's rules, word for word, before anything is asked of the API.
    await field.fill('ab_')
    await expect(frame.getByRole('alert')).toHaveText(Errors.ACCOUNT_NAME_INVALID_CHARACTERS)
    await expect(register).toBeDisabled()
    await field.fill('abc')
    await expect(frame.getByRole('alert')).toHaveText(Errors.ACCOUNT_NAME_TOO_SHORT)

    // A name that is taken (the dev account's), then the free one again, with suggestions.
    await field.fill('devnet')
    await expect(frame.getByText(`devnet.${Names.zone} is taken`)).toBeVisible()
    await expect(register).toBeDisabled()
    await field.fill(label)
    await expect(frame.getByText(`${name} is available`)).toBeVisible()
    await expect(
      frame.getByRole('list').getByRole('button', { name: new RegExp(`${label}1\\.`) }),
    ).toBeVisible()
    await Names.shot(page, 'injected-register-name')

    // The wallet declines: the view stays, with the error, and nothing was registered.
    wallet.answerNext('personal_sign', 'reject')
    await register.click()
    await expect(frame.getByRole('alert')).toHaveText('User rejected the request.')
    await expect(field).toHaveValue(label)
    expect(await Names.lookup(name)).toEqual({ status: 404 })
    await Names.shot(page, 'injected-register-name-declined')

    // Signed: the API registers it; the success view, then Account shows the name.
    await register.click()
    await Names.expectRegistered(page, frame, { name, address: wallet.address, label: 'injected' })
    expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(2)

    // Another visitor sends to the name: Send resolves it to the address.
    await Names.expectSendResolves(browser, { name, address: wallet.address, label: 'injected' })
  })
})
