import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import * as Constants from '@frontdoor/schemas/constants'
import * as Errors from '@frontdoor/schemas/errors'
import * as Format from '@frontdoor/schemas/presentation/format'
import { type Browser, expect, type FrameLocator, type Page } from '@playwright/test'
import * as Account from '../account/account.js'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'

/**
 * Helpers of the account-name e2e tests, whatever the connector: the RegisterAccountName view, the
 * API's record of a name, the name in the Account header, and another visitor's Send resolving it.
 * Screenshots go to e2e/artifacts/names.
 */

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'names')
mkdirSync(ARTIFACTS, { recursive: true })

/** The zone every name ends with. */
export const zone = Constants.ACCOUNT_NAME_ZONE

/** Dev account 3 sends to the new names (it only fills the Send view: nothing is spent). */
const SENDER = DEV_ACCOUNTS[3]!

/** A free label for this run (names are unique and the stack's database outlives a run). */
export function freshLabel(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}`
}

/** Saves a screenshot of the page (the modal on it) as e2e/artifacts/names/`name`.png. */
export function shot(page: Page, name: string) {
  return page.screenshot({ path: join(ARTIFACTS, `${name}.png`) })
}

/** The API's answer to `GET /v1/profile/account/{name}`: its status, and the eip155 address when registered. */
export async function lookup(name: string): Promise<{ status: number; address?: string }> {
  const response = await fetch(`${Pages.addresses.API_URL}/v1/profile/account/${name}?projectId=demo`)
  if (response.status !== 200) return { status: response.status }
  const body = (await response.json()) as { addresses: Record<string, { address: string }> }
  return { status: 200, ...(body.addresses['60'] ? { address: body.addresses['60'].address } : {}) }
}

/**
 * From the Account view of `address` (no name yet): Choose name, then `label` typed and shown free.
 * Returns the field and the Register button.
 */
export async function chooseFreeName(frame: FrameLocator, address: string, label: string) {
  await expect(frame.getByText(Format.truncateAddress(address), { exact: true })).toBeVisible()
  await frame.getByRole('button', { name: 'Choose name' }).click()
  await expect(frame.getByRole('heading', { name: 'Choose Name' })).toBeVisible()
  const field = frame.getByLabel('Account name')
  await expect(field).toBeFocused()
  await field.fill(label)
  await expect(frame.getByText(`${label}.${zone} is available`)).toBeVisible()
  const register = frame.getByRole('button', { name: 'Register' })
  await expect(register).toBeEnabled()
  return { field, register }
}

/**
 * After the wallet signed: RegisterAccountNameSuccess names it, the API has it for `address`, and
 * back on Account the header shows the name above the truncated address.
 */
export async function expectRegistered(
  page: Page,
  frame: FrameLocator,
  options: { name: string; address: string; label: string },
) {
  await expect(frame.getByRole('heading', { name: 'Name Registered' })).toBeVisible()
  await expect(frame.getByText(options.name, { exact: true })).toBeVisible()
  await shot(page, `${options.label}-register-name-success`)
  expect(await lookup(options.name)).toEqual({ status: 200, address: options.address })
  await frame.getByRole('button', { name: 'Back to account' }).click()
  await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
  await expect(frame.getByText(options.name, { exact: true })).toBeVisible()
  await expect(frame.getByText(Format.truncateAddress(options.address), { exact: true })).toBeVisible()
  await shot(page, `${options.label}-account-with-name`)
}

/**
 * Another visitor (an injected wallet in a new context) types names in Send: one nobody registered is
 * 'Error resolving name'; the new name resolves to `address`.
 */
export async function expectSendResolves(
  browser: Browser,
  options: { name: string; address: string; label: string },
) {
  const context = await browser.newContext()
  try {
    const other = await context.newPage()
    const sender = await Injected.install(other, { privateKey: SENDER.privateKey, name: 'Sender Wallet' })
    await other.goto(Pages.addresses.DEMO_URL)
    await Account.connect(other, sender)
    await Pages.expectClosed(other)
    const frame = await Account.openAccount(other)
    await frame.getByRole('button', { name: 'Send', exact: true }).click()
    const to = frame.getByLabel('To', { exact: true })
    // A name nobody registered does not resolve: the spec's error.
    await to.fill(`nobody-${options.name}`)
    await expect(frame.getByText(Errors.NAMES.RESOLVE, { exact: true })).toBeVisible()
    await to.fill(options.name)
    await expect(frame.getByTestId('receiver')).toContainText(Format.truncateAddress(options.address))
    await shot(other, `${options.label}-send-to-name`)
  } finally {
    await context.close()
  }
}
