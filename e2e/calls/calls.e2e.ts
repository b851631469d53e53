import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { uniswapV2RouterAbi } from '@frontdoor/devnet/abis'
import * as Deployment from '@frontdoor/devnet/deployment'
import { expect, type Page, test } from '@playwright/test'
import { build } from 'esbuild'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import * as Account from '../account/account.js'
import * as Pages from '../modal/pages.js'
import * as Swap from '../swap/swap.js'
import * as Injected from '../wallets/injected.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'

// EIP-5792 (issue 15) as a dapp uses it: viem's sendCalls, getCallsStatus, waitForCallsStatus and
// getCapabilities on a wallet client over Frontdoor's provider (dapp.ts, bundled onto the demo page).
// The test wallets execute the batch for real on devnet 31337: an approve + swap on the Uniswap v2 AMM.

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'calls')
mkdirSync(ARTIFACTS, { recursive: true })

const { DEMO_URL, DEVNET_31337_URL } = Pages.addresses
const deployment = Deployment.forChain(31337)
const { FUSD, DOOR, WETH } = deployment.tokens
const ROUTER = deployment.uniswap.router
const chain = createPublicClient({ transport: http(DEVNET_31337_URL), cacheTime: 0 })
/** What the modal gives a page whose wallet does not support a method (packages/protocol's errors). */
const UNSUPPORTED = 'The Provider does not support the requested method.'
/** FUSD the batch swaps for DOOR. */
const AMOUNT_IN = parseUnits('100', 6)

let dapp = ''
test.beforeAll(async () => {
  const result = await build({
    entryPoints: [join(dirname(fileURLToPath(import.meta.url)), 'dapp.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  dapp = result.outputFiles[0]!.text
})

const wallets: WalletConnectWallet.Wallet[] = []
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook wants from this pattern
test.afterEach(async ({}) => {
  for (const wallet of wallets.splice(0)) await wallet.stop()
})

type Outcome =
  | { state: 'pending' }
  | { state: 'resolved'; value: unknown }
  | { state: 'rejected'; code: number; name: string; details: string; message: string }
type Action = 'sendCalls' | 'getCallsStatus' | 'waitForCallsStatus' | 'getCapabilities'

/** Starts viem action `action` on the page under `key`. */
function start(page: Page, key: string, action: Action, args: Record<string, unknown>) {
  return page.evaluate(
    ([k, a, x]) =>
      (window as unknown as { __dapp: { start: (...v: unknown[]) => void } }).__dapp.start(k, a, x),
    [key, action, args] as const,
  )
}

function outcome(page: Page, key: string): Promise<Outcome> {
  return page.evaluate(
    (k) => (window as unknown as { __dapp: { outcome: (k: string) => Outcome } }).__dapp.outcome(k),
    key,
  )
}

/** Runs `action` and waits for its outcome. */
async function run(page: Page, key: string, action: Action, args: Record<string, unknown>) {
  await start(page, key, action, args)
  await expect.poll(async () => (await outcome(page, key)).state, { timeout: 60_000 }).not.toBe('pending')
  return outcome(page, key)
}

/** A fresh key with ETH and FUSD (bought on the AMM with 0.5 ETH), so no allowance is left from a run. */
async function freshTrader(): Promise<{ privateKey: Hex; address: Address }> {
  const privateKey = await Swap.freshKey(18, parseEther('2'))
  const account = privateKeyToAccount(privateKey)
  const wallet = createWalletClient({ account, transport: http(DEVNET_31337_URL) })
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
  const hash = await wallet.writeContract({
    chain: null,
    address: ROUTER,
    abi: uniswapV2RouterAbi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [WETH.address, FUSD.address], account.address, deadline],
    value: parseEther('0.5'),
  })
  expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
  return { privateKey, address: account.address }
}

/** What the chain says `owner` holds and allows the router. */
async function holdings(owner: Address) {
  const read = (address: Address, functionName: 'balanceOf' | 'allowance', args: readonly Address[]) =>
    chain.readContract({ address, abi: erc20Abi, functionName, args } as never) as Promise<bigint>
  const [fusd, door, allowance, nonce] = await Promise.all([
    read(FUSD.address, 'balanceOf', [owner]),
    read(DOOR.address, 'balanceOf', [owner]),
    read(FUSD.address, 'allowance', [owner, ROUTER]),
    chain.getTransactionCount({ address: owner }),
  ])
  return { fusd, door, allowance, nonce }
}

/** The approve + swap batch (FUSD -> DOOR, at least 99% of the router's quote now). */
async function approveAndSwap(owner: Address) {
  const path = [FUSD.address, DOOR.address] as const
  const amounts = await chain.readContract({
    address: ROUTER,
    abi: uniswapV2RouterAbi,
    functionName: 'getAmountsOut',
    args: [AMOUNT_IN, [...path]],
  })
  const quote = amounts.at(-1) as bigint
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
  return {
    quote,
    calls: [
      {
        to: FUSD.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, AMOUNT_IN] }),
      },
      {
        to: ROUTER,
        data: encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForTokens',
          args: [AMOUNT_IN, (quote * 99n) / 100n, [...path], owner, deadline],
        }),
      },
    ],
  }
}

type Wallet = {
  address: Address
  requests: { method: string }[]
  holdNext: (method: string) => () => void
  batchHashes: (id: string) => Hex[]
}

/**
 * The batch through a wallet that supports EIP-5792: its capabilities, the sendCalls promise pending
 * while the wallet's user has not answered (nothing on chain yet), then its id; waitForCallsStatus and
 * getCallsStatus report success (200) with one receipt per call, and the chain's balances moved by it.
 */
async function batchJourney(page: Page, wallet: Wallet, label: string) {
  const account = wallet.address
  const capabilities = await run(page, `${label}-capabilities`, 'getCapabilities', { account })
  expect(capabilities).toEqual({
    state: 'resolved',
    value: { 31337: { atomic: { status: 'unsupported' } }, 31338: { atomic: { status: 'unsupported' } } },
  })

  // An EOA wallet gives no atomicity: a batch that requires it is refused (EIP-5792's 5760).
  const { calls, quote } = await approveAndSwap(account)
  const atomic = await run(page, `${label}-atomic`, 'sendCalls', { account, calls, forceAtomic: true })
  expect(atomic).toMatchObject({ state: 'rejected', code: 5760 })

  const before = await holdings(account)
  expect(before.fusd).toBeGreaterThanOrEqual(AMOUNT_IN)
  expect(before.allowance).toBe(0n)

  const release = wallet.holdNext('wallet_sendCalls')
  const asked = () => wallet.requests.filter((r) => r.method === 'wallet_sendCalls').length
  const askedBefore = asked()
  await start(page, `${label}-send`, 'sendCalls', { account, calls })
  await expect.poll(asked).toBe(askedBefore + 1)
  // The wallet's user has not answered: the dapp's promise is still pending, nothing is on chain.
  await page.waitForTimeout(1_000)
  expect(await outcome(page, `${label}-send`)).toEqual({ state: 'pending' })
  expect(await holdings(account)).toEqual(before)
  await page.screenshot({ path: join(ARTIFACTS, `${label}-pending.png`) })
  release()
  await expect.poll(async () => (await outcome(page, `${label}-send`)).state).toBe('resolved')
  const sent = (await outcome(page, `${label}-send`)) as { value: { id: string } }
  const id = sent.value.id
  expect(id).toMatch(/^0x[0-9a-f]{64}$/)

  const done = await run(page, `${label}-wait`, 'waitForCallsStatus', { account, id })
  expect(done).toMatchObject({
    state: 'resolved',
    value: { id, chainId: 31337, atomic: false, status: 'success', statusCode: 200, version: '2.0.0' },
  })
  const status = (await run(page, `${label}-status`, 'getCallsStatus', { account, id })) as {
    value: { statusCode: number; receipts: { transactionHash: Hex; status: string }[] }
  }
  expect(status.value.statusCode).toBe(200)
  const hashes = wallet.batchHashes(id)
  expect(hashes).toHaveLength(2)
  expect(status.value.receipts.map((r) => [r.transactionHash, r.status])).toEqual(
    hashes.map((hash) => [hash, 'success']),
  )
  // The chain: the approval, then the swap, from the account, mined in that order.
  const [approval, swap] = await Promise.all(hashes.map((hash) => chain.getTransactionReceipt({ hash })))
  expect([approval?.from.toLowerCase(), approval?.to?.toLowerCase(), approval?.status]).toEqual([
    account.toLowerCase(),
    FUSD.address.toLowerCase(),
    'success',
  ])
  expect([swap?.from.toLowerCase(), swap?.to?.toLowerCase(), swap?.status]).toEqual([
    account.toLowerCase(),
    ROUTER.toLowerCase(),
    'success',
  ])
  expect(swap!.blockNumber).toBeGreaterThan(approval!.blockNumber)

  const after = await holdings(account)
  expect(after.fusd).toBe(before.fusd - AMOUNT_IN)
  // Nobody else trades on the devnet's pool meanwhile (one e2e worker): exactly the quote.
  expect(after.door - before.door).toBe(quote)
  expect(after.allowance).toBe(0n)
  expect(after.nonce).toBe(before.nonce + 2)
}

/** A wallet without EIP-5792: each of viem's calls fails with 4200 and the one message. */
async function unsupportedJourney(page: Page, wallet: { address: Address }, label: string) {
  const account = wallet.address
  const { calls } = await approveAndSwap(account)
  const nonce = await chain.getTransactionCount({ address: account })
  for (const [action, args] of [
    ['getCapabilities', { account }],
    ['sendCalls', { account, calls }],
    ['getCallsStatus', { account, id: `0x${'ab'.repeat(32)}` }],
  ] as const) {
    const result = await run(page, `${label}-${action}`, action, args)
    expect(result).toMatchObject({ state: 'rejected', code: 4200, details: UNSUPPORTED })
  }
  expect(await chain.getTransactionCount({ address: account })).toBe(nonce)
}

async function connectWalletConnect(page: Page, wallet: WalletConnectWallet.Wallet) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  const frame = Pages.modal(page)
  await frame.getByRole('button', { name: 'WalletConnect' }).click()
  const figure = frame.locator('figure[data-uri]')
  await expect(figure).toBeVisible({ timeout: 15_000 })
  await wallet.approve(await wallet.pair((await figure.getAttribute('data-uri')) as string))
  await Pages.expectClosed(page)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('account')).toHaveText(wallet.address)
}

test.describe('EIP-5792 batched calls', () => {
  test('injected wallet: capabilities, an approve + swap batch pending until the wallet answers, mined, status 200', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const trader = await freshTrader()
    const wallet = await Injected.install(page, {
      privateKey: trader.privateKey,
      name: 'Batch Wallet',
      eip5792: true,
    })
    await page.addInitScript({ content: dapp })
    await page.goto(DEMO_URL)
    await Account.connect(page, wallet)
    await Pages.expectClosed(page)
    await expect(page.getByTestId('status')).toHaveText('connected')
    await batchJourney(page, wallet, 'injected')
  })

  test('WalletConnect wallet: the same batch through the session (the methods approved in it)', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const trader = await freshTrader()
    const wallet = await WalletConnectWallet.create({ privateKey: trader.privateKey, eip5792: true })
    wallets.push(wallet)
    await page.addInitScript({ content: dapp })
    await page.goto(DEMO_URL)
    await connectWalletConnect(page, wallet)
    const session = wallet.client.session.getAll().at(-1)
    expect(session?.namespaces.eip155?.methods).toEqual(
      expect.arrayContaining(['wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities']),
    )
    await batchJourney(page, wallet, 'walletconnect')
    expect(wallet.requests.filter((r) => r.method === 'wallet_sendCalls').map((r) => r.chainId)).toEqual([
      'eip155:31337',
      'eip155:31337',
    ])
  })

  test("an injected wallet without EIP-5792: 4200 'The Provider does not support the requested method.'", async ({
    page,
  }) => {
    // An extension that does not know the methods (it answers -32601). No batch runs: no funds needed.
    const injected = await Injected.install(page, { privateKey: generatePrivateKey(), name: 'Plain Wallet' })
    await page.addInitScript({ content: dapp })
    await page.goto(DEMO_URL)
    await Account.connect(page, injected)
    await Pages.expectClosed(page)
    await expect(page.getByTestId('status')).toHaveText('connected')
    await unsupportedJourney(page, injected, 'injected')
    // The modal asked the wallet, and gave the page 4200 for its -32601.
    expect(injected.requests.map((r) => r.method)).toEqual(
      expect.arrayContaining(['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus']),
    )
  })

  test('a WalletConnect wallet whose session lacks EIP-5792: 4200 from the modal, the wallet never asked', async ({
    page,
  }) => {
    const plain = await WalletConnectWallet.create({ privateKey: generatePrivateKey() })
    wallets.push(plain)
    await page.addInitScript({ content: dapp })
    await page.goto(DEMO_URL)
    await connectWalletConnect(page, plain)
    expect(plain.client.session.getAll().at(-1)?.namespaces.eip155?.methods).not.toContain('wallet_sendCalls')
    await unsupportedJourney(page, plain, 'walletconnect')
    expect(plain.requests.map((r) => r.method)).toEqual([])
  })
})
