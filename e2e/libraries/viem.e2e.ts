import { test } from '@playwright/test'
import * as Flow from './flow.js'

test.describe('viem: a wallet client on custom(frontdoor.provider)', () => {
  test('requestAddresses -> signMessage -> sendTransaction -> switchChain -> reload reconnects -> disconnect', async ({
    page,
  }) => {
    await Flow.journey(page, '/viem.html', Flow.account(11))
  })

  test("closing the modal rejects requestAddresses with the user's refusal", async ({ page }) => {
    await Flow.closeRejects(page, '/viem.html', Flow.account(11))
  })
})
