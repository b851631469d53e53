import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { expect, test } from '@playwright/test'
import nacl from 'tweetnacl'
import { type Hex, toHex, verifyMessage } from 'viem'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'
import * as Standard from '../wallets/standard.js'
import * as Dapp from './page.js'

// A wallet with an EVM and a Solana side (as Phantom): it announces an EIP-6963 provider and registers
// a Wallet Standard wallet under the same name. The modal lists it once (connectors/injected/Merge.ts),
// and one pick connects both sides: the page's EIP-1193 provider gets the EVM account, the dApp's
// Frontdoor Solana wallet the Solana account, and each side signs what it is asked.

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'wallet-standard')
mkdirSync(ARTIFACTS, { recursive: true })

const NAME = 'Twin Test Wallet'
// An account of its own: nothing here moves a balance, but other tests' connections stay apart.
const USER = DEV_ACCOUNTS[9]!

type Outcome<T> = { result: T } | { code: number | undefined; message: string }
type DappWindow = {
  dapp: {
    connect: (name: string) => Promise<Outcome<{ address: string }[]>>
    signMessage: (name: string, text: string) => Promise<Outcome<{ signature: string }>>
  }
}

test('a wallet registered by EIP-6963 and by the Wallet Standard is listed once, and one pick connects its EVM and Solana sides', async ({
  page,
}) => {
  const evm = await Injected.install(page, { privateKey: USER.privateKey, name: NAME, rdns: 'dev.twin-test' })
  const solana = await Standard.install(page, { name: NAME })
  await Dapp.install(page)
  await page.goto(Dapp.URL)
  await page.waitForFunction(() => (window as unknown as Partial<DappWindow>).dapp !== undefined)

  // The dApp connects through Frontdoor's Solana wallet: the modal lists the twin wallet once.
  const connecting = page.evaluate(() => (window as unknown as DappWindow).dapp.connect('Frontdoor'))
  await expect(Pages.dialog(page)).toHaveAttribute('open', '')
  const rows = Pages.modal(page).getByRole('button', { name: NAME })
  await expect(rows).toHaveCount(1)
  await page.screenshot({ path: join(ARTIFACTS, 'two-sided-listed-once.png') })
  expect(evm.requests).toEqual([])
  expect(solana.calls).toEqual([])
  await rows.click()

  // Both sides were asked once; the dApp's Solana account and the page's EVM account are the wallet's.
  expect(await connecting).toMatchObject({ result: [{ address: solana.address }] })
  await Pages.expectClosed(page)
  expect(evm.requests.map((r) => r.method)).toContain('eth_requestAccounts')
  expect(solana.calls.map((c) => c.feature)).toEqual(['standard:connect'])
  expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [evm.address] })

  // The Solana side signs the dApp's message (tweetnacl verifies it, not another message).
  const text = `Signed by the Solana side at ${Date.now()}`
  const signed = await page.evaluate(
    (t) => (window as unknown as DappWindow).dapp.signMessage('Frontdoor', t),
    text,
  )
  const signature = Uint8Array.from(
    Buffer.from((signed as { result: { signature: string } }).result.signature, 'base64'),
  )
  const key = solana.keypair.publicKey.toBytes()
  expect(nacl.sign.detached.verify(new TextEncoder().encode(text), signature, key)).toBe(true)
  expect(nacl.sign.detached.verify(new TextEncoder().encode(`${text}!`), signature, key)).toBe(false)

  // The EVM side signs the page's personal_sign.
  const message = toHex('Signed by the EVM side')
  const personal = (await Pages.providerRequest(page, 'personal_sign', [message, evm.address])) as {
    result: Hex
  }
  expect(
    await verifyMessage({ address: evm.address, message: { raw: message }, signature: personal.result }),
  ).toBe(true)
  expect(solana.calls.map((c) => c.feature)).toEqual(['standard:connect', 'solana:signMessage'])
  expect(evm.requests.map((r) => r.method)).toContain('personal_sign')
})
