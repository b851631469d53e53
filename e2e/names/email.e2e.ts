import { expect, test } from '@playwright/test'
import * as Account from '../account/account.js'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as Names from './names.js'

test.describe('account names, email wallet', () => {
  test('RegisterAccountName with an email wallet: the message is approved in the auth frame; declined there, the view comes back with its name and the error; approved, the name shows on Account and Send resolves it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000)
    await page.goto(Pages.addresses.DEMO_URL)
    const address = await Embedded.loginByEmail(page, Embedded.freshEmail('names'))
    const frame = await Account.openAccount(page)
    const auth = Embedded.authFrame(page)
    const label = Names.freshLabel('mail')
    const name = `${label}.${Names.zone}`
    const { field, register } = await Names.chooseFreeName(frame, address, label)
    await Names.shot(page, 'email-register-name')

    // Register: ApproveTransaction shows the auth frame with the message (the name in it); declined.
    await register.click()
    await expect(frame.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
    await expect(auth.getByText(name, { exact: false })).toBeVisible()
    await expect(auth.getByRole('button', { name: 'Decline' })).toBeEnabled()
    await Names.shot(page, 'email-approve-name')
    await auth.getByRole('button', { name: 'Decline' }).click()
    // Back on the view (the modal stays open), with the name typed and the error.
    await expect(frame.getByRole('heading', { name: 'Choose Name' })).toBeVisible()
    await expect(field).toHaveValue(label)
    await expect(frame.getByRole('alert')).toHaveText('Signature declined')
    expect(await Names.lookup(name)).toEqual({ status: 404 })
    await Names.shot(page, 'email-register-name-declined')

    // Approved: registered, the success view, and the header shows the name.
    await expect(register).toBeEnabled()
    await register.click()
    await expect(auth.getByRole('button', { name: 'Approve' })).toBeEnabled()
    await auth.getByRole('button', { name: 'Approve' }).click()
    await Names.expectRegistered(page, frame, { name, address, label: 'email' })

    await Names.expectSendResolves(browser, { name, address, label: 'email' })
  })
})
