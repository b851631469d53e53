import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { uniswapV2RouterAbi } from '@frontdoor/devnet/abis'
import { DEPLOYER, DEV_MNEMONIC } from '@frontdoor/devnet/accounts'
import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import { expect, type FrameLocator, type Page, test } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseEventLogs,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'

// Issue 15: before the visitor approves a transaction (or a wallet_sendCalls batch), the embedded
// wallet's approval screen shows what the API's simulation says will leave and enter the account; mined,
// the chain moves exactly that.

const { DEMO_URL, DEVNET_31337_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'simulation')
mkdirSync(ARTIFACTS, { recursive: true })

const { tokens, uniswap } = DEPLOYMENTS[31337]
const devnet = {
  id: 31337,
  name: 'devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [DEVNET_31337_URL] } },
} as const
const chain = createPublicClient({ chain: devnet, transport: http(DEVNET_31337_URL), cacheTime: 0 })
// Mnemonic account 12 funds this test's wallets (no other test spends from it).
const FUNDER = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 12 })
// A fixed gas limit: Hardhat estimates a swap in a block with the previous block's timestamp, where the
// pair skips its price accumulators, so an estimated swap can run out of gas when mined.
const SWAP_GAS = 400_000n

async function fund(to: Address, wei: bigint) {
  const wallet = createWalletClient({ account: FUNDER, chain: devnet, transport: http(DEVNET_31337_URL) })
  await chain.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to, value: wei }) })
}

const balanceOf = (token: Address) => (owner: Address) =>
  chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const fusdOf = balanceOf(tokens.FUSD.address)
const doorOf = balanceOf(tokens.DOOR.address)

/** `amount` FUSD for `to`, from the devnet's deployer (which holds the seeded supply). */
async function sendFusd(to: Address, amount: bigint) {
  const wallet = createWalletClient({
    account: privateKeyToAccount(DEPLOYER.privateKey as Hex),
    chain: devnet,
    transport: http(DEVNET_31337_URL),
  })
  const hash = await wallet.writeContract({
    address: tokens.FUSD.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
  })
  expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
}

/** A swap of `wei` for FUSD through the devnet's router, to `to`, valid until `deadline`. */
const swapData = (to: Address, deadline: bigint) =>
  encodeFunctionData({
    abi: uniswapV2RouterAbi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [tokens.WETH.address, tokens.FUSD.address], to, deadline],
  })

/** The lines of the simulated changes, as shown (screen-reader words included). */
const changeLines = (auth: FrameLocator) => auth.locator('.af-changes li')

/** Embedded.readToEnd, with a screenshot and the approval's status when Approve stays disabled. */
async function readToEnd(page: Page, auth: FrameLocator) {
  try {
    await Embedded.readToEnd(page, auth)
  } catch (error) {
    await page.screenshot({ path: join(ARTIFACTS, 'approve-disabled.png') })
    console.log(`approval status: ${await auth.locator('.af-status').textContent()}`)
    throw error
  }
}

const USER_OPERATION_EVENT = parseAbi([
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
])

const ENTRY_POINT = parseAbi(['function balanceOf(address account) view returns (uint256)'])

/**
 * What `account` spent on the transaction `hash` apart from its network fee, from the block before to
 * its block. An EOA pays its gas; a smart account's user operation (sent by a bundler) pays the
 * EntryPoint, which keeps what is left of the prefund as the account's deposit: the deposit counts as
 * the account's, the user operation's `actualGasCost` is the fee.
 */
async function spentBesidesFee(account: Address, hash: Hex): Promise<bigint> {
  const receipt = await chain.getTransactionReceipt({ hash })
  const before = receipt.blockNumber - 1n
  const coin = async (blockNumber: bigint, entryPoint?: Address) =>
    (await chain.getBalance({ address: account, blockNumber })) +
    (entryPoint
      ? await chain.readContract({
          address: entryPoint,
          abi: ENTRY_POINT,
          functionName: 'balanceOf',
          args: [account],
          blockNumber,
        })
      : 0n)
  if (receipt.from.toLowerCase() === account.toLowerCase())
    return (
      (await coin(before)) - (await coin(receipt.blockNumber)) - receipt.gasUsed * receipt.effectiveGasPrice
    )
  const events = parseEventLogs({ abi: USER_OPERATION_EVENT, logs: receipt.logs }).filter(
    (event) => event.args.sender.toLowerCase() === account.toLowerCase(),
  )
  expect(events).toHaveLength(1)
  const event = events[0]!
  return (
    (await coin(before, event.address)) -
    (await coin(receipt.blockNumber, event.address)) -
    event.args.actualGasCost
  )
}

async function login(page: Page) {
  await page.goto(DEMO_URL)
  const address = await Embedded.loginByEmail(page, Embedded.freshEmail('simulate'))
  await fund(address, parseEther('1'))
  return address
}

test.describe('embedded wallet: simulated asset changes', () => {
  test('a swap shows the ETH that leaves and the FUSD that enters before approval; mined, the chain moves exactly that', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const address = await login(page)
    const auth = Embedded.authFrame(page)
    const value = parseEther('0.1')
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    const fusdBefore = await fusdOf(address)
    expect(fusdBefore).toBe(0n)

    const sending = Embedded.startRequest(page, 'eth_sendTransaction', [
      {
        from: address,
        to: uniswap.router,
        value: `0x${value.toString(16)}`,
        data: swapData(address, deadline),
        gas: `0x${SWAP_GAS.toString(16)}`,
      },
    ])
    const section = auth.getByRole('region', { name: 'Simulated changes' })
    await expect(section).toBeVisible()
    await expect(changeLines(auth)).toHaveCount(2)
    await expect(section.getByRole('list')).toBeVisible()
    // Before approval: nothing has moved yet.
    expect(await fusdOf(address)).toBe(0n)
    const lines = await changeLines(auth).allTextContents()
    expect(lines[0]).toBe('You send −0.1 ETH')
    const received = /^You receive \+(\d+(?:\.\d+)?) FUSD$/.exec(lines[1] ?? '')
    expect(received, lines[1]).not.toBeNull()
    // Screen readers get the words, the eye the sign.
    await expect(changeLines(auth).first().locator('.af-sr')).toHaveText('You send ')
    await expect(changeLines(auth).first().locator('.af-change-sign')).toHaveAttribute('aria-hidden', 'true')
    await readToEnd(page, auth)
    await page.screenshot({ path: join(ARTIFACTS, 'swap-changes.png') })

    await auth.getByRole('button', { name: 'Approve' }).click()
    const sent = (await sending) as { result: Hex }
    expect(sent).toHaveProperty('result')
    const receipt = await chain.waitForTransactionReceipt({ hash: sent.result })
    expect(receipt.status).toBe('success')
    // What the screen showed is what the chain moved: the FUSD received, the ETH sent (gas apart).
    const fusdAfter = await fusdOf(address)
    expect(formatUnits(fusdAfter - fusdBefore, tokens.FUSD.decimals)).toBe(received?.[1])
    expect(await spentBesidesFee(address, sent.result)).toBe(value)
    await Pages.expectClosed(page)
  })

  test('a swap that would revert shows the warning and its reason; declined, nothing is sent', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const address = await login(page)
    const auth = Embedded.authFrame(page)
    const nonce = await chain.getTransactionCount({ address })
    // A deadline in the past: the router reverts with 'UniswapV2Router: EXPIRED'.
    const sending = Embedded.startRequest(page, 'eth_sendTransaction', [
      {
        from: address,
        to: uniswap.router,
        value: `0x${parseEther('0.1').toString(16)}`,
        data: swapData(address, 1n),
        gas: `0x${SWAP_GAS.toString(16)}`,
      },
    ])
    const section = auth.getByRole('region', { name: 'Simulated changes' })
    await expect(section.getByRole('alert')).toHaveText('This transaction is likely to fail')
    await expect(section).toContainText('Reason: UniswapV2Router: EXPIRED')
    await expect(changeLines(auth)).toHaveCount(0)
    // The warning informs; the visitor may still decide.
    await readToEnd(page, auth)
    await page.screenshot({ path: join(ARTIFACTS, 'revert-warning.png') })
    await auth.getByRole('button', { name: 'Decline' }).click()
    expect(await sending).toMatchObject({ code: 4001 })
    expect(await chain.getTransactionCount({ address })).toBe(nonce)
  })

  test('a permit shows the approval it grants, in the token decimals; declined, nothing is signed', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const address = await login(page)
    const auth = Embedded.authFrame(page)
    const permit = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      domain: { name: tokens.FUSD.name, chainId: 31337, verifyingContract: tokens.FUSD.address },
      message: {
        owner: address,
        spender: uniswap.router,
        value: '2500000',
        nonce: '0',
        deadline: '1893456000',
      },
    }
    const signing = Embedded.startRequest(page, 'eth_signTypedData_v4', [address, JSON.stringify(permit)])
    const section = auth.getByRole('region', { name: 'What this signature grants' })
    await expect(section.getByRole('listitem')).toHaveText(
      `You approve ✓${uniswap.router.toLowerCase()} to spend 2.5 FUSD`,
    )
    await readToEnd(page, auth)
    await page.screenshot({ path: join(ARTIFACTS, 'permit-grants.png') })
    await auth.getByRole('button', { name: 'Decline' }).click()
    expect(await signing).toMatchObject({ code: 4001 })
  })

  test('wallet_sendCalls: an approve + swap batch shows the FUSD that leaves and the DOOR that enters, the swap spending the approve, before approval; executed, the chain moves exactly that', async ({
    page,
  }) => {
    test.setTimeout(240_000)
    const account = await login(page)
    const auth = Embedded.authFrame(page)
    // The email wallet's smart account, not deployed yet: the simulation deploys it first, as the
    // batch's user operation will.
    expect(await chain.getCode({ address: account })).toBeUndefined()
    const fusdBefore = 100n * 10n ** 6n
    await sendFusd(account, fusdBefore)
    expect(await fusdOf(account)).toBe(fusdBefore)
    expect(await doorOf(account)).toBe(0n)
    const amount = 40n * 10n ** 6n
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    const calls = [
      {
        to: tokens.FUSD.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [uniswap.router, amount] }),
      },
      {
        to: uniswap.router,
        data: encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForTokens',
          args: [amount, 1n, [tokens.FUSD.address, tokens.DOOR.address], account, deadline],
        }),
      },
    ]
    const sending = Embedded.startRequest(page, 'wallet_sendCalls', [
      { version: '2.0.0', chainId: '0x7a69', from: account, atomicRequired: true, calls },
    ])
    await expect(auth.getByRole('heading', { name: 'Send calls' })).toBeVisible({ timeout: 20_000 })
    const section = auth.getByRole('region', { name: 'Simulated changes' })
    await expect(section).toBeVisible()
    // The swap alone would fail (no allowance yet): simulated together, it spends the approve.
    await expect(changeLines(auth)).toHaveCount(3, { timeout: 30_000 })
    const lines = await changeLines(auth).allTextContents()
    const fusd = formatUnits(amount, tokens.FUSD.decimals)
    expect(lines[0]).toBe(`You send −${fusd} FUSD`)
    const received = /^You receive \+(\d+(?:\.\d+)?) DOOR$/.exec(lines[1] ?? '')
    expect(received, lines[1]).not.toBeNull()
    expect(lines[2]).toBe(`You approve ✓${uniswap.router.toLowerCase()} to spend ${fusd} FUSD`)
    await expect(section).not.toContainText('simulated alone')
    // Before approval: nothing has moved, nothing is deployed.
    expect(await fusdOf(account)).toBe(fusdBefore)
    expect(await chain.getCode({ address: account })).toBeUndefined()
    await readToEnd(page, auth)
    await section.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(ARTIFACTS, 'batch-changes.png') })

    await auth.getByRole('button', { name: 'Approve' }).click()
    const sent = (await sending) as { result: { id: string } }
    expect(sent, JSON.stringify(sent)).toHaveProperty('result.id')
    await page.screenshot({ path: join(ARTIFACTS, 'batch-sent.png') })
    const status = (await Pages.providerRequest(page, 'wallet_getCallsStatus', [sent.result.id])) as {
      result: { status: number; receipts: { transactionHash: Hex }[] }
    }
    expect(status.result.status, JSON.stringify(status)).toBe(200)
    // What the screen showed is what the chain moved: the FUSD sent, the DOOR received.
    expect(await fusdOf(account)).toBe(fusdBefore - amount)
    expect(formatUnits(await doorOf(account), tokens.DOOR.decimals)).toBe(received?.[1])
    expect(await chain.getCode({ address: account })).not.toBeUndefined()
  })
})
