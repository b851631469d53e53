import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { expect, type Page, test } from '@playwright/test'
import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import * as Account from '../account/account.js'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'
import * as Dapp from './recorder.js'

/**
 * The chain the page is told is the chain the wallet is on (issues 33 and 35), through the page's
 * provider as a dapp sees it: eth_chainId and chainChanged follow the wallet onto a chain the page did
 * not list; while it sits there, transactions and typed data are refused with 4901 and never reach the
 * wallet; a request naming another chain than the wallet's is refused (-32602) before the wallet and
 * before any screen. For each connector kind.
 */

const { DEMO_URL, AUTH_URL, DEVNET_31337_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'provider')
mkdirSync(ARTIFACTS, { recursive: true })

// Funds the fresh keys of these tests (sign-request.e2e.ts funds from it too, one test at a time).
const FUNDER = DEV_ACCOUNTS[9]!
const RECEIVER = '0x000000000000000000000000000000000000c4a1'
const devnet = createPublicClient({ transport: http(DEVNET_31337_URL) })

/** The 4901 of a request for a chain the page does not list. */
const notOnChain = {
  state: 'rejected',
  code: 4901,
  message: 'The Provider is not connected to the requested chain.',
}
/** The -32602 of a request naming chain `named` while the wallet is on `active`. */
const otherChain = (named: number, active: number) => ({
  state: 'rejected',
  code: -32602,
  message: `Invalid method parameter(s). params.0.chainId: ${named} is not the active chain ${active}`,
})

/** A fresh key with 1 ETH on 31337. */
async function fundedKey(): Promise<Hex> {
  const privateKey = generatePrivateKey()
  const funder = createWalletClient({
    account: privateKeyToAccount(FUNDER.privateKey as Hex),
    transport: http(DEVNET_31337_URL),
  })
  const hash = await funder.sendTransaction({
    chain: null,
    to: privateKeyToAccount(privateKey).address,
    value: parseEther('1'),
  })
  await devnet.waitForTransactionReceipt({ hash })
  return privateKey
}

/** Typed data in the domain of chain `chainId`. */
function typedData(chainId: number) {
  return JSON.stringify({
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
      Note: [{ name: 'text', type: 'string' }],
    },
    primaryType: 'Note',
    domain: { name: 'Chain test', chainId },
    message: { text: 'hello' },
  })
}

/** Opens the demo with the dapp recorder; waits until the provider was found. */
async function openDemo(page: Page) {
  await Dapp.install(page)
  await page.goto(DEMO_URL)
  await page.waitForFunction(() => (window as unknown as { __dapp: { provider?: unknown } }).__dapp.provider)
}

/** The events heard since `from`. */
async function eventsSince(page: Page, from: number, count: number) {
  return (await Dapp.eventsAtLeast(page, from + count)).slice(from)
}

/** Closes the modal with its Close button. */
async function closeModal(page: Page) {
  await Pages.modal(page).getByRole('button', { name: 'Close' }).click()
  await Pages.expectClosed(page)
}

/** Waits for UnsupportedChain naming chain `chainId`. */
async function expectUnsupported(page: Page, chainId: number) {
  await expect(Pages.dialog(page)).toHaveAttribute('open', '')
  const frame = Pages.modal(page)
  await expect(frame.getByText('Network not supported')).toBeVisible()
  await expect(frame.getByText(`Your wallet is on chain ${chainId},`)).toBeVisible()
}

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

test.describe('the chain the page is told is the chain the wallet is on', () => {
  test('injected wallet on chain 1: eth_chainId 0x1 and chainChanged; sends and typed data refused 4901, never forwarded; back on 31337 a send naming 31338 is refused, one naming 31337 goes through', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const wallet = await Injected.install(page, {
      privateKey: await fundedKey(),
      chainId: 1,
      knownChains: [1, 31337, 31338],
    })
    await openDemo(page)
    expect(await Dapp.request(page, 'eth_chainId')).toEqual({ state: 'fulfilled', result: '0x7a69' })
    await Account.connect(page, wallet)
    await expectUnsupported(page, 1)
    await page.screenshot({ path: join(ARTIFACTS, 'chain-injected-unsupported.png') })
    await closeModal(page)

    // The page is told the wallet's chain, and heard it change.
    expect(await Dapp.request(page, 'eth_chainId')).toEqual({ state: 'fulfilled', result: '0x1' })
    expect(await Dapp.eventsAtLeast(page, 3)).toEqual([
      { event: 'chainChanged', data: '0x1' },
      { event: 'connect', data: { chainId: '0x1' } },
      { event: 'accountsChanged', data: [wallet.address] },
    ])

    // A send and typed data: 4901, the wallet never asked.
    const tx = { from: wallet.address, to: RECEIVER, value: '0x1' }
    expect(await Dapp.request(page, 'eth_sendTransaction', [tx])).toEqual(notOnChain)
    expect(await Dapp.request(page, 'eth_signTypedData_v4', [wallet.address, typedData(1)])).toEqual(
      notOnChain,
    )
    await Pages.expectClosed(page)
    expect(wallet.requests.map((r) => r.method)).not.toContain('eth_sendTransaction')
    expect(wallet.requests.map((r) => r.method)).not.toContain('eth_signTypedData_v4')

    // The visitor switches in the extension: the page hears it and is told 31337.
    const heard = (await Dapp.events(page)).length
    await wallet.switchTo(31337)
    expect(await eventsSince(page, heard, 1)).toEqual([{ event: 'chainChanged', data: '0x7a69' }])
    expect(await Dapp.request(page, 'eth_chainId')).toEqual({ state: 'fulfilled', result: '0x7a69' })

    // A send naming another chain than the wallet's: -32602 before the wallet; naming its own: sent.
    expect(await Dapp.request(page, 'eth_sendTransaction', [{ ...tx, chainId: '0x7a6a' }])).toEqual(
      otherChain(31338, 31337),
    )
    expect(wallet.requests.map((r) => r.method)).not.toContain('eth_sendTransaction')
    const sent = await Dapp.request(page, 'eth_sendTransaction', [{ ...tx, chainId: '0x7a69' }])
    expect(sent).toMatchObject({ state: 'fulfilled', result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    const receipt = await devnet.waitForTransactionReceipt({ hash: (sent as { result: Hex }).result })
    expect(receipt.status).toBe('success')
    await Pages.expectClosed(page)
  })

  test('WalletConnect wallet moved to chain 1: eth_chainId 0x1 and chainChanged; a send refused 4901, never sent to the wallet; back on 31337 a send naming 31338 is refused', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const wallet = await WalletConnectWallet.create({ privateKey: await fundedKey(), name: 'Chain Wallet' })
    try {
      await openDemo(page)
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      await Pages.expectConnectShown(page)
      const frame = Pages.modal(page)
      await frame.getByRole('button', { name: 'WalletConnect' }).click()
      const figure = frame.locator('figure[data-uri]')
      await expect(figure).toBeVisible({ timeout: 15_000 })
      await wallet.approve(await wallet.pair((await figure.getAttribute('data-uri')) as string))
      await Pages.expectClosed(page)
      expect(await Dapp.request(page, 'eth_chainId')).toEqual({ state: 'fulfilled', result: '0x7a69' })
      const connected = (await Dapp.eventsAtLeast(page, 2)).length

      // The wallet's user moves to chain 1 in the wallet: the page hears it and is told so.
      await wallet.switchTo(1)
      await expectUnsupported(page, 1)
      await closeModal(page)
      expect(await eventsSince(page, connected, 1)).toEqual([{ event: 'chainChanged', data: '0x1' }])
      expect(await Dapp.request(page, 'eth_chainId')).toEqual({ state: 'fulfilled', result: '0x1' })
      const tx = { from: wallet.address, to: RECEIVER, value: '0x1' }
      expect(await Dapp.request(page, 'eth_sendTransaction', [tx])).toEqual(notOnChain)
      expect(await Dapp.request(page, 'eth_signTypedData_v4', [wallet.address, typedData(1)])).toEqual(
        notOnChain,
      )
      await Pages.expectClosed(page)

      // Back on 31337: a send naming 31338 is refused before the wallet; one naming 31337 is sent.
      await wallet.switchTo(31337)
      await expect
        .poll(async () => Dapp.request(page, 'eth_chainId'))
        .toEqual({ state: 'fulfilled', result: '0x7a69' })
      expect(await Dapp.request(page, 'eth_sendTransaction', [{ ...tx, chainId: '0x7a6a' }])).toEqual(
        otherChain(31338, 31337),
      )
      expect(wallet.requests.map((r) => r.method)).not.toContain('eth_sendTransaction')
      expect(wallet.requests.map((r) => r.method)).not.toContain('eth_signTypedData_v4')
      const sent = await Dapp.request(page, 'eth_sendTransaction', [{ ...tx, chainId: '0x7a69' }])
      expect(sent).toMatchObject({ state: 'fulfilled', result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
      expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toEqual([
        expect.objectContaining({ chainId: 'eip155:31337' }),
      ])
    } finally {
      await wallet.stop()
    }
  })

  test('embedded wallet: after a wallet on chain 1 is disconnected, the page is back on 31337 and an email login lands there, as its approval screen says', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const wallet = await Injected.install(page, {
      privateKey: generatePrivateKey(),
      chainId: 1,
      knownChains: [1, 31337, 31338],
    })
    await openDemo(page)
    await Account.connect(page, wallet)
    await expectUnsupported(page, 1)
    expect(await Dapp.request(page, 'eth_chainId')).toEqual({ state: 'fulfilled', result: '0x1' })
    await Pages.modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    await Pages.expectConnectShown(page)
    await closeModal(page)
    // Disconnected, the page is on its own first network again.
    expect(await Dapp.request(page, 'eth_chainId')).toEqual({ state: 'fulfilled', result: '0x7a69' })

    const address = await Embedded.loginByEmail(page, Embedded.freshEmail('chain'))
    expect(await Dapp.request(page, 'eth_chainId')).toEqual({ state: 'fulfilled', result: '0x7a69' })
    // The wallet's own screen names the chain the page was told.
    const signing = await Dapp.start(page, 'personal_sign', ['0x68690a', address])
    const auth = Embedded.authFrame(page)
    await expect(auth.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await expect(
      auth.locator('dt', { hasText: /^Network$/ }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('Frontdoor Devnet 31337')
    await auth.getByRole('button', { name: 'Decline' }).click()
    expect(await Dapp.settled(page, signing)).toMatchObject({ state: 'rejected', code: 4001 })
  })
})

test.describe('the chain is checked before any screen', () => {
  test('embedded wallet: a send naming chain 1 is refused -32602 without a screen, for the smart account and the EOA; typed data of another domain chain still shows it', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await openDemo(page)
    const smartAccount = await Embedded.loginByEmail(page, Embedded.freshEmail('chain-screen'))
    const shown = await recordScreens(page)
    const tx = (from: string) => ({ from, to: RECEIVER, value: '0x0', chainId: '0x1' })
    expect(await Dapp.request(page, 'eth_sendTransaction', [tx(smartAccount)])).toEqual(otherChain(1, 31337))
    await Pages.expectClosed(page)
    expect(await shown()).toBe(false)

    const eoa = await Embedded.useEoa(page)
    expect(eoa).not.toBe(smartAccount)
    expect(await Dapp.request(page, 'eth_sendTransaction', [tx(eoa)])).toEqual(otherChain(1, 31337))
    await Pages.expectClosed(page)
    expect(await shown()).toBe(false)

    // Typed data whose domain names chain 1: the screen says so.
    const signing = await Dapp.start(page, 'eth_signTypedData_v4', [eoa, typedData(1)])
    const auth = Embedded.authFrame(page)
    await expect(auth.getByRole('heading', { name: 'Sign typed data' })).toBeVisible()
    await expect(
      auth.locator('dt', { hasText: /^Domain chain$/ }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('1')
    await page.screenshot({ path: join(ARTIFACTS, 'chain-typed-data-domain.png') })
    await auth.getByRole('button', { name: 'Decline' }).click()
    expect(await Dapp.settled(page, signing)).toMatchObject({ state: 'rejected', code: 4001 })
  })
})
