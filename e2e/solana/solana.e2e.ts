import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import * as Genesis from '@frontdoor/solana/genesis'
import { expect, type FrameLocator, type Page, test } from '@playwright/test'
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
  transfer,
} from '@solana/spl-token'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as EmailWallet from '../wallet-standard/email-wallet.js'

// The embedded wallet on the local Solana cluster (issue 16): an email wallet receives SOL by airdrop,
// signs a message through the page's provider (verified with tweetnacl), and signs and sends SOL and
// FUSD transactions after an approval screen that shows what they transfer; every balance is the
// cluster's, before and after, and the API's balances equal it.

const { DEMO_URL, API_URL } = Pages.addresses
const SOLANA_URL = SolanaCluster.url(process.env)
const CHAIN = SolanaCluster.CAIP_NETWORK_ID
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'solana')
mkdirSync(ARTIFACTS, { recursive: true })

const cluster = new Connection(SOLANA_URL, {
  commitment: 'confirmed',
  wsEndpoint: SolanaCluster.websocketUrl(SOLANA_URL),
})
const MINT = new PublicKey(Genesis.TOKEN.mint)
// Dev account #1 funds the wallet with FUSD (its own account, so other tests' balances do not move).
const FUNDER = Keypair.fromSeed(Genesis.seed(Genesis.ACCOUNTS[1]!.label))

/** The value of a row of the approval screen (the first row with that label). */
const row = (auth: FrameLocator, label: string) =>
  auth
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]')

/** The API's balances of a Solana address on the cluster: SOL and FUSD quantities as text. */
async function apiBalances(address: PublicKey) {
  // Any forceUpdate list bypasses the API's 15 s cache.
  const query = new URLSearchParams({
    projectId: 'demo',
    currency: 'usd',
    chainId: CHAIN,
    forceUpdate: `${CHAIN}:${MINT.toBase58()}`,
  })
  const response = await fetch(`${API_URL}/v1/account/${address.toBase58()}/balance?${query}`)
  const { balances } = (await response.json()) as {
    balances: { symbol: string; quantity: { numeric: string } }[]
  }
  return Object.fromEntries(balances.map((b) => [b.symbol, b.quantity.numeric]))
}

/** Lamports as SOL without trailing zeros, as the API writes them. */
const sol = (lamports: number) => {
  const fraction = String(lamports % LAMPORTS_PER_SOL)
    .padStart(9, '0')
    .replace(/0+$/, '')
  return `${Math.floor(lamports / LAMPORTS_PER_SOL)}${fraction ? `.${fraction}` : ''}`
}
const fusd = async (account: PublicKey) =>
  (await cluster.getTokenAccountBalance(account).catch(() => undefined))?.value.uiAmountString
const base64 = (tx: Transaction) =>
  tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')

/**
 * Approves the request on screen: a screenshot of what it shows first, then, as a visitor does, the
 * wheel over the summary until all of it was seen and the visibility gate enables Approve.
 */
const approve = (page: Page, screenshot: string) =>
  EmailWallet.approveWithWheel(page, join(ARTIFACTS, screenshot))

test.describe('embedded wallet on the local Solana cluster', () => {
  test('airdrop, signMessage, signTransaction and signAndSendTransaction of SOL and FUSD, as shown', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await page.goto(DEMO_URL)
    await Embedded.loginByEmail(page, Embedded.freshEmail('solana'))
    const auth = Embedded.authFrame(page)

    // The wallet's Solana address as its approval screen shows it: a transaction paid by a stranger
    // shows the user as the signer and the stranger as the fee payer, in red; declined.
    const stranger = Keypair.generate().publicKey
    const { blockhash } = await cluster.getLatestBlockhash()
    const probe = Embedded.startRequest(page, 'solana_signTransaction', {
      transaction: base64(
        new Transaction({ feePayer: stranger, recentBlockhash: blockhash }).add(
          SystemProgram.transfer({ fromPubkey: stranger, toPubkey: stranger, lamports: 1 }),
        ),
      ),
    })
    await expect(auth.getByRole('heading', { name: 'Sign transaction' })).toBeVisible()
    await expect(row(auth, 'Fee payer')).toHaveText(stranger.toBase58())
    await expect(row(auth, 'Fee payer')).toHaveClass(/af-warning/)
    const me = new PublicKey((await row(auth, 'From').textContent())!)
    await page.screenshot({ path: join(ARTIFACTS, 'stranger-fee-payer.png') })
    await auth.getByRole('button', { name: 'Decline' }).click()
    expect(await probe).toMatchObject({ code: 4001 })
    await Pages.expectClosed(page)

    // Airdrop through the cluster: 2 SOL, which the API reads too.
    expect(await cluster.getBalance(me)).toBe(0)
    expect(await apiBalances(me)).toEqual({})
    await cluster.confirmTransaction(await cluster.requestAirdrop(me, 2 * LAMPORTS_PER_SOL))
    expect(await cluster.getBalance(me)).toBe(2 * LAMPORTS_PER_SOL)
    expect(await apiBalances(me)).toEqual({ SOL: '2' })

    // signMessage through the page's provider: the signature verifies with tweetnacl.
    const text = `Sign in to Frontdoor e2e ${Date.now()}`
    const signing = Embedded.startRequest(page, 'solana_signMessage', {
      message: bs58.encode(new TextEncoder().encode(text)),
      pubkey: me.toBase58(),
    })
    await expect(auth.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await expect(auth.locator('.af-detail pre')).toHaveText(text)
    await approve(page, 'sign-message.png')
    const signed = (await signing) as { result: { signature: string } }
    expect(
      nacl.sign.detached.verify(
        new TextEncoder().encode(text),
        bs58.decode(signed.result.signature),
        me.toBytes(),
      ),
    ).toBe(true)
    expect(
      nacl.sign.detached.verify(
        new TextEncoder().encode(`${text}!`),
        bs58.decode(signed.result.signature),
        me.toBytes(),
      ),
    ).toBe(false)
    await Pages.expectClosed(page)

    // FUSD for the wallet, from a dev account.
    const mine = await getOrCreateAssociatedTokenAccount(cluster, FUNDER, MINT, me)
    await transfer(
      cluster,
      FUNDER,
      getAssociatedTokenAddressSync(MINT, FUNDER.publicKey),
      mine.address,
      FUNDER,
      5_000_000n,
    )
    expect(await fusd(mine.address)).toBe('5')
    expect(await apiBalances(me)).toEqual({ SOL: '2', FUSD: '5' })

    // signTransaction of an FUSD transfer to a new wallet: the screen shows 1.5 FUSD to that wallet
    // (its token account created in the same transaction); the signed transaction lands as shown.
    const friend = Keypair.generate().publicKey
    const friendAta = getAssociatedTokenAddressSync(MINT, friend)
    const fusdTx = new Transaction({
      feePayer: me,
      recentBlockhash: (await cluster.getLatestBlockhash()).blockhash,
    }).add(
      createAssociatedTokenAccountIdempotentInstruction(me, friendAta, friend, MINT),
      createTransferCheckedInstruction(mine.address, MINT, friendAta, me, 1_500_000n, 6),
    )
    const signingTx = Embedded.startRequest(page, 'solana_signTransaction', { transaction: base64(fusdTx) })
    await expect(auth.getByRole('heading', { name: 'Sign transaction' })).toBeVisible()
    await expect(row(auth, 'Network')).toHaveText('Frontdoor Solana Localnet')
    await expect(row(auth, 'Send')).toHaveText('1.5 FUSD')
    await expect(row(auth, 'To')).toHaveText(friend.toBase58())
    await expect(row(auth, 'Creates token account')).toHaveText(
      `${friendAta.toBase58()} for ${friend.toBase58()}`,
    )
    await approve(page, 'sign-transaction-fusd.png')
    const signedTx = (await signingTx) as { result: { signature: string; transaction: string } }
    const landed = Transaction.from(Buffer.from(signedTx.result.transaction, 'base64'))
    expect(landed.verifySignatures()).toBe(true)
    expect(base64(landed)).not.toBe(base64(fusdTx))
    expect(landed.serializeMessage()).toEqual(fusdTx.serializeMessage())
    expect(await fusd(friendAta)).toBeUndefined()
    await cluster.confirmTransaction(await cluster.sendRawTransaction(landed.serialize()))
    expect(await fusd(friendAta)).toBe('1.5')
    expect(await fusd(mine.address)).toBe('3.5')
    await Pages.expectClosed(page)

    // signAndSendTransaction of 0.5 SOL: the vault sends it through the API; the answer is its signature.
    const before = await cluster.getBalance(me)
    const solTx = new Transaction({
      feePayer: me,
      recentBlockhash: (await cluster.getLatestBlockhash()).blockhash,
    }).add(SystemProgram.transfer({ fromPubkey: me, toPubkey: friend, lamports: LAMPORTS_PER_SOL / 2 }))
    const sending = Embedded.startRequest(page, 'solana_signAndSendTransaction', {
      transaction: base64(solTx),
    })
    await expect(auth.getByRole('heading', { name: 'Send transaction' })).toBeVisible()
    await expect(row(auth, 'Send')).toHaveText('0.5 SOL')
    await expect(row(auth, 'To')).toHaveText(friend.toBase58())
    expect(await cluster.getBalance(friend)).toBe(0)
    await approve(page, 'sign-and-send-sol.png')
    const sent = (await sending) as { result: { signature: string } }
    const status = (await cluster.getSignatureStatuses([sent.result.signature])).value[0]
    expect(status?.err).toBeNull()
    const fee = (await cluster.getFeeForMessage(solTx.compileMessage())).value ?? 0
    expect(await cluster.getBalance(friend)).toBe(LAMPORTS_PER_SOL / 2)
    expect(await cluster.getBalance(me)).toBe(before - LAMPORTS_PER_SOL / 2 - fee)
    expect(await apiBalances(me)).toEqual({ SOL: sol(await cluster.getBalance(me)), FUSD: '3.5' })
    await Pages.expectClosed(page)
  })
})
