import { execFileSync } from 'node:child_process'
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
  formatUnits,
  type Hex,
  http,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import * as Pages from '../modal/pages.js'
import * as StackControl from '../stack-control.js'

/** Helpers of the pay e2e tests: the project's payments switch, funded keys, the chain's FUSD, the demo's Pay form. */

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'pay')
mkdirSync(ARTIFACTS, { recursive: true })
const REPO = fileURLToPath(new URL('../..', import.meta.url))

const { DEVNET_31337_URL } = Pages.addresses
/** The devnet's 6-decimal stablecoin. */
const FUSD = Deployment.forChain(31337).tokens.FUSD

const devnet = {
  id: 31337,
  name: 'Devnet 31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [DEVNET_31337_URL] } },
} as const
const client = createPublicClient({ chain: devnet, transport: http(DEVNET_31337_URL), cacheTime: 0 })

/**
 * Turns the demo project's `payments` feature on or off with the project CLI. The CLI writes to the
 * API's own store (one process at a time may open an embedded PGlite one): the API stops meanwhile.
 */
export async function setPayments(on: boolean) {
  await StackControl.stopPart('api')
  try {
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/frontdoor.ts',
        'projects',
        'set-feature',
        'demo',
        'payments',
        on ? 'on' : 'off',
      ],
      { cwd: REPO, env: process.env, encoding: 'utf8' },
    )
  } finally {
    await StackControl.startPart('api')
  }
}

/** A fresh address nobody holds anything at: the payments' recipient. */
export function freshRecipient(): Address {
  return privateKeyToAccount(generatePrivateKey()).address
}

/** Gives `to` 1 ETH (for the fee) and `fusd` FUSD base units from the devnet's deployer. */
export async function fund(to: Address, fusd: bigint) {
  const wallet = createWalletClient({
    account: privateKeyToAccount(DEPLOYER.privateKey),
    chain: devnet,
    transport: http(DEVNET_31337_URL),
  })
  const hashes = [
    await wallet.sendTransaction({ to, value: 10n ** 18n }),
    await wallet.writeContract({
      address: FUSD.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, fusd],
    }),
  ]
  for (const hash of hashes) await client.waitForTransactionReceipt({ hash })
}

/** A new random key holding 1 ETH and `fusd` FUSD base units. */
export async function fundedKey(fusd: bigint): Promise<Hex> {
  const privateKey = generatePrivateKey()
  await fund(privateKeyToAccount(privateKey).address, fusd)
  return privateKey
}

/** What `owner` holds of FUSD on the chain, in base units. */
export function fusdOf(owner: Address): Promise<bigint> {
  return client.readContract({
    address: FUSD.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

/** The receipt of `hash` on the chain. */
export function receipt(hash: Hex) {
  return client.getTransactionReceipt({ hash })
}

/** FUSD base units as the modal shows them (3 decimals). */
const shown = (units: bigint) => `${Format.formatAmount(formatUnits(units, 6))} FUSD`

/** Saves a screenshot of the page (the modal on it) as artifacts/pay/`name`.png. */
export function shot(page: Page, name: string) {
  return page.screenshot({ path: join(ARTIFACTS, `${name}.png`) })
}

/** Asks for a payment with the demo's Pay form: `amount` FUSD to `recipient`. */
export async function ask(page: Page, amount: string, recipient: Address) {
  await page.getByRole('textbox', { name: 'Amount (FUSD)' }).fill(amount)
  await page.getByRole('textbox', { name: 'Recipient' }).fill(recipient)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
}

/** What the demo says of its `frontdoor.pay()` promise: pending, `paid 0x…` or `failed <code>: <message>`. */
export function outcome(page: Page) {
  return page.getByTestId('payment')
}

/**
 * Waits for the Pay view and checks what it shows of a payment of `amount` FUSD to `recipient` from
 * `payer`, whose balance is `balance` base units.
 */
export async function expectPayView(
  frame: FrameLocator,
  options: { amount: string; recipient: Address; payer: Address; balance: bigint },
) {
  await expect(frame.getByRole('heading', { name: 'Pay', exact: true })).toBeVisible()
  await expect(frame.getByTestId('pay-amount')).toHaveText(`${options.amount} FUSD`)
  await expect(frame.getByTestId('pay-recipient')).toHaveText(Format.truncateAddress(options.recipient))
  await expect(frame.getByTestId('pay-recipient').locator('[title]')).toHaveAttribute(
    'title',
    options.recipient,
  )
  await expect(frame.getByText('Devnet 31337', { exact: true })).toBeVisible()
  await expect(frame.getByTestId('pay-from')).toContainText(Format.truncateAddress(options.payer))
  await expect(frame.getByTestId('pay-balance')).toHaveText(shown(options.balance))
}
