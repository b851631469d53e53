import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { uniswapV2RouterAbi } from '@frontdoor/devnet/abis'
import * as Deployment from '@frontdoor/devnet/deployment'
import { expect, type Page, test } from '@playwright/test'
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
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as Swap from '../swap/swap.js'
import * as Injected from '../wallets/injected.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'
import * as ViemPage from './viem-page.js'

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
  dapp = await ViemPage.bundle()
})

const wallets: WalletConnectWallet.Wallet[] = []
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook wants from this pattern
test.afterEach(async ({}) => {
  for (const wallet of wallets.splice(0)) await wallet.stop()
})

const { start, outcome, run } = ViemPage

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

  test("the embedded wallet's EOA: a batch that allows it runs call by call after ONE approval; getCallsStatus and showCallsStatus report it", async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await page.addInitScript({ content: dapp })
    await page.goto(DEMO_URL)
    await Embedded.loginByEmail(page, Embedded.freshEmail('calls-eoa'))
    // The account-type switch set to the EOA: it has no atomic batch (EIP-5792 'unsupported').
    const account = await Embedded.useEoa(page)
    const trader = await freshTrader()
    const funder = createWalletClient({
      account: privateKeyToAccount(trader.privateKey),
      transport: http(DEVNET_31337_URL),
    })
    for (const hash of [
      await funder.sendTransaction({ chain: null, to: account, value: parseEther('0.5') }),
      await funder.writeContract({
        chain: null,
        address: FUSD.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account, AMOUNT_IN],
      }),
    ])
      expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')

    const capabilities = await run(page, 'eoa-capabilities', 'getCapabilities', { account, chainId: 31337 })
    expect(capabilities).toEqual({ state: 'resolved', value: { atomic: { status: 'unsupported' } } })
    const { calls, quote } = await approveAndSwap(account)
    // A batch that requires atomicity: 5760, refused before any approval screen.
    const atomic = await run(page, 'eoa-atomic', 'sendCalls', { account, calls, forceAtomic: true })
    expect(atomic).toMatchObject({ state: 'rejected', code: 5760 })

    const before = await holdings(account)
    expect(before).toMatchObject({ fusd: AMOUNT_IN, door: 0n, allowance: 0n })
    await start(page, 'eoa-send', 'sendCalls', { account, calls })
    const auth = Embedded.authFrame(page)
    await expect(auth.getByRole('heading', { name: 'Send calls' })).toBeVisible({ timeout: 20_000 })
    await expect(
      auth.getByText('One transaction per call, in order; stops at the first failure'),
    ).toBeVisible()
    await expect(auth.getByText('All or none, in one transaction')).toHaveCount(0)
    await expect(auth.getByText('approve(spender, amount)')).toBeVisible()
    // FUSD's decimals, read from the chain: the approve's amount in FUSD, its base units beside.
    await expect(auth.getByText(`100 (${AMOUNT_IN} base units)`)).toBeVisible()
    // The approval screen is open: the dapp's promise waits, nothing is on chain.
    await page.waitForTimeout(1_000)
    expect(await outcome(page, 'eoa-send')).toEqual({ state: 'pending' })
    expect(await holdings(account)).toEqual(before)
    await Embedded.readToEnd(page, auth)
    await page.screenshot({ path: join(ARTIFACTS, 'embedded-eoa-approval.png') })
    await auth.getByRole('button', { name: 'Approve' }).click()
    await expect
      .poll(async () => (await outcome(page, 'eoa-send')).state, { timeout: 60_000 })
      .toBe('resolved')
    await Pages.expectClosed(page)
    const id = ((await outcome(page, 'eoa-send')) as { value: { id: string } }).value.id
    expect(id).toMatch(/^0x[0-9a-f]+$/)

    const done = await run(page, 'eoa-wait', 'waitForCallsStatus', { account, id })
    expect(done).toMatchObject({
      state: 'resolved',
      value: { id, chainId: 31337, atomic: false, status: 'success', statusCode: 200, version: '2.0.0' },
    })
    const status = (await run(page, 'eoa-status', 'getCallsStatus', { account, id })) as {
      value: { receipts: { transactionHash: Hex; status: string }[] }
    }
    expect(status.value.receipts.map((r) => r.status)).toEqual(['success', 'success'])
    // Two transactions of the EOA: the approval, then the swap, in that order.
    const [approval, swap] = await Promise.all(
      status.value.receipts.map((r) => chain.getTransaction({ hash: r.transactionHash })),
    )
    expect([approval?.from.toLowerCase(), approval?.to?.toLowerCase(), approval?.nonce]).toEqual([
      account.toLowerCase(),
      FUSD.address.toLowerCase(),
      before.nonce,
    ])
    expect([swap?.from.toLowerCase(), swap?.to?.toLowerCase(), swap?.nonce]).toEqual([
      account.toLowerCase(),
      ROUTER.toLowerCase(),
      before.nonce + 1,
    ])
    const after = await holdings(account)
    expect(after.fusd).toBe(0n)
    expect(after.door - before.door).toBe(quote)
    expect(after.allowance).toBe(0n)
    expect(after.nonce).toBe(before.nonce + 2)

    // wallet_showCallsStatus: the modal opens on the batch, each call with its transaction.
    await expect(Pages.dialog(page)).toBeHidden()
    const shown = await run(page, 'eoa-show', 'showCallsStatus', { account, id })
    expect(shown.state).toBe('resolved')
    const modal = Pages.modal(page)
    await expect(modal.getByRole('heading', { name: 'Batch Status' })).toBeVisible({ timeout: 15_000 })
    await expect(modal.getByText('Confirmed')).toBeVisible()
    await expect(modal.getByText('One transaction per call, in order')).toBeVisible()
    const rows = modal.getByRole('list', { name: 'Transactions' }).getByRole('listitem')
    await expect(rows).toHaveCount(2)
    for (const [i, receipt] of status.value.receipts.entries()) {
      await expect(rows.nth(i)).toContainText(`Call ${i + 1}`)
      await expect(rows.nth(i)).toContainText('Success')
      await expect(rows.nth(i)).toContainText(receipt.transactionHash)
    }
    await page.screenshot({ path: join(ARTIFACTS, 'embedded-eoa-calls-status.png') })
    // An id the wallet does not know: 5730, and nothing opens.
    await page.keyboard.press('Escape')
    await Pages.expectClosed(page)
    const unknown = await run(page, 'eoa-show-unknown', 'showCallsStatus', {
      account,
      id: `0x${'12'.repeat(32)}`,
    })
    expect(unknown).toMatchObject({ state: 'rejected', code: 5730 })
    await expect(Pages.dialog(page)).toBeHidden()
  })
})
