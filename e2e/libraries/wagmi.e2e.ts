import { test } from '@playwright/test'
import * as Flow from './flow.js'

test.describe('wagmi: the frontdoor() connector with wagmi hooks', () => {
  test('useConnect -> useSignMessage -> useSendTransaction -> useSwitchChain -> reload reconnects -> useDisconnect', async ({
    page,
  }) => {
    await Flow.journey(page, '/wagmi.html', Flow.account(10))
  })

  test("closing the modal rejects useConnect with the user's refusal", async ({ page }) => {
    await Flow.closeRejects(page, '/wagmi.html', Flow.account(10))
  })
})
