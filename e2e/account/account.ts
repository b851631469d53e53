import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEPLOYER } from '@frontdoor/devnet/accounts'
import * as Deployment from '@frontdoor/devnet/deployment'
import * as Format from '@frontdoor/schemas/presentation/format'
import { expect, type FrameLocator, type Page } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatEther,
  formatUnits,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as Pages from '../modal/pages.js'
import type * as Injected from '../wallets/injected.js'

/** Helpers of the account e2e tests: opening the Account view, reading the chain, screenshots. */

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'account')
mkdirSync(ARTIFACTS, { recursive: true })

const { DEVNET_31337_URL, DEVNET_31338_URL, API_URL } = Pages.addresses

/** A viem client on devnet `chainId`. */
function chain(chainId: 31337 | 31338) {
  return createPublicClient({ transport: http(chainId === 31337 ? DEVNET_31337_URL : DEVNET_31338_URL) })
}

/** The seeded ERC-20s of the devnets. */
const TOKENS = Deployment.forChain(31337).tokens

/**
 * What the chain says `address` holds on `chainId`, formatted as the Tokens tab shows it (3 decimals):
 * the native coin, FUSD and DOOR.
 */
async function onChain(chainId: 31337 | 31338, address: Address) {
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
async function apiBalances(chainId: number, address: string) {
  const url = `${API_URL}/v1/account/${address}/balance?projectId=demo&currency=usd&chainId=eip155:${chainId}&forceUpdate=eip155:${chainId}:${address}`
  const response = await fetch(url)
  expect(response.status).toBe(200)
  return ((await response.json()) as { balances: { symbol: string; value?: number }[] }).balances
}

/** The sum of the USD values the API gives for `address` on `chainId`. */
async function usdTotal(chainId: number, address: string) {
  return (await apiBalances(chainId, address)).reduce((sum, b) => sum + (b.value ?? 0), 0)
}

/** The Account view's total, as the API's USD sum for `address` on 31337 formats. */
export async function expectUsdTotal(frame: FrameLocator, address: string) {
  const total = await usdTotal(31337, address)
  expect(total).toBeGreaterThan(0)
  await expect(frame.getByText(`Balance ${usd(total)}`, { exact: true })).toBeVisible()
}

/** The Account view's total on a network marked testnet: the spec's 0.00, marked so, no USD figure. */
export async function expectTestnetTotal(frame: FrameLocator) {
  await expect(frame.getByText('Balance 0.00, Testnet', { exact: true })).toBeVisible()
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

const MONTHS = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' })
const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value)

/** The sends of the owner flow: the Send view's token name and the amount. */
const SENDS = {
  ETH: { token: 'Ether', amount: '0.1' },
  FUSD: { token: 'Frontdoor USD', amount: '5' },
} as const

/** Options of {@link ownerFlow}. */
export type OwnerFlow = {
  /** Names the screenshots: `<label>-account-tokens.png` ... */
  label: string
  address: Address
  /** The profile name the header shows instead of the truncated address, if the account has one. */
  name?: string
  /** The names of the (non-spam) NFTs the account owns on 31337. */
  nfts: string[]
  receiver: Address
  /** What to send (default both: 0.1 ETH, then 5 FUSD). */
  sends?: ('ETH' | 'FUSD')[]
  /** What the wallet's user does for each send (the embedded wallet's approval), if anything. */
  approve?: () => Promise<void>
}

/**
 * The Account view of a connected owner, whatever the connector: the header, balances equal to the
 * chain, the NFTs without spam, 0.1 ETH and 5 FUSD sent to `receiver` through the Send view, the
 * balances after, and both sends at the top of this month's Activity without a sign.
 */
export async function ownerFlow(page: Page, frame: FrameLocator, options: OwnerFlow) {
  // Who: the profile name or the truncated address (4 + 6 characters), network, actions, tabs.
  const truncated = Format.truncateAddress(options.address)
  if (options.name) {
    await expect(frame.getByText(options.name, { exact: true })).toBeVisible()
    await expect(frame.getByText(truncated, { exact: true })).toBeVisible()
  } else await expect(frame.getByText(truncated, { exact: true })).toBeVisible()
  await expect(frame.getByRole('button', { name: 'Network: Devnet 31337' })).toBeVisible()
  for (const name of ['Send', 'Receive', 'Swap', 'Buy', 'Copy address', 'Disconnect'])
    await expect(frame.getByRole('button', { name, exact: true })).toBeVisible()
  // Swap (e2e/swap) and Buy (e2e/buy) are on for the demo project: enabled.
  for (const name of ['Send', 'Swap', 'Buy'])
    await expect(frame.getByRole('button', { name, exact: true })).not.toHaveAttribute('aria-disabled')
  await expect(frame.getByRole('tab')).toHaveText(['Tokens', 'NFTs', 'Activity'])

  // Tokens: the amounts the chain holds, 3 decimals; PTS (0 decimals) is not listed.
  const before = await onChain(31337, options.address)
  await expect(tokenRow(frame, 'ETH')).toContainText(`${before.ETH} ETH`)
  await expect(tokenRow(frame, 'FUSD')).toContainText(`${before.FUSD} FUSD`)
  await expect(tokenRow(frame, 'DOOR')).toContainText(`${before.DOOR} DOOR`)
  await expect(tokenRow(frame, 'PTS')).toHaveCount(0)
  // The demo's devnets are declared `testnet: true`: the total shows the spec's 0.00 marked Testnet
  // (spec section 5), whatever the API prices the tokens at, and no USD figure shows anywhere
  // (expectUsdTotal checks the sum on a network that is not a testnet).
  expect(await usdTotal(31337, options.address)).toBeGreaterThan(0)
  await expectTestnetTotal(frame)
  await expect(frame.getByRole('list', { name: 'Tokens' })).not.toContainText('$')
  await shot(page, `${options.label}-account-tokens`)

  // NFTs: the owned ones, not the spam collection.
  await frame.getByRole('tab', { name: 'NFTs' }).click()
  const nfts = frame.getByRole('list', { name: 'NFTs' })
  if (options.nfts.length === 0) await expect(frame.getByText('No NFTs yet.')).toBeVisible()
  else {
    await expect(nfts.getByRole('listitem')).toHaveCount(options.nfts.length)
    for (const name of options.nfts) await expect(nfts.getByRole('listitem', { name })).toBeVisible()
    await expect(nfts).not.toContainText('Free Airdrop Claim')
  }
  await shot(page, `${options.label}-account-nfts`)

  // Send 0.1 of the native coin, then 5 of the stablecoin.
  const sends = options.sends ?? ['ETH', 'FUSD']
  for (const symbol of sends) {
    const { token, amount } = SENDS[symbol]
    await send(frame, { token, amount, to: options.receiver, approve: options.approve })
    await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
  }

  // The balances follow the chain: 0.1 ETH (and the fees) and 5 FUSD less.
  const fusdSent = sends.includes('FUSD') ? 5_000_000n : 0n
  const ethSent = sends.includes('ETH') ? 10n ** 17n : 0n
  await expect
    .poll(async () => (await onChain(31337, options.address)).raw.eth)
    .toBeLessThan(before.raw.eth - ethSent)
  const after = await onChain(31337, options.address)
  expect(after.raw.fusd).toBe(before.raw.fusd - fusdSent)
  await frame.getByRole('tab', { name: 'Tokens' }).click()
  await expect(tokenRow(frame, 'ETH')).toContainText(`${after.ETH} ETH`, { timeout: 15_000 })
  await expect(tokenRow(frame, 'FUSD')).toContainText(`${after.FUSD} FUSD`)

  // Activity: this year, this month, newest first; a send carries no sign (spec section 9).
  await frame.getByRole('tab', { name: 'Activity' }).click()
  const now = new Date()
  const month = frame.getByRole('region', { name: `${MONTHS.format(now)} ${now.getUTCFullYear()}` })
  const rows = month.getByRole('listitem')
  const newestFirst = [...sends].reverse()
  for (const [index, symbol] of newestFirst.entries()) {
    const { amount } = SENDS[symbol]
    await expect(rows.nth(index)).toContainText('Send', { timeout: 15_000 })
    await expect(rows.nth(index)).toContainText(`${amount} ${symbol}`)
    await expect(rows.nth(index)).not.toContainText(`-${amount} ${symbol}`)
    await expect(rows.nth(index)).not.toContainText('Pending', { timeout: 15_000 })
  }
  await expect(frame.getByRole('heading', { name: String(now.getUTCFullYear()), level: 2 })).toBeVisible()
  await shot(page, `${options.label}-account-activity`)
}

/**
 * Goes through the Send flow from the Account view: the spec's errors on the way, then token, amount,
 * receiver, the preview with the network fee, and Send.
 */
async function send(
  frame: FrameLocator,
  options: { token: string; amount: string; to: string; approve?: (() => Promise<void>) | undefined },
) {
  await frame.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(frame.getByRole('heading', { name: 'Send' })).toBeVisible()
  await frame.getByRole('button', { name: 'Preview send' }).click()
  await expect(frame.getByRole('alert')).toHaveText('An amount and receiver address are required')
  await frame.getByLabel('Amount', { exact: true }).fill(options.amount)
  // Both filled in, the receiver no address: it says so, not 'required' (issue 34).
  await frame.getByLabel('To', { exact: true }).fill('0x12')
  await frame.getByRole('button', { name: 'Preview send' }).click()
  await expect(frame.getByRole('alert')).toHaveText('Invalid address')
  await expect(frame.getByText('Invalid address')).toHaveCount(1)
  // What was typed stays; looked at on a desk and on a phone.
  await expect(frame.getByLabel('Amount', { exact: true })).toHaveValue(options.amount)
  const page = frame.owner().page()
  const desk = page.viewportSize()
  await shot(page, 'send-invalid-receiver')
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, 'send-invalid-receiver-phone')
  if (desk) await page.setViewportSize(desk)
  await frame.getByLabel('To', { exact: true }).fill(options.to)
  await frame.getByRole('button', { name: 'Preview send' }).click()
  await expect(frame.getByRole('alert')).toHaveText('A token is required')
  await frame.getByRole('button', { name: /choose token/ }).click()
  await frame
    .getByRole('list', { name: 'Select token' })
    .getByRole('button', { name: new RegExp(`^${options.token}`) })
    .click()
  await expect(frame.getByLabel('Amount', { exact: true })).toHaveValue(options.amount)
  await expect(frame.getByTestId('receiver')).toContainText(Format.truncateAddress(options.to))
  await frame.getByRole('button', { name: 'Preview send' }).click()
  await expect(frame.getByText('Network fee')).toBeVisible()
  // A real estimate (21,000 gas or more at the devnet's fees: never '0 ETH'), and on the devnet, a
  // network marked testnet, no USD figure for the fee or the amount.
  const fee = frame.getByRole('definition').filter({ hasText: / ETH$/ })
  await expect(fee).toHaveText(/^(?!0 ETH$)\d[\d.,]* ETH$/)
  expect(Number((await fee.textContent())?.split(' ')[0]?.replaceAll(',', ''))).toBeGreaterThan(0)
  await expect(frame.locator('.fd-send')).not.toContainText('$')
  await frame.getByRole('button', { name: 'Send', exact: true }).click()
  await options.approve?.()
}

/** SwitchNetwork from the Account view: to 31338 (balances there equal the chain) and back. */
export async function switchAndBack(
  page: Page,
  frame: FrameLocator,
  wallet: { address: Address; chainId?: () => number },
  label: string,
) {
  await frame.getByRole('button', { name: 'Network: Devnet 31337' }).click()
  await expect(frame.getByRole('heading', { name: 'Choose Network' })).toBeVisible()
  const networks = frame.getByRole('list', { name: 'Networks' })
  await expect(networks.getByRole('button', { name: /Devnet 31337/ })).toHaveAttribute('aria-current', 'true')
  await shot(page, `${label}-switch-network`)
  await networks.getByRole('button', { name: /Devnet 31338/ }).click()
  await expect(frame.getByRole('button', { name: 'Network: Devnet 31338' })).toBeVisible()
  if (wallet.chainId) expect(wallet.chainId()).toBe(31338)
  await expect(page.getByTestId('network')).toHaveText('Devnet 31338 (31338)')
  // The balances there: what the chain holds (tokens it holds none of are not listed).
  const there = await onChain(31338, wallet.address)
  for (const symbol of ['ETH', 'FUSD'] as const) {
    const held = symbol === 'ETH' ? there.raw.eth : there.raw.fusd
    if (held === 0n) await expect(tokenRow(frame, symbol)).toHaveCount(0)
    else await expect(tokenRow(frame, symbol)).toContainText(`${there[symbol]} ${symbol}`)
  }
  await shot(page, `${label}-account-31338`)
  await frame.getByRole('button', { name: 'Network: Devnet 31338' }).click()
  await frame
    .getByRole('list', { name: 'Networks' })
    .getByRole('button', { name: /Devnet 31337/ })
    .click()
  await expect(frame.getByRole('button', { name: 'Network: Devnet 31337' })).toBeVisible()
  if (wallet.chainId) expect(wallet.chainId()).toBe(31337)
  await expect(page.getByTestId('network')).toHaveText('Devnet 31337 (31337)')
}

/**
 * Gives a new (embedded) wallet what the owner flow sends and shows: 1 ETH, 10 FUSD and 1 DOOR from the
 * devnet's deployer (no other test spends from it).
 */
export async function fund(address: Address) {
  const client = createWalletClient({
    account: privateKeyToAccount(DEPLOYER.privateKey),
    transport: http(DEVNET_31337_URL),
  })
  const reader = chain(31337)
  const onDevnet = { ...devnet, id: await reader.getChainId() }
  const transfer = (token: string, amount: bigint) =>
    client.writeContract({
      chain: onDevnet,
      address: token as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, amount],
    })
  const hashes = [
    await client.sendTransaction({ chain: onDevnet, to: address, value: 10n ** 18n }),
    await transfer(TOKENS.FUSD.address, 10_000_000n),
    await transfer(TOKENS.DOOR.address, 10n ** 18n),
  ]
  for (const hash of hashes) await reader.waitForTransactionReceipt({ hash })
}

const devnet = {
  id: 31337,
  name: 'Devnet 31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [DEVNET_31337_URL] } },
} as const
