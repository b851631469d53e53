import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { expect, type FrameLocator, type Page, test } from '@playwright/test'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  numberToHex,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { REGISTRY_DEVNET } from '../../scripts/stack/parts.js'
import * as AppKitPageServer from '../appkit/PageServer.js'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as StackControl from '../stack-control.js'
import * as Injected from '../wallets/injected.js'

const { MODAL_URL, API_URL } = Pages.addresses

/**
 * A chain that only the API's network registry knows: the stack's third devnet (chain 31339, a bare
 * Hardhat node), added to the registry and given its RPC upstream by configuration (NETWORKS_JSON,
 * scripts/stack/parts.ts). The page names it by its id alone; nothing about it is in the page.
 */
const HTML = `<!doctype html><html lang="en"><head><title>Registry chain</title></head><body>
  <script src="${MODAL_URL}/sdk.js" data-project-id="demo" data-chain-ids="${REGISTRY_DEVNET.chainId}"
    data-enable-reconnect="false"></script>
</body></html>`

const devnet = defineChain({
  id: REGISTRY_DEVNET.chainId,
  name: 'registry devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [REGISTRY_DEVNET.url] } },
})
const chain = createPublicClient({ chain: devnet, transport: http(REGISTRY_DEVNET.url) })
const funder = createWalletClient({
  account: privateKeyToAccount(DEV_ACCOUNTS[9]!.privateKey as Hex),
  chain: devnet,
  transport: http(REGISTRY_DEVNET.url),
})

let site: { url: string; close: () => Promise<void> }
test.beforeAll(async () => {
  site = await Pages.serveForeignPage(Number(new URL(AppKitPageServer.PAGE_URL).port), HTML)
})
test.afterAll(async () => {
  await site.close()
})

/** Restarts the API, with `env` over its stack environment (none: as the stack starts it). */
async function restartApi(env?: Record<string, string>) {
  await StackControl.stopPart('api')
  await StackControl.startPart('api', env)
}

/** Opens the sdk.js page and logs in with a new email wallet; returns its address. */
async function emailWallet(page: Page, name: string): Promise<Hex> {
  await page.goto(site.url)
  await page.waitForFunction(() => 'frontdoor' in window)
  return Embedded.loginOnPage(page, name)
}

/** The network the Account view shows for the connected wallet. */
async function networkShown(page: Page) {
  await page.evaluate(
    () => void (window as unknown as { frontdoor: { open: () => Promise<void> } }).frontdoor.open(),
  )
  const button = Pages.modal(page).getByRole('button', { name: /^Network: / })
  await expect(button).toBeVisible()
  const name = (await button.getAttribute('aria-label')) ?? (await button.textContent())
  await Pages.modal(page).getByRole('button', { name: 'Close' }).click()
  await Pages.expectClosed(page)
  return name
}

const row = (auth: FrameLocator, label: string) =>
  auth.locator('.af-row', { has: auth.getByText(label, { exact: true }) }).locator('dd')

test('an email wallet reads and sends on a chain the page names only by id, once the registry lists it with its upstream', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const chainHex = numberToHex(REGISTRY_DEVNET.chainId)

  // Without the registry entry and upstream: the chain is only a number, and every read is refused.
  await restartApi({ NETWORKS_JSON: '{}' })
  try {
    const before = await emailWallet(page, 'registry-before')
    expect(await Pages.providerRequest(page, 'eth_chainId')).toEqual({ result: chainHex })
    expect(await Pages.providerRequest(page, 'eth_getBalance', [before, 'latest'])).toEqual({
      code: -32602,
      message: 'Unsupported chain',
    })
    expect(await networkShown(page)).toContain(`Chain ${REGISTRY_DEVNET.chainId}`)
  } finally {
    await restartApi()
  }

  // With the stack's configuration: the registry names the chain and the RPC proxy reaches its node.
  const address = await emailWallet(page, 'registry-after')
  expect(await networkShown(page)).toContain(REGISTRY_DEVNET.name)
  expect(await Pages.providerRequest(page, 'eth_getBalance', [address, 'latest'])).toEqual({ result: '0x0' })
  await funder.sendTransaction({ to: address, value: parseEther('2') })
  expect(await Pages.providerRequest(page, 'eth_getBalance', [address, 'latest'])).toEqual({
    result: numberToHex(parseEther('2')),
  })

  const recipient = privateKeyToAccount(generatePrivateKey()).address
  const received = await chain.getBalance({ address: recipient })
  const sending = Embedded.startRequest(page, 'eth_sendTransaction', [
    { from: address, to: recipient, value: numberToHex(parseEther('0.5')) },
  ])
  const auth = Embedded.authFrame(page)
  // The auth frame names the chain and its currency from the registry too.
  await expect(row(auth, 'Network')).toHaveText(REGISTRY_DEVNET.name)
  await expect(row(auth, 'Value')).toHaveText('0.5 RETH')
  await auth.getByRole('button', { name: 'Approve' }).click()
  const sent = (await sending) as { result: Hex }
  expect(sent).toHaveProperty('result')
  // The transaction landed on the registry devnet's own node.
  const receipt = await chain.waitForTransactionReceipt({ hash: sent.result })
  expect(receipt.status).toBe('success')
  expect(await chain.getBalance({ address: recipient })).toBe(received + parseEther('0.5'))
})

test('an injected wallet is given the registry chain with the RPC proxy as its RPC URL, then reads and sends there', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const privateKey = generatePrivateKey()
  const address = privateKeyToAccount(privateKey).address
  await funder.sendTransaction({ to: address, value: parseEther('1') })
  // The wallet starts on devnet 31337 and has no node of 31339: it takes the RPC URL it is given.
  const wallet = await Injected.install(page, { privateKey, acceptAddedChains: true })
  const connect = async () => {
    await page.goto(site.url)
    await page.waitForFunction(() => 'frontdoor' in window)
    await page.evaluate(
      () => void (window as unknown as { frontdoor: { open: () => Promise<void> } }).frontdoor.open(),
    )
    await Pages.expectConnectShown(page)
    await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
  }

  // Without the registry entry: the page's chain is only 'Chain 31339', with no RPC URL to give the
  // wallet, so the wallet cannot add it and stays where it is.
  await restartApi({ NETWORKS_JSON: '{}' })
  try {
    await connect()
    await Pages.modal(page)
      .getByRole('button', { name: new RegExp(`Chain ${REGISTRY_DEVNET.chainId}`) })
      .click()
    await expect
      .poll(() => wallet.requests.find((r) => r.method === 'wallet_addEthereumChain')?.params)
      .toMatchObject([{ rpcUrls: [] }])
    await expect(Pages.modal(page).getByText('Chain is not supported')).toBeVisible()
    expect(wallet.chainId()).toBe(31337)
  } finally {
    await restartApi()
  }
  wallet.requests.length = 0
  await connect()

  // On a chain the page does not list, the modal offers the page's one network by the registry's name.
  await Pages.modal(page)
    .getByRole('button', { name: new RegExp(REGISTRY_DEVNET.name) })
    .click()
  await expect.poll(() => wallet.chainId()).toBe(REGISTRY_DEVNET.chainId)
  const added = wallet.requests.find((r) => r.method === 'wallet_addEthereumChain')
  expect(added).toBeDefined()
  expect((added!.params as unknown[])[0]).toMatchObject({
    chainId: numberToHex(REGISTRY_DEVNET.chainId),
    chainName: REGISTRY_DEVNET.name,
    nativeCurrency: { symbol: 'RETH', decimals: 18 },
    rpcUrls: [`${API_URL}/v1/?chainId=eip155%3A${REGISTRY_DEVNET.chainId}&projectId=demo`],
  })

  expect(await Pages.providerRequest(page, 'eth_chainId')).toEqual({
    result: numberToHex(REGISTRY_DEVNET.chainId),
  })
  expect(await Pages.providerRequest(page, 'eth_getBalance', [address, 'latest'])).toEqual({
    result: numberToHex(parseEther('1')),
  })
  const recipient = privateKeyToAccount(generatePrivateKey()).address
  const sent = (await Pages.providerRequest(page, 'eth_sendTransaction', [
    { from: address, to: recipient, value: numberToHex(parseEther('0.25')) },
  ])) as { result: Hex }
  expect(sent).toHaveProperty('result')
  const receipt = await chain.waitForTransactionReceipt({ hash: sent.result })
  expect(receipt.status).toBe('success')
  expect(await chain.getBalance({ address: recipient })).toBe(parseEther('0.25'))
})
