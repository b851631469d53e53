import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import * as Pages from '../modal/pages.js'

const { DEMO_URL, API_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'embedded')
mkdirSync(ARTIFACTS, { recursive: true })

test.describe('embedded wallet by Farcaster', () => {
  test('ConnectingFarcaster: QR and Copy link; approving on the dev channel page logs in', async ({
    page,
    context,
  }) => {
    await page.goto(DEMO_URL)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await Pages.expectConnectShown(page)
    const frame = Pages.modal(page)
    await frame.getByRole('button', { name: 'Farcaster', exact: true }).click()
    await expect(frame.getByRole('img', { name: 'QR code to sign in with Farcaster' })).toBeVisible()
    await expect(frame.getByRole('button', { name: 'Copy link' })).toBeVisible()
    await page.screenshot({ path: join(ARTIFACTS, 'connecting-farcaster.png') })
    const url = await frame.getByRole('link', { name: 'Open the sign-in link' }).getAttribute('href')
    expect(url).toContain(`${API_URL}/dev/farcaster/`)

    // The user approves on their phone: here, the dev stand-in's page in another tab.
    const phone = await context.newPage()
    await phone.goto(url!)
    await phone.getByLabel('Username').fill(`fid${Date.now().toString(36)}`)
    await phone.getByRole('button', { name: 'Approve' }).click()
    await Pages.expectClosed(page)
    await expect(page.getByTestId('status')).toHaveText('connected')
    const accounts = (await Pages.providerRequest(page, 'eth_accounts')) as { result: string[] }
    expect(accounts.result[0]).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })
})
