import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import { expect, test } from '@playwright/test'
import * as Pages from '../modal/pages.js'
import * as Embedded from './embedded.js'

const { DEMO_URL } = Pages.addresses
const ENTRY_POINT = DEPLOYMENTS[31337].accountAbstraction.entryPoint

// Unsafe methods the embedded wallet cannot answer yet (packages/protocol policy's UNSUPPORTED_METHODS):
// ERC-7715 permissions, until another issue brings them, and eth_sendUserOperation (the vault builds the
// smart account's user operations itself). Each is refused at once with 4200, without opening the
// approval screen for a request it would refuse afterwards, and none is advertised: wallet_getCapabilities
// names no ERC-7715 `permissions` capability.
test('wallet_grantPermissions / wallet_revokePermissions / eth_sendUserOperation: 4200 at once, no approval screen, not advertised', async ({
  page,
}) => {
  await page.goto(DEMO_URL)
  const account = await Embedded.loginByEmail(page, Embedded.freshEmail('permissions'))
  await Pages.expectClosed(page)
  const requests: [string, unknown[]][] = [
    ['wallet_grantPermissions', [{ address: account, chainId: '0x7a69' }]],
    ['wallet_revokePermissions', [{ address: account, chainId: '0x7a69' }]],
    ['eth_sendUserOperation', [{ sender: account, callData: '0x' }, ENTRY_POINT]],
  ]
  for (const [method, params] of requests) {
    const answer = await Pages.providerRequest(page, method, params)
    expect(answer).toMatchObject({
      code: 4200,
      message: 'The Provider does not support the requested method.',
    })
    await Pages.expectClosed(page)
    await expect(Pages.modal(page).getByRole('heading', { name: 'Approve Transaction' })).toHaveCount(0)
  }
  // The capabilities the wallet advertises: atomic batches, no ERC-7715 permissions.
  const capabilities = (await Pages.providerRequest(page, 'wallet_getCapabilities', [account])) as {
    result: Record<string, Record<string, unknown>>
  }
  expect(Object.keys(capabilities.result).length).toBeGreaterThan(0)
  for (const chain of Object.values(capabilities.result)) expect(Object.keys(chain)).toEqual(['atomic'])
  // A supported request still opens it.
  const signing = Embedded.startRequest(page, 'personal_sign', ['0x6869', account])
  await expect(Pages.modal(page).getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
  await Embedded.authFrame(page).getByRole('button', { name: 'Decline' }).click()
  expect(await signing).toMatchObject({ code: 4001 })
})
