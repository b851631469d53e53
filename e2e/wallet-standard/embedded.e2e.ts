import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import { expect, type Page, test } from '@playwright/test'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as EmailWallet from './email-wallet.js'
import type { Outcome } from './outcome.js'
import * as Dapp from './page.js'

// The host SDK's Wallet Standard wallet with the embedded wallet (issue 16): a dApp using
// getWallets() finds Frontdoor, its connect() is answered by an email login in the modal, and its
// signMessage goes through the auth frame's approval screen to the vault's Solana key.

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'wallet-standard')
mkdirSync(ARTIFACTS, { recursive: true })

type DappWindow = {
  dapp: {
    wallets: () => { name: string }[]
    accounts: (name: string) => string[]
    signMessage: (
      name: string,
      text: string,
    ) => Promise<Outcome<{ signature: string; signedMessage: string }>>
    transaction: (name: string, transaction: string, send: boolean) => Promise<Outcome<string>>
  }
}

/** Opens the dApp page (the dApp bundled on the demo's one-line page). */
async function open(page: Page) {
  await Dapp.install(page)
  await page.goto(Dapp.URL)
  await page.waitForFunction(() => (window as unknown as Partial<DappWindow>).dapp !== undefined)
}

test.describe('Wallet Standard (Solana) with the embedded wallet', () => {
  test("connect logs in by email in the modal; the account is the vault's Solana address; signMessage is approved on screen and verifies", async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await open(page)
    expect(
      (await page.evaluate(() => (window as unknown as DappWindow).dapp.wallets())).map((w) => w.name),
    ).toContain('Frontdoor')
    expect(await page.evaluate(() => (window as unknown as DappWindow).dapp.accounts('Frontdoor'))).toEqual(
      [],
    )

    // connect(): the modal opens at Connect; the visitor logs in by email there.
    const email = Embedded.freshEmail('wallet-standard')
    const tokens: string[] = []
    page.on('request', (request) => {
      const authorization = request.headers().authorization
      if (request.url().startsWith(`${Pages.addresses.API_URL}/v1/auth/user`) && authorization)
        tokens.push(authorization.replace(/^Bearer /, ''))
    })
    const connected = await EmailWallet.connectByEmail(page, email)
    expect(connected).toHaveProperty('result')
    const [account] = (connected as { result: EmailWallet.Account[] }).result
    expect(account?.chains).toEqual(['solana:localnet'])
    expect(Buffer.from(account!.publicKey, 'base64')).toEqual(Buffer.from(bs58.decode(account!.address)))

    // The address is the vault's Solana address, as the API's user view answers it.
    // The auth frame's session token, from its own request of the user view (its storage is out of reach
    // of a cross-site frame's scripts in Playwright's incognito-like context).
    expect(tokens.length).toBeGreaterThan(0)
    const token = tokens.at(-1)
    const view = (await (
      await fetch(`${Pages.addresses.API_URL}/v1/auth/user`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { user: { email: string; solanaAddress: string } }
    expect(view.user.email).toBe(email)
    expect(account!.address).toBe(view.user.solanaAddress)
    expect(await page.evaluate(() => (window as unknown as DappWindow).dapp.accounts('Frontdoor'))).toEqual([
      view.user.solanaAddress,
    ])

    // signMessage: the auth frame's approval screen shows the message; approved, the signature verifies
    // with the account's public key (and not for another message).
    const text = `Sign in to the Wallet Standard dApp with email at ${Date.now()}`
    await EmailWallet.signMessage(page, {
      text,
      key: bs58.decode(account!.address),
      screenshot: join(ARTIFACTS, 'embedded-sign-message.png'),
      approve: EmailWallet.approveWithWheel,
    })

    // Declined on the screen: the dApp gets 4001.
    const auth = Embedded.authFrame(page)
    const declined = page.evaluate(() =>
      (window as unknown as DappWindow).dapp.signMessage('Frontdoor', 'no'),
    )
    await expect(auth.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await auth.getByRole('button', { name: 'Decline' }).click()
    expect(await declined).toMatchObject({ code: 4001 })
  })

  test('signAndSendTransaction: the approval screen shows the transfer; approved, the vault sends it to the local cluster, which moves the SOL', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const cluster = new Connection(SolanaCluster.url(process.env), 'confirmed')
    await open(page)
    const connected = await EmailWallet.connectByEmail(page, Embedded.freshEmail('wallet-standard-send'))
    expect(connected).toHaveProperty('result')
    const me = new PublicKey((connected as { result: EmailWallet.Account[] }).result[0]!.address)
    await cluster.confirmTransaction(await cluster.requestAirdrop(me, LAMPORTS_PER_SOL))
    const friend = Keypair.generate().publicKey
    const transfer = new Transaction({
      feePayer: me,
      recentBlockhash: (await cluster.getLatestBlockhash()).blockhash,
    }).add(SystemProgram.transfer({ fromPubkey: me, toPubkey: friend, lamports: LAMPORTS_PER_SOL / 4 }))
    const unsigned = transfer.serialize({ requireAllSignatures: false }).toString('base64')

    const sending = page.evaluate(
      (tx) => (window as unknown as DappWindow).dapp.transaction('Frontdoor', tx, true),
      unsigned,
    )
    const auth = Embedded.authFrame(page)
    await expect(auth.getByRole('heading', { name: 'Send transaction' })).toBeVisible()
    await expect(
      auth
        .locator('dt', { hasText: /^Send$/ })
        .first()
        .locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('0.25 SOL')
    expect(await cluster.getBalance(friend)).toBe(0)
    await page.screenshot({ path: join(ARTIFACTS, 'embedded-sign-and-send.png') })
    await EmailWallet.approveWithWheel(page)
    const sent = await sending
    expect(sent).toHaveProperty('result')
    const signature = bs58.encode(Buffer.from((sent as { result: string }).result, 'base64'))
    expect((await cluster.getSignatureStatuses([signature])).value[0]?.err).toBeNull()
    expect(await cluster.getBalance(friend)).toBe(LAMPORTS_PER_SOL / 4)
    await Pages.expectClosed(page)
  })
})
