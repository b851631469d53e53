import { expect, test } from '@playwright/test'
import * as Pages from '../modal/pages.js'
import * as Embedded from './embedded.js'

const { DEMO_URL } = Pages.addresses

// ERC-7715 permissions need the smart accounts of issue 15: until then the embedded wallet refuses them
// at once with 4200, without opening the approval screen for a request it would refuse afterwards.
test('wallet_grantPermissions / wallet_revokePermissions: 4200 at once, no approval screen', async ({
  page,
}) => {
  await page.goto(DEMO_URL)
  const account = await Embedded.loginByEmail(page, Embedded.freshEmail('permissions'))
  await Pages.expectClosed(page)
  for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions']) {
    const answer = await Pages.providerRequest(page, method, [{ address: account, chainId: '0x7a69' }])
    expect(answer).toMatchObject({
      code: 4200,
      message: 'The Provider does not support the requested method.',
    })
    await Pages.expectClosed(page)
    await expect(Pages.modal(page).getByRole('heading', { name: 'Approve Transaction' })).toHaveCount(0)
  }
  // A supported request still opens it.
  const signing = Embedded.startRequest(page, 'personal_sign', ['0x6869', account])
  await expect(Pages.modal(page).getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
  await Embedded.authFrame(page).getByRole('button', { name: 'Decline' }).click()
  expect(await signing).toMatchObject({ code: 4001 })
})
