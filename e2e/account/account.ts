import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Deployment from '@frontdoor/devnet/deployment'
import * as Format from '@frontdoor/schemas/presentation/format'
import { expect, type FrameLocator, type Page } from '@playwright/test'
import { type Address, createPublicClient, erc20Abi, formatEther, formatUnits, http } from 'viem'
import * as Pages from '../modal/pages.js'
import type * as Injected from '../wallets/injected.js'

/** Helpers of the account e2e tests: opening the Account view, reading the chain, screenshots. */

export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'account')
mkdirSync(ARTIFACTS, { recursive: true })

const { DEVNET_31337_URL, DEVNET_31338_URL, API_URL } = Pages.addresses

/** A viem client on devnet `chainId`. */
export function chain(chainId: 31337 | 31338) {
  return createPublicClient({ transport: http(chainId === 31337 ? DEVNET_31337_URL : DEVNET_31338_URL) })
}

/** The seeded ERC-20s of the devnets. */
export const TOKENS = Deployment.forChain(31337).tokens

/**
 * What the chain says `address` holds on `chainId`, formatted as the Tokens tab shows it (3 decimals):
 * the native coin, FUSD and DOOR.
 */
export async function onChain(chainId: 31337 | 31338, address: Address) {
  const client = chain(chainId)
  const erc20 = (token: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
  const [eth, fusd, door] = await Promise.all([
    client.getBalance({ address }),
    erc20(TOKENS.FUSD.address as Address),
    erc20(TOKENS.DOOR.address as Address),
  ])
  return {
    raw: { eth, fusd, door },
    ETH: Format.formatAmount(formatEther(eth)),
    FUSD: Format.formatAmount(formatUnits(fusd, 6)),
    DOOR: Format.formatAmount(formatUnits(door, 18)),
  }
}

/** The API's balance answer for `address` on `chainId` (what the modal reads). */
export async function apiBalances(chainId: number, address: string) {
  const url = `${API_URL}/v1/account/${address}/balance?projectId=demo&currency=usd&chainId=eip155:${chainId}&forceUpdate=eip155:${chainId}:${address}`
  const response = await fetch(url)
  expect(response.status).toBe(200)
  return ((await response.json()) as { balances: { symbol: string; value?: number }[] }).balances
}

/** Connects `wallet` from the demo page (the modal closes on success). */
export async function connect(page: Page, wallet: Injected.InjectedWallet) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
}

/** Opens the modal on the Account view (the demo's address button). */
export async function openAccount(page: Page): Promise<FrameLocator> {
  await page.getByRole('button', { name: /^0x/ }).click()
  const frame = Pages.modal(page)
  await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
  return frame
}

/** A row of the Tokens tab by its symbol. */
export function tokenRow(frame: FrameLocator, symbol: string) {
  return frame
    .getByRole('list', { name: 'Tokens' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`\\d ${symbol}(?![A-Za-z])`) })
}

/** Saves a screenshot of the page (the modal on it) as `name`.png. */
export function shot(page: Page, name: string) {
  return page.screenshot({ path: join(ARTIFACTS, `${name}.png`) })
}
