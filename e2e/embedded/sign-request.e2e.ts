import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import { expect, type FrameLocator, type Page, test } from '@playwright/test'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  recoverTypedDataAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as Pages from '../modal/pages.js'
import * as Embedded from './embedded.js'

// What the visitor sees is what is signed (issue 12): an ERC-20 approve sent as `input` reads as the
// approval it is, with gas, fee and nonce; data and input that differ are refused before any screen.

const { DEMO_URL, DEVNET_31337_URL, AUTH_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'embedded')
mkdirSync(ARTIFACTS, { recursive: true })

// An account of its own, so balances here do not move under other tests.
const FUNDER = DEV_ACCOUNTS[9]!
const SPENDER = '0x00000000000000000000000000000000000a77ac'
const FUSD = DEPLOYMENTS[31337].tokens.FUSD.address
/** Uniswap's Permit2, at the same address on every chain. */
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const ERC20 = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
])
const chain = createPublicClient({ transport: http(DEVNET_31337_URL) })

async function fund(address: Hex) {
  const wallet = createWalletClient({
    account: privateKeyToAccount(FUNDER.privateKey as Hex),
    transport: http(DEVNET_31337_URL),
  })
  const hash = await wallet.sendTransaction({
    to: address,
    value: parseEther('1'),
    chain: {
      id: await chain.getChainId(),
      name: 'devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [DEVNET_31337_URL] } },
    },
  })
  await chain.waitForTransactionReceipt({ hash })
}

/** The value of a row of the approval screen. */
const row = (auth: FrameLocator, label: string) =>
  auth.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

/** Records, inside the auth frame, whether an approval screen is ever shown from now on. */
async function recordScreens(page: Page) {
  const frame = page.frames().find((f) => f.url().startsWith(AUTH_URL))!
  await frame.evaluate(() => {
    const seen = window as unknown as { approvalShown: boolean }
    seen.approvalShown = false
    new MutationObserver(() => {
      if (document.querySelector('.af-approval')) seen.approvalShown = true
    }).observe(document.body, { subtree: true, childList: true })
  })
  return () => frame.evaluate(() => (window as unknown as { approvalShown: boolean }).approvalShown)
}

test.describe('embedded wallet: what the visitor sees is what is signed', () => {
  test('an approve sent as input shows its spender, Unlimited, gas, fee and nonce; data != input is refused without a screen', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.goto(DEMO_URL)
    await Embedded.loginByEmail(page, Embedded.freshEmail('wysiwys'))
    // The EOA's transaction: its gas, fee and nonce are what the screen shows (a smart account's are
    // the bundler's, e2e/smart-account).
    const address = await Embedded.useEoa(page)
    await fund(address)
    const auth = Embedded.authFrame(page)
    const approveMax = encodeFunctionData({
      abi: ERC20,
      functionName: 'approve',
      args: [SPENDER, maxUint256],
    })

    const sending = Embedded.startRequest(page, 'eth_sendTransaction', [
      { from: address, to: FUSD, value: '0x0', input: approveMax },
    ])
    await expect(auth.getByRole('heading', { name: 'Approve spending' })).toBeVisible()
    // The origin the browser confirmed comes first; the page's claimed name second.
    await expect(auth.locator('.af-origin')).toHaveText(`Request from ${new URL(DEMO_URL).origin}`)
    await expect(row(auth, 'Spender')).toHaveText(SPENDER)
    await expect(row(auth, 'Amount')).toHaveText('Unlimited')
    await expect(row(auth, 'Contract')).toHaveText(FUSD)
    await expect(row(auth, 'Value')).toHaveText('0 ETH')
    await expect(row(auth, 'Gas limit')).toHaveText(/^\d+ \(estimated\)$/)
    await expect(row(auth, 'Max fee')).toHaveText(/^0\.\d+ ETH \(estimated\)$/)
    await expect(row(auth, 'Nonce')).toHaveText(/^\d+ \(estimated\)$/)
    await expect(auth.getByRole('button', { name: 'Approve' })).toBeEnabled()
    await page.screenshot({ path: join(ARTIFACTS, 'approve-erc20-input.png') })
    const shownGas = BigInt((await row(auth, 'Gas limit').textContent())!.split(' ')[0]!)
    const shownFee = (await row(auth, 'Max fee').textContent())!
    await auth.getByRole('button', { name: 'Approve' }).click()
    const sent = (await sending) as { result: Hex }
    expect(sent).toHaveProperty('result')
    const receipt = await chain.waitForTransactionReceipt({ hash: sent.result })
    expect(receipt.status).toBe('success')
    // Signed as shown: the approve itself, with the gas limit and fee the screen showed.
    const tx = await chain.getTransaction({ hash: sent.result })
    expect(tx.input).toBe(approveMax)
    expect(tx.gas).toBe(shownGas)
    expect(`${formatEther(tx.gas * (tx.maxFeePerGas ?? tx.gasPrice!))} ETH (estimated)`).toBe(shownFee)
    expect(
      await chain.readContract({
        address: FUSD,
        abi: ERC20,
        functionName: 'allowance',
        args: [address, SPENDER],
      }),
    ).toBe(maxUint256)
    await Pages.expectClosed(page)

    // data and input that differ: -32602 from the wallet, no approval screen at any moment.
    const shown = await recordScreens(page)
    const refused = await Embedded.startRequest(page, 'eth_sendTransaction', [
      { from: address, to: FUSD, data: '0x', input: approveMax },
    ])
    expect(refused).toMatchObject({ code: -32602, message: expect.stringMatching(/data and input differ/) })
    await Pages.expectClosed(page)
    expect(await shown()).toBe(false)
    await page.screenshot({ path: join(ARTIFACTS, 'refused-data-input.png') })
  })

  test('a Permit2 PermitSingle shows what it grants: spender, token, amount in FUSD with its base units, expiry; signed as shown. Typed data naming a prototype member is -32602 without a screen', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.goto(DEMO_URL)
    await Embedded.loginByEmail(page, Embedded.freshEmail('permit2'))
    const address = await Embedded.useEoa(page)
    const auth = Embedded.authFrame(page)
    // As Uniswap's SDK hands it to the wallet: 2.5 FUSD (6 decimals) for SPENDER through Permit2.
    const permitSingle = {
      types: {
        PermitDetails: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
        PermitSingle: [
          { name: 'details', type: 'PermitDetails' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
      },
      primaryType: 'PermitSingle',
      domain: { name: 'Permit2', chainId: 31337, verifyingContract: PERMIT2 },
      message: {
        details: { token: FUSD, amount: '2500000', expiration: '1893456000', nonce: '0' },
        spender: SPENDER,
        sigDeadline: '1893456000',
      },
    } as const
    const signing = Embedded.startRequest(page, 'eth_signTypedData_v4', [
      address,
      JSON.stringify(permitSingle),
    ])
    await expect(auth.getByRole('heading', { name: 'Sign typed data' })).toBeVisible()
    await expect(row(auth, 'Type')).toHaveText('PermitSingle')
    await expect(row(auth, 'Spender')).toHaveText(SPENDER)
    await expect(row(auth, 'Token')).toHaveText(FUSD)
    // The token's decimals, read from the chain: its units, the base units beside them.
    await expect(row(auth, 'Amount')).toHaveText('2.5 (2500000 base units)')
    await expect(row(auth, 'Expiry')).toHaveText('2030-01-01T00:00:00Z')
    await expect(row(auth, 'Signature deadline')).toHaveText('2030-01-01T00:00:00Z')
    const section = auth.getByRole('region', { name: 'What this signature grants' })
    await expect(section.getByRole('listitem')).toHaveText(`You approve ✓${SPENDER} to spend 2.5 FUSD`)
    await Embedded.readToEnd(page, auth)
    await page.screenshot({ path: join(ARTIFACTS, 'permit2-single.png') })
    // Still waiting for the visitor until Approve.
    await auth.getByRole('button', { name: 'Approve' }).click()
    const signed = (await signing) as { result: Hex }
    expect(signed).toHaveProperty('result')
    const signer = await recoverTypedDataAddress({
      ...(permitSingle as unknown as Parameters<typeof recoverTypedDataAddress>[0]),
      signature: signed.result,
    })
    expect(signer.toLowerCase()).toBe(address.toLowerCase())
    await Pages.expectClosed(page)

    // A type named like a member of Object.prototype: -32602, no screen (it was -32603 'i.map is not a function').
    const shown = await recordScreens(page)
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const json = `{"types":{"Mail":[{"name":"a","type":"string"}]},"primaryType":"${name}","domain":{},"message":{"a":"x"}}`
      expect(await Embedded.startRequest(page, 'eth_signTypedData_v4', [address, json])).toMatchObject({
        code: -32602,
        message: expect.stringContaining(`the type ${name} is not declared`),
      })
    }
    expect(await shown()).toBe(false)
  })
})

/** Wei as ether without trailing zeros, as the screen writes it. */
function formatEther(wei: bigint): string {
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''}`
}
