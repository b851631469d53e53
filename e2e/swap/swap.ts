import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { uniswapV2RouterAbi } from '@frontdoor/devnet/abis'
import { DEV_MNEMONIC } from '@frontdoor/devnet/accounts'
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
  type Hex,
  http,
} from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import * as Account from '../account/account.js'
import * as Pages from '../modal/pages.js'

/** Helpers of the swap e2e tests: fresh funded keys, the chain's numbers, the Swap view's steps. */

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'swap')
mkdirSync(ARTIFACTS, { recursive: true })

const { DEVNET_31337_URL } = Pages.addresses
const deployment = Deployment.forChain(31337)
/** The devnet's tokens. */
export const TOKENS = deployment.tokens

const devnet = {
  id: 31337,
  name: 'Devnet 31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [DEVNET_31337_URL] } },
} as const

/** A client of devnet 31337. */
const client = createPublicClient({ chain: devnet, transport: http(DEVNET_31337_URL), cacheTime: 0 })

/**
 * A new random key with `wei` from mnemonic account `funder` (16-19 are the swap tests'; no other test
 * spends from them). A fresh key each run: no allowance or balance left over from an earlier run.
 */
export async function freshKey(funder: 16 | 17 | 18 | 19, wei: bigint): Promise<Hex> {
  const privateKey = generatePrivateKey()
  await fund(funder, privateKeyToAccount(privateKey).address, wei)
  return privateKey
}

/** Sends `wei` from mnemonic account `funder` to `to` and waits for it. */
export async function fund(funder: 16 | 17 | 18 | 19, to: Address, wei: bigint) {
  const wallet = createWalletClient({
    account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: funder }),
    chain: devnet,
    transport: http(DEVNET_31337_URL),
  })
  await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to, value: wei }) })
}

/** What the chain says `owner` holds: ETH, FUSD and DOOR, raw and as the modal formats them (3 decimals). */
async function onChain(owner: Address) {
  const erc20 = (token: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const [eth, fusd, door] = await Promise.all([
    client.getBalance({ address: owner }),
    erc20(TOKENS.FUSD.address),
    erc20(TOKENS.DOOR.address),
  ])
  return {
    raw: { eth, fusd, door },
    ETH: Format.formatAmount(formatEther(eth)),
    FUSD: Format.formatAmount(formatUnits(fusd, 6)),
    DOOR: Format.formatAmount(formatUnits(door, 18)),
  }
}

/** What the router says `amount` of `path[0]` gives now (getAmountsOut), formatted as the view shows it. */
async function routerQuote(amount: bigint, path: readonly Address[], decimals: number) {
  const amounts = await client.readContract({
    address: deployment.uniswap.router,
    abi: uniswapV2RouterAbi,
    functionName: 'getAmountsOut',
    args: [amount, [...path]],
  })
  return Format.formatAmount(formatUnits(amounts.at(-1) as bigint, decimals))
}

/** Saves a screenshot of the page (the modal on it) as artifacts/swap/`name`.png. */
export function shot(page: Page, name: string) {
  return page.screenshot({ path: join(ARTIFACTS, `${name}.png`) })
}

/** Picks the token of one side in the Swap view through its list and search. */
async function pick(frame: FrameLocator, side: 'pay' | 'receive', symbol: string, name: string) {
  await frame.getByRole('button', { name: new RegExp(`^Token to ${side}:`) }).click()
  const search = frame.getByRole('searchbox', { name: 'Search tokens' })
  await expect(search).toBeFocused()
  await search.fill(symbol)
  await frame.getByRole('button', { name: new RegExp(`^${name}`) }).click()
  await expect(frame.getByRole('button', { name: new RegExp(`^Token to ${side}: ${symbol},`) })).toBeVisible()
}

/** Options of {@link swap}. */
export type Swap = {
  /** Names the screenshots. */
  label: string
  owner: Address
  pay: { symbol: 'ETH' | 'FUSD'; name: string }
  receive: { symbol: 'FUSD' | 'DOOR'; name: string }
  amount: string
  amountUnits: bigint
  /** The router path the quote must equal (getAmountsOut on the chain). */
  path: readonly Address[]
  receiveDecimals: number
  /** The approval step is expected (an ERC-20 the router may not take yet). */
  approval: boolean
  /** What the wallet's user does for each transaction (the embedded wallet's approval screen). */
  confirm?: (step: 'approve' | 'swap') => Promise<void>
}

/**
 * One swap from the Account view: Swap, the tokens, the amount, the quote equal to the router's, the
 * preview (and the approval when expected), the swap, back on Account with the balances equal to the
 * chain's and the trade in Activity.
 */
export async function swap(page: Page, frame: FrameLocator, options: Swap) {
  const before = await onChain(options.owner)
  await frame.getByRole('tab', { name: 'Tokens' }).click()
  await frame.getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(frame.getByRole('heading', { name: 'Swap' })).toBeVisible()
  await pick(frame, 'pay', options.pay.symbol, options.pay.name)
  await pick(frame, 'receive', options.receive.symbol, options.receive.name)
  // The balance of what is paid, as the chain has it.
  await expect(frame.getByRole('button', { name: /^Token to pay:/ })).toContainText(
    `Balance: ${before[options.pay.symbol]} ${options.pay.symbol}`,
  )
  await frame.getByRole('textbox', { name: 'Amount to pay' }).fill(options.amount)
  const expected = await routerQuote(options.amountUnits, options.path, options.receiveDecimals)
  await expect(frame.getByTestId('swap-quote')).toHaveText(`${expected} ${options.receive.symbol}`)
  await expect(frame.getByText('Price impact')).toBeVisible()
  await expect(frame.getByText('Minimum received')).toBeVisible()
  await shot(page, `${options.label}-form`)
  await frame.getByRole('button', { name: 'Review swap' }).click()
  await expect(frame.getByTestId('swap-pay')).toHaveText(`${options.amount} ${options.pay.symbol}`)

  if (options.approval) {
    const approve = frame.getByRole('button', { name: `Approve ${options.pay.symbol}` })
    await expect(approve).toBeEnabled()
    await expect(frame.getByRole('button', { name: 'Swap', exact: true })).toHaveCount(0)
    await shot(page, `${options.label}-approval`)
    await approve.click()
    await options.confirm?.('approve')
  }
  const swapButton = frame.getByRole('button', { name: 'Swap', exact: true })
  await expect(swapButton).toBeEnabled({ timeout: 20_000 })
  // The devnets are testnets: the fee is in ETH alone, no USD figure (account/Usd.ts).
  const fee = frame.locator('.fd-details > div', { has: frame.getByText('Network fee', { exact: true }) })
  await expect(fee.locator('dd')).toHaveText(/^<?[\d.,]+ ETH$/)
  await shot(page, `${options.label}-preview`)
  await swapButton.click()
  await options.confirm?.('swap')

  // Back on Account: the balances the modal shows equal the chain's once the swap is mined and read.
  await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()
  await expect
    .poll(
      async () => (await onChain(options.owner)).raw[options.receive.symbol === 'FUSD' ? 'fusd' : 'door'],
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThan(before.raw[options.receive.symbol === 'FUSD' ? 'fusd' : 'door'])
  const after = await onChain(options.owner)
  for (const symbol of ['ETH', 'FUSD', 'DOOR'] as const) {
    if (after.raw[symbol.toLowerCase() as 'eth'] === 0n) continue
    await expect(Account.tokenRow(frame, symbol)).toContainText(`${after[symbol]} ${symbol}`, {
      timeout: 20_000,
    })
  }
  await shot(page, `${options.label}-account-after`)
  await frame.getByRole('tab', { name: 'Activity' }).click()
  const trade = frame.getByRole('listitem').filter({ hasText: 'Trade' }).first()
  await expect(trade).toContainText(`${options.amount} ${options.pay.symbol} → `, { timeout: 20_000 })
  await expect(trade).toContainText(options.receive.symbol)
  await shot(page, `${options.label}-activity`)
  return after
}
