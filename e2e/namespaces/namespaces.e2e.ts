import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { makeSignDoc, pubkeyToAddress, type StdSignature, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { expect, type FrameLocator, type Page, test } from '@playwright/test'
import { stringToHex } from '@polkadot/util'
import { cryptoWaitReady, decodeAddress, signatureVerify } from '@polkadot/util-crypto'
import * as bitcoin from 'bitcoinjs-lib'
import * as bitcoinMessage from 'bitcoinjs-message'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'

const { DEMO_URL, API_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'namespaces')
mkdirSync(ARTIFACTS, { recursive: true })

/** The chains of the vault's accounts (apps/api/src/auth/vault/Namespaces.ts CHAINS). */
const CHAINS = {
  bip122: 'bip122:000000000019d6689c085ae165831e93',
  polkadot: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  cosmos: 'cosmos:cosmoshub-4',
} as const

/** The value of a row of the approval screen. */
const row = (auth: FrameLocator, label: string) =>
  auth.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

/**
 * The user's caipAccounts as the API (the vault) derives them: read from the API's answers to the auth
 * frame (its login and user reads), which the test sees on the wire.
 */
function vaultAccounts(page: Page) {
  const users: { caipAccounts?: { address: string; type: string }[] }[] = []
  page.on('response', async (response) => {
    if (!response.url().startsWith(`${API_URL}/v1/auth/`)) return
    try {
      const body = (await response.json()) as { user?: (typeof users)[number] }
      if (body.user?.caipAccounts) users.push(body.user)
    } catch {}
  })
  return async (): Promise<Record<keyof typeof CHAINS, string>> => {
    await expect.poll(() => users.length).toBeGreaterThan(0)
    const caipAccounts = users.at(-1)!.caipAccounts!
    const of = (chain: string) => {
      const account = caipAccounts.find((a) => a.address.startsWith(`${chain}:`))
      expect(account, chain).toBeDefined()
      return account!.address.slice(chain.length + 1)
    }
    expect(caipAccounts.map((a) => a.type)).toEqual(['payment', 'eoa', 'eoa'])
    return { bip122: of(CHAINS.bip122), polkadot: of(CHAINS.polkadot), cosmos: of(CHAINS.cosmos) }
  }
}

/** Starts `method` from the page, checks the approval screen names the account and network, approves. */
async function approved(page: Page, method: string, params: unknown, from: string, network: string) {
  const auth = Embedded.authFrame(page)
  const signing = Embedded.startRequest(page, method, params)
  await expect(auth.getByRole('heading', { name: 'Sign message' })).toBeVisible()
  await expect(row(auth, 'From')).toHaveText(from)
  await expect(row(auth, 'Network')).toHaveText(network)
  await expect(auth.getByRole('button', { name: 'Approve' })).toBeEnabled()
  await page.screenshot({ path: join(ARTIFACTS, `approve-${method}.png`) })
  await auth.getByRole('button', { name: 'Approve' }).click()
  const answer = await signing
  expect(answer).toHaveProperty('result')
  return (answer as { result: unknown }).result
}

test.describe("the embedded wallet's Bitcoin, Polkadot and Cosmos accounts", () => {
  test('an email wallet shows the addresses the vault derives, copies them, and signs a message in each, verified by bitcoinjs-message, @polkadot/util-crypto and @cosmjs', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signsInEach(page)
  })
})

async function signsInEach(page: Page) {
  const derived = vaultAccounts(page)
  await page.goto(DEMO_URL)
  await Embedded.loginByEmail(page, Embedded.freshEmail('namespaces'))
  const frame = Pages.modal(page)
  await page.getByRole('button', { name: /^0x/ }).click()
  await expect(frame.getByRole('heading', { name: 'Account' })).toBeVisible()

  // The account shows the three addresses, equal to what the vault derives for this user.
  const section = frame.getByRole('region', { name: 'Other networks' })
  await expect(section).toBeVisible()
  const expected = await derived()
  expect(expected.bip122).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/)
  expect(expected.polkadot).toMatch(/^1[1-9A-HJ-NP-Za-km-z]{46,47}$/)
  expect(expected.cosmos).toMatch(/^cosmos1[02-9ac-hj-np-z]{38}$/)
  const items = section.getByRole('listitem')
  await expect(items).toHaveText([
    `Bitcoin${expected.bip122}`,
    `Polkadot${expected.polkadot}`,
    `Cosmos${expected.cosmos}`,
  ])
  // Each has its copy button, named for screen readers; the clipboard gets the whole address (each
  // address differs, so each copy is seen).
  let first = true
  for (const [name, address] of [
    ['Bitcoin', expected.bip122],
    ['Polkadot', expected.polkadot],
    ['Cosmos', expected.cosmos],
  ] as const) {
    await frame.getByRole('button', { name: `Copy ${name} address` }).click()
    if (first)
      await expect(frame.getByRole('status').filter({ hasText: 'Address copied' }).first()).toBeVisible()
    first = false
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address)
  }
  await section.scrollIntoViewIfNeeded()
  await page.screenshot({ path: join(ARTIFACTS, 'account-other-networks.png') })
  await frame.getByRole('button', { name: 'Close' }).click()
  await Pages.expectClosed(page)

  // Bitcoin: a BIP-137 signed message of the P2WPKH account (bitcoinjs-lib reads the address).
  const script = bitcoin.address.toOutputScript(expected.bip122, bitcoin.networks.bitcoin)
  expect([script.length, script[0], script[1]]).toEqual([22, 0x00, 0x14])
  const text = `Frontdoor on Bitcoin, ${new Date().toISOString()}`
  const btc = (await approved(
    page,
    'signMessage',
    { account: expected.bip122, address: expected.bip122, message: text },
    expected.bip122,
    'Bitcoin',
  )) as { address: string; signature: string }
  expect(btc.address).toBe(expected.bip122)
  const btcSignature = Buffer.from(btc.signature, 'hex')
  expect(bitcoinMessage.verify(text, expected.bip122, btcSignature)).toBe(true)
  expect(bitcoinMessage.verify(`${text}!`, expected.bip122, btcSignature)).toBe(false)

  // Polkadot: sr25519 of the <Bytes>-wrapped message, as polkadot.js signRaw makes it.
  await cryptoWaitReady()
  const dotMessage = stringToHex(`Frontdoor on Polkadot, ${new Date().toISOString()}`)
  const dot = (await approved(
    page,
    'polkadot_signMessage',
    { address: expected.polkadot, message: dotMessage },
    expected.polkadot,
    'Polkadot',
  )) as { signature: `0x${string}` }
  const verified = signatureVerify(dotMessage, dot.signature, decodeAddress(expected.polkadot))
  expect([verified.isValid, verified.crypto]).toEqual([true, 'sr25519'])
  expect(signatureVerify(stringToHex('another'), dot.signature, expected.polkadot).isValid).toBe(false)

  // Cosmos: ADR-36 (Keplr's signArbitrary): the amino sign doc of the data, its key's address the signer.
  const data = `Frontdoor on Cosmos, ${new Date().toISOString()}`
  const atom = (await approved(
    page,
    'cosmos_signArbitrary',
    { signerAddress: expected.cosmos, data },
    expected.cosmos,
    'Cosmos Hub',
  )) as StdSignature
  expect(pubkeyToAddress(atom.pub_key, 'cosmos')).toBe(expected.cosmos)
  const doc = (signed: string) =>
    sha256(
      serializeSignDoc(
        makeSignDoc(
          [
            {
              type: 'sign/MsgSignData',
              value: { signer: expected.cosmos, data: toBase64(new TextEncoder().encode(signed)) },
            },
          ],
          { gas: '0', amount: [] },
          '',
          '',
          0,
          0,
        ),
      ),
    )
  const cosmosSignature = Secp256k1Signature.fromFixedLength(fromBase64(atom.signature))
  const key = fromBase64(atom.pub_key.value)
  expect(await Secp256k1.verifySignature(cosmosSignature, doc(data), key)).toBe(true)
  expect(await Secp256k1.verifySignature(cosmosSignature, doc(`${data}!`), key)).toBe(false)

  // Another account's address: refused (4100) before any screen.
  expect(
    await Embedded.startRequest(page, 'signMessage', {
      account: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      message: 'not mine',
    }),
  ).toMatchObject({ code: 4100 })
  await expect(Embedded.authFrame(page).getByRole('heading', { name: 'Sign message' })).toBeHidden()
}
