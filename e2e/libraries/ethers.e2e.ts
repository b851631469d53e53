import { test } from '@playwright/test'
import * as Flow from './flow.js'

test.describe('ethers v6: BrowserProvider(frontdoor.provider)', () => {
  test("getSigner -> signMessage -> sendTransaction -> send('wallet_switchEthereumChain') -> reload reconnects -> disconnect", async ({
    page,
  }) => {
    await Flow.journey(page, '/ethers.html', Flow.account(12))
  })

  test("closing the modal rejects getSigner with the user's refusal", async ({ page }) => {
    await Flow.closeRejects(page, '/ethers.html', Flow.account(12))
  })
})
