import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import { expect, type Page, test } from '@playwright/test'
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import * as Pages from '../modal/pages.js'
import * as Standard from '../wallets/standard.js'
import * as Dapp from './page.js'

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'wallet-standard')
mkdirSync(ARTIFACTS, { recursive: true })

type Outcome<T> = { result: T } | { code: number | undefined; message: string }
type Account = { address: string; publicKey: string; chains: string[] }
type DappWindow = {
  dapp: {
    wallets: () => { name: string; chains: string[]; features: string[] }[]
    connect: (name: string, silent?: boolean) => Promise<Outcome<Account[]>>
    accounts: (name: string) => string[]
    signMessage: (
      name: string,
      text: string,
    ) => Promise<Outcome<{ signature: string; signedMessage: string }>>
    transaction: (
      name: string,
      transaction: string,
      send: boolean,
      chain?: string,
    ) => Promise<Outcome<string>>
    disconnect: (name: string) => Promise<Outcome<void>>
  }
}

async function open(page: Page) {
  // What the page and its frames say, for a failure's report.
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`[browser] ${message.text()}`)
  })
  page.on('requestfailed', (request) =>
    console.log(`[failed] ${request.url()} ${request.failure()?.errorText}`),
  )
  await Dapp.install(page)
  await page.goto(Dapp.URL)
  await page.waitForFunction(() => (window as unknown as Partial<DappWindow>).dapp !== undefined)
}

/** The dApp connects through Frontdoor's Wallet Standard wallet; the visitor picks `wallet` in the modal. */
async function connectWith(page: Page, wallet: Standard.StandardWallet) {
  const connecting = page.evaluate(() => (window as unknown as DappWindow).dapp.connect('Frontdoor'))
  await expect(Pages.dialog(page)).toHaveAttribute('open', '')
  const button = Pages.modal(page).getByRole('button', { name: wallet.name })
  await expect(button).toBeVisible()
  await page.screenshot({
    path: join(ARTIFACTS, `connect-${wallet.name.toLowerCase().replaceAll(' ', '-')}.png`),
  })
  await button.click()
  return connecting
}

const verify = (text: string, signature: string, address: Standard.StandardWallet) =>
  nacl.sign.detached.verify(
    new TextEncoder().encode(text),
    Uint8Array.from(Buffer.from(signature, 'base64')),
    address.keypair.publicKey.toBytes(),
  )

test.describe('Wallet Standard (Solana)', () => {
  test('the dApp finds Frontdoor through getWallets(); a Wallet Standard wallet registered late is listed in Connect, connects through the modal and signs a message that verifies', async ({
    page,
  }) => {
    const wallet = await Standard.install(page, { registerAfterMs: 500 })
    await open(page)
    const found = await page.evaluate(() => (window as unknown as DappWindow).dapp.wallets())
    expect(found.find((w) => w.name === 'Frontdoor')).toEqual({
      name: 'Frontdoor',
      chains: ['solana:localnet'],
      features: [
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        'solana:signMessage',
        'solana:signTransaction',
        'solana:signAndSendTransaction',
      ],
    })
    // Before connecting: no account, a silent connect asks nobody, signing is refused.
    expect(
      await page.evaluate(() => (window as unknown as DappWindow).dapp.connect('Frontdoor', true)),
    ).toEqual({
      result: [],
    })
    await expect(Pages.dialog(page)).not.toHaveAttribute('open', '')
    expect(wallet.calls).toEqual([])

    const connected = await connectWith(page, wallet)
    expect(connected).toEqual({
      result: [
        {
          address: wallet.address,
          publicKey: Buffer.from(wallet.keypair.publicKey.toBytes()).toString('base64'),
          chains: ['solana:localnet'],
        },
      ],
    })
    await Pages.expectClosed(page)
    expect(wallet.calls.map((c) => c.feature)).toEqual(['standard:connect'])
    // The page's EVM provider sees no account: the wallet has only a Solana one.
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [] })

    const text = `Sign in to the Wallet Standard dApp at ${Date.now()}`
    const signed = await page.evaluate(
      (t) => (window as unknown as DappWindow).dapp.signMessage('Frontdoor', t),
      text,
    )
    expect(signed).toHaveProperty('result')
    const { signature, signedMessage } = (signed as { result: { signature: string; signedMessage: string } })
      .result
    expect(signedMessage).toBe(text)
    expect(verify(text, signature, wallet)).toBe(true)
    expect(verify(`${text}!`, signature, wallet)).toBe(false)
    expect(wallet.calls.at(-1)).toEqual({
      feature: 'solana:signMessage',
      input: { message: Buffer.from(text).toString('base64') },
    })

    // The wallet's user refuses the next one: the dApp gets 4001.
    wallet.answer('solana:signMessage', 'reject')
    expect(
      await page.evaluate(() => (window as unknown as DappWindow).dapp.signMessage('Frontdoor', 'no')),
    ).toEqual({
      code: 4001,
      message: 'User rejected the request.',
    })
    await page.screenshot({ path: join(ARTIFACTS, 'signed.png') })
  })

  test('a reload restores the connection silently; disconnect ends it; closing the modal rejects connect with 4001', async ({
    page,
  }) => {
    const wallet = await Standard.install(page, { name: 'Solana Reload Wallet' })
    await open(page)
    expect(await connectWith(page, wallet)).toHaveProperty('result')
    await Pages.expectClosed(page)

    await page.reload()
    await page.waitForFunction(() => (window as unknown as Partial<DappWindow>).dapp !== undefined)
    const restored = await page.evaluate(() =>
      (window as unknown as DappWindow).dapp.connect('Frontdoor', true),
    )
    expect(restored).toMatchObject({ result: [{ address: wallet.address }] })
    expect(wallet.calls.filter((c) => c.feature === 'standard:connect').map((c) => c.input)).toEqual([
      { silent: false },
      { silent: true },
    ])
    await expect(Pages.dialog(page)).not.toHaveAttribute('open', '')

    expect(await page.evaluate(() => (window as unknown as DappWindow).dapp.disconnect('Frontdoor'))).toEqual(
      {
        result: undefined,
      },
    )
    expect(await page.evaluate(() => (window as unknown as DappWindow).dapp.accounts('Frontdoor'))).toEqual(
      [],
    )
    await expect.poll(() => wallet.authorized()).toBe(false)
    expect(
      await page.evaluate(() => (window as unknown as DappWindow).dapp.connect('Frontdoor', true)),
    ).toEqual({
      result: [],
    })

    const connecting = page.evaluate(() => (window as unknown as DappWindow).dapp.connect('Frontdoor'))
    await Pages.expectConnectShown(page)
    await page.keyboard.press('Escape')
    expect(await connecting).toEqual({ code: 4001, message: 'The user rejected the request.' })
  })

  test('a transaction: signed by the wallet through the modal (the signature verifies), then signed and sent to the local cluster, which moves the SOL', async ({
    page,
  }) => {
    const cluster = new Connection(SolanaCluster.url(process.env), 'confirmed')
    const wallet = await Standard.install(page, { name: 'Solana Payer Wallet' })
    const receiver = Keypair.generate().publicKey
    const airdrop = await cluster.requestAirdrop(wallet.keypair.publicKey, LAMPORTS_PER_SOL)
    expect((await cluster.getSignatureStatuses([airdrop])).value[0]?.err).toBeNull()
    await open(page)
    expect(await connectWith(page, wallet)).toHaveProperty('result')
    await Pages.expectClosed(page)

    const { blockhash } = await cluster.getLatestBlockhash()
    const transfer = new Transaction({ feePayer: wallet.keypair.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({
        fromPubkey: wallet.keypair.publicKey,
        toPubkey: receiver,
        lamports: 10_000_000,
      }),
    )
    const unsigned = transfer.serialize({ requireAllSignatures: false }).toString('base64')

    const signed = await page.evaluate(
      (tx) => (window as unknown as DappWindow).dapp.transaction('Frontdoor', tx, false),
      unsigned,
    )
    expect(signed).toHaveProperty('result')
    const signedTx = Transaction.from(Buffer.from((signed as { result: string }).result, 'base64'))
    expect(signedTx.verifySignatures()).toBe(true)
    expect(signedTx.signatures[0]?.publicKey.toBase58()).toBe(wallet.address)
    // Signing sent nothing.
    expect(await cluster.getBalance(receiver)).toBe(0)

    // A chain the wallet does not serve (its chains: solana:localnet) is 4901 before it signs or sends.
    const elsewhere = await page.evaluate(
      (tx) => (window as unknown as DappWindow).dapp.transaction('Frontdoor', tx, true, 'solana:mainnet'),
      unsigned,
    )
    expect(elsewhere).toMatchObject({ code: 4901 })
    expect(wallet.calls.map((c) => c.feature)).toEqual(['standard:connect', 'solana:signTransaction'])
    expect(await cluster.getBalance(receiver)).toBe(0)

    const sent = await page.evaluate(
      (tx) => (window as unknown as DappWindow).dapp.transaction('Frontdoor', tx, true),
      unsigned,
    )
    expect(sent).toHaveProperty('result')
    const signature = bs58.encode(Buffer.from((sent as { result: string }).result, 'base64'))
    expect((await cluster.getSignatureStatuses([signature])).value[0]?.err).toBeNull()
    expect(await cluster.getBalance(receiver)).toBe(10_000_000)
    expect(wallet.calls.map((c) => c.feature)).toEqual([
      'standard:connect',
      'solana:signTransaction',
      'solana:signAndSendTransaction',
    ])
  })
})
