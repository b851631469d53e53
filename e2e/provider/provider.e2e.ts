import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEV_MNEMONIC } from '@frontdoor/devnet/accounts'
import { expect, type Page, test } from '@playwright/test'
import { createPublicClient, http, toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as StackControl from '../stack-control.js'
import * as Injected from '../wallets/injected.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'
import * as Dapp from './recorder.js'

/**
 * The host SDK's EIP-1193 provider as a dapp sees it (found by EIP-6963, events recorded from the
 * first moment): eth_requestAccounts waits for the visitor, the events of a session come once each and
 * in order, and the standard errors carry their codes. Every case looks at the state before it acts.
 */

const { DEMO_URL, MODAL_URL, DEVNET_31337_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'provider')
mkdirSync(ARTIFACTS, { recursive: true })

// Accounts of their own (the devnet funds the first 20 of the mnemonic), so no other test moves them.
const INJECTED_USER = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 14 })
const WALLETCONNECT_USER = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 15 })
const privateKeyOf = (account: typeof INJECTED_USER) => toHex(account.getHdKey().privateKey!)

/** How long a request must stay pending to count as waiting for the visitor (the defect took 10 ms). */
const STILL_PENDING_MS = 1500

/** Opens the demo with the dapp recorder; waits until the provider was found. */
async function openDemo(page: Page) {
  await Dapp.install(page)
  await page.goto(DEMO_URL)
  await page.waitForFunction(() => (window as unknown as { __dapp: { provider?: unknown } }).__dapp.provider)
}

/** Starts eth_requestAccounts and checks it is still waiting once the modal shows Connect. */
async function requestAccountsPending(page: Page): Promise<number> {
  expect(await Dapp.request(page, 'eth_accounts')).toEqual({ state: 'fulfilled', result: [] })
  const id = await Dapp.start(page, 'eth_requestAccounts')
  await Pages.expectConnectShown(page)
  await page.waitForTimeout(STILL_PENDING_MS)
  expect(await Dapp.call(page, id)).toEqual({ state: 'pending' })
  return id
}

const rejected = { state: 'rejected', code: 4001, message: 'The user rejected the request.' }

test.describe('eth_requestAccounts', () => {
  test('stays pending while the modal is open; closing it rejects with 4001 (Escape, Close, outside click)', async ({
    page,
  }) => {
    await openDemo(page)
    const closeBy: ((page: Page) => Promise<void>)[] = [
      (p) => p.keyboard.press('Escape'),
      (p) => Pages.modal(p).getByRole('button', { name: 'Close' }).click(),
      (p) => p.mouse.click(10, 10),
    ]
    for (const close of closeBy) {
      const id = await requestAccountsPending(page)
      await close(page)
      await Pages.expectClosed(page)
      expect(await Dapp.settled(page, id)).toEqual(rejected)
    }
    // Nothing was connected, so no event was emitted.
    expect(await Dapp.events(page)).toEqual([])
  })

  test('resolves with the account after connecting an injected wallet; events once each, in order; disconnect', async ({
    page,
  }) => {
    const wallet = await Injected.install(page, { privateKey: privateKeyOf(INJECTED_USER) })
    await openDemo(page)
    const id = await requestAccountsPending(page)
    await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
    expect(await Dapp.settled(page, id)).toEqual({ state: 'fulfilled', result: [wallet.address] })
    await Pages.expectClosed(page)
    expect(await Dapp.request(page, 'eth_accounts')).toEqual({ state: 'fulfilled', result: [wallet.address] })
    // Asked again while connected: answered at once, without the modal.
    expect(await Dapp.request(page, 'eth_requestAccounts')).toEqual({
      state: 'fulfilled',
      result: [wallet.address],
    })
    await Pages.expectClosed(page)
    expect(await Dapp.eventsAtLeast(page, 2)).toEqual([
      { event: 'connect', data: { chainId: '0x7a69' } },
      { event: 'accountsChanged', data: [wallet.address] },
    ])

    // chainChanged once, as the wallet switches.
    expect(await Dapp.request(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({
      state: 'fulfilled',
      result: null,
    })
    expect((await Dapp.eventsAtLeast(page, 3)).slice(2)).toEqual([{ event: 'chainChanged', data: '0x7a6a' }])
    expect(await Dapp.request(page, 'eth_chainId')).toEqual({ state: 'fulfilled', result: '0x7a6a' })

    // Reload: the stored connection is restored, and eth_accounts asked at once waits for it.
    await page.reload()
    expect(await Dapp.request(page, 'eth_accounts')).toEqual({ state: 'fulfilled', result: [wallet.address] })
    expect(await Dapp.events(page)).toEqual([
      { event: 'chainChanged', data: '0x7a6a' },
      { event: 'connect', data: { chainId: '0x7a6a' } },
      { event: 'accountsChanged', data: [wallet.address] },
    ])

    // Disconnect from the page: accountsChanged [] then disconnect (4900), once each; eth_accounts empty.
    const before = (await Dapp.events(page)).length
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    const after = (await Dapp.eventsAtLeast(page, before + 2)).slice(before)
    expect(after.filter((e) => e.event !== 'connect' && e.event !== 'chainChanged')).toEqual([
      { event: 'accountsChanged', data: [] },
      {
        event: 'disconnect',
        data: { code: 4900, message: 'The Provider is disconnected from all chains.' },
      },
    ])
    expect(await Dapp.request(page, 'eth_accounts')).toEqual({ state: 'fulfilled', result: [] })
    await page.waitForTimeout(300)
    expect((await Dapp.events(page)).length).toBe(before + after.length)
  })

  test('resolves with the account after pairing a WalletConnect wallet', async ({ page }) => {
    const wallet = await WalletConnectWallet.create({ privateKey: privateKeyOf(WALLETCONNECT_USER) })
    try {
      await openDemo(page)
      const id = await requestAccountsPending(page)
      const frame = Pages.modal(page)
      await frame.getByRole('button', { name: 'WalletConnect' }).click()
      const figure = frame.locator('figure[data-uri]')
      await expect(figure).toBeVisible({ timeout: 15_000 })
      expect(await Dapp.call(page, id)).toEqual({ state: 'pending' })
      await wallet.approve(await wallet.pair((await figure.getAttribute('data-uri')) as string))
      expect(await Dapp.settled(page, id)).toEqual({ state: 'fulfilled', result: [wallet.address] })
      await Pages.expectClosed(page)
      expect(await Dapp.eventsAtLeast(page, 2)).toEqual([
        { event: 'connect', data: { chainId: '0x7a69' } },
        { event: 'accountsChanged', data: [wallet.address] },
      ])
    } finally {
      await wallet.stop()
    }
  })

  test('resolves with the account after an email login', async ({ page }) => {
    await openDemo(page)
    const id = await requestAccountsPending(page)
    const email = Embedded.freshEmail('provider')
    const sentAfter = Date.now() - 1000
    const frame = Pages.modal(page)
    const input = frame.getByRole('textbox', { name: 'Email' })
    await expect(async () => {
      if (await input.isVisible()) {
        await input.fill(email)
        await input.press('Enter')
      }
      await expect(frame.getByText('Enter the 6-digit code sent to')).toBeVisible({ timeout: 3000 })
    }).toPass({ timeout: 20_000 })
    expect(await Dapp.call(page, id)).toEqual({ state: 'pending' })
    await frame.getByRole('textbox', { name: 'Code' }).fill(await Embedded.otpFor(email, sentAfter))
    const answer = await Dapp.settled(page, id)
    expect(answer).toMatchObject({ state: 'fulfilled' })
    const [address] = (answer as { result: string[] }).result
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await Dapp.request(page, 'eth_accounts')).toEqual({ state: 'fulfilled', result: [address] })
  })

  test('made while the modal frame is still loading: waits for it, then for the visitor', async ({
    page,
  }) => {
    // The modal's document arrives 2 s late, as on a slow network.
    await page.route(
      (url) => url.origin === MODAL_URL && url.pathname === '/',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2000))
        await route.continue()
      },
    )
    await Dapp.install(page)
    // Not waiting for the load event: it would wait for the frame too.
    await page.goto(DEMO_URL, { waitUntil: 'domcontentloaded' })
    const read = await Dapp.start(page, 'eth_blockNumber')
    const accounts = await Dapp.start(page, 'eth_requestAccounts')
    expect(await Dapp.call(page, read)).toEqual({ state: 'pending' })
    expect(await Dapp.call(page, accounts)).toEqual({ state: 'pending' })
    expect(await Dapp.settled(page, read)).toMatchObject({
      state: 'fulfilled',
      result: expect.stringMatching(/^0x/),
    })
    await Pages.expectConnectShown(page)
    await page.waitForTimeout(STILL_PENDING_MS)
    expect(await Dapp.call(page, accounts)).toEqual({ state: 'pending' })
    await page.keyboard.press('Escape')
    expect(await Dapp.settled(page, accounts)).toEqual(rejected)
  })
})

test.describe('provider conformance', () => {
  test('the standard errors: 4100, 4200, -32602, 4902 and 4901, each with the state before', async ({
    page,
  }) => {
    await openDemo(page)
    expect(await Dapp.request(page, 'eth_accounts')).toEqual({ state: 'fulfilled', result: [] })
    // 4100: a signing method needs a connected account.
    expect(
      await Dapp.request(page, 'personal_sign', ['0x68690a', '0x0000000000000000000000000000000000000001']),
    ).toEqual({
      state: 'rejected',
      code: 4100,
      message: 'The requested method and/or account has not been authorized by the user.',
    })
    // 4200: a method the provider does not know.
    expect(await Dapp.request(page, 'eth_notAMethod')).toEqual({
      state: 'rejected',
      code: 4200,
      message: 'The Provider does not support the requested method.',
    })
    // -32602: params that are neither an array nor an object, and a chain id that is not one.
    const invalid = { state: 'rejected', code: -32602, message: 'Invalid method parameter(s).' }
    expect(await Dapp.request(page, 'eth_getBalance', 'nope')).toEqual(invalid)
    expect(await Dapp.request(page, 'wallet_switchEthereumChain', [{ chainId: 'one' }])).toEqual(invalid)
    // 4902: a chain the page does not list; the chain stays as it was.
    expect(await Dapp.request(page, 'eth_chainId')).toEqual({ state: 'fulfilled', result: '0x7a69' })
    expect(await Dapp.request(page, 'wallet_switchEthereumChain', [{ chainId: '0x1' }])).toMatchObject({
      state: 'rejected',
      code: 4902,
    })
    expect(await Dapp.request(page, 'eth_chainId')).toEqual({ state: 'fulfilled', result: '0x7a69' })
    expect(await Dapp.events(page)).toEqual([])

    // 4901: the chain cannot be reached (the API's RPC proxy is down), and answers again once it is back.
    expect(await Dapp.request(page, 'eth_blockNumber')).toMatchObject({ state: 'fulfilled' })
    await StackControl.stopPart('api')
    try {
      expect(await Dapp.request(page, 'eth_blockNumber')).toEqual({
        state: 'rejected',
        code: 4901,
        message: 'The Provider is not connected to the requested chain.',
      })
    } finally {
      await StackControl.startPart('api')
    }
    expect(await Dapp.request(page, 'eth_blockNumber')).toMatchObject({ state: 'fulfilled' })
  })

  test('concurrent requests each get their own answer', async ({ page }) => {
    await openDemo(page)
    const chain = createPublicClient({ transport: http(DEVNET_31337_URL) })
    const addresses = Array.from(
      { length: 12 },
      (_, i) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i }).address,
    )
    const expected = await Promise.all(addresses.map((address) => chain.getBalance({ address })))
    const ids = await page.evaluate((list) => {
      const dapp = (window as unknown as { __dapp: { start: (m: string, p?: unknown) => number } }).__dapp
      return [
        ...list.map((address) => dapp.start('eth_getBalance', [address, 'latest'])),
        dapp.start('eth_chainId'),
        dapp.start('eth_accounts'),
        dapp.start('eth_notAMethod'),
      ]
    }, addresses)
    const answers = await Promise.all(ids.map((id) => Dapp.settled(page, id)))
    expect(answers.slice(0, 12)).toEqual(
      expected.map((balance) => ({ state: 'fulfilled', result: toHex(balance) })),
    )
    expect(answers.slice(12)).toEqual([
      { state: 'fulfilled', result: '0x7a69' },
      { state: 'fulfilled', result: [] },
      { state: 'rejected', code: 4200, message: 'The Provider does not support the requested method.' },
    ])
  })
})
