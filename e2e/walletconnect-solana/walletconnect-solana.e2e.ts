import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import { expect, type Page, test } from '@playwright/test'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { type Hex, toHex, verifyMessage } from 'viem'
import * as AppKitPageServer from '../appkit/PageServer.js'
import * as Pages from '../modal/pages.js'
import * as Dapp from '../wallet-standard/page.js'
import * as WalletConnectWallet from '../wallets/walletconnect.js'

const { MODAL_URL } = Pages.addresses
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'walletconnect-solana')
mkdirSync(ARTIFACTS, { recursive: true })

// An account of its own: nothing here moves a balance, but other tests' sessions stay apart.
const USER = DEV_ACCOUNTS[8]!
const SOLANA_CHAIN = SolanaCluster.CAIP_NETWORK_ID
const QR_TIMEOUT_MS = 15_000

/**
 * A one-line sdk.js page listing the devnet and the local Solana cluster (by their CAIP-2 ids; the
 * modal takes their definitions from the network registry). Served by a real server on the origin the
 * global setup allows for the AppKit page, free between tests.
 */
const HTML = `<!doctype html><html lang="en"><head><title>WalletConnect on Solana</title></head><body>
  <script src="${MODAL_URL}/sdk.js" data-project-id="demo" data-chain-ids="31337,${SOLANA_CHAIN}"></script>
</body></html>`

let site: { url: string; close: () => Promise<void> }
const wallets: WalletConnectWallet.Wallet[] = []
test.beforeAll(async () => {
  site = await Pages.serveForeignPage(Number(new URL(AppKitPageServer.PAGE_URL).port), HTML)
})
test.afterAll(async () => {
  await site.close()
})
test.afterEach(async () => {
  for (const wallet of wallets.splice(0)) await wallet.stop()
})

/** Opens the page and the modal's WalletConnect view; resolves with the pairing URI it shows. */
async function pairingUri(page: Page): Promise<string> {
  await page.goto(site.url)
  await page.waitForFunction(() => 'frontdoor' in window)
  await page.evaluate(() =>
    (window as unknown as { frontdoor: { open: () => Promise<void> } }).frontdoor.open(),
  )
  await Pages.expectConnectShown(page)
  const frame = Pages.modal(page)
  await frame.getByRole('button', { name: 'WalletConnect' }).click()
  const figure = frame.locator('figure[data-uri]')
  await expect(figure).toBeVisible({ timeout: QR_TIMEOUT_MS })
  return (await figure.getAttribute('data-uri')) as string
}

test.describe('WalletConnect on solana', () => {
  test("the wallet pairs on solana and eip155; the page's solana_signMessage is signed by its ed25519 account (verified with tweetnacl and web3.js), personal_sign still by its eip155 account", async ({
    page,
  }) => {
    const wallet = await WalletConnectWallet.create({ privateKey: USER.privateKey })
    wallets.push(wallet)
    const proposal = await wallet.pair(await pairingUri(page))
    // The proposal carries the local cluster's chain and WalletConnect's four solana methods, beside eip155.
    expect(proposal.params.optionalNamespaces?.solana).toEqual({
      chains: [SOLANA_CHAIN],
      methods: [
        'solana_signMessage',
        'solana_signTransaction',
        'solana_signAllTransactions',
        'solana_signAndSendTransaction',
      ],
      events: [],
    })
    expect(proposal.params.optionalNamespaces?.eip155?.chains).toEqual(['eip155:31337'])
    await wallet.approve(proposal)
    await Pages.expectClosed(page)
    const session = wallet.client.session.getAll().at(-1)
    expect(session?.namespaces.solana?.accounts).toEqual([`${SOLANA_CHAIN}:${wallet.solanaAddress}`])
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [wallet.address] })

    const text = `Sign in to the Frontdoor demo on Solana, ${new Date().toISOString()}`
    const message = bs58.encode(new TextEncoder().encode(text))
    expect(wallet.requests).toEqual([])
    const signed = await Pages.providerRequest(page, 'solana_signMessage', {
      message,
      pubkey: wallet.solanaAddress,
    })
    expect(signed).toHaveProperty('result.signature')
    const signature = bs58.decode((signed as { result: { signature: string } }).result.signature)
    const key = new PublicKey(wallet.solanaAddress as string)
    expect(nacl.sign.detached.verify(bs58.decode(message), signature, key.toBytes())).toBe(true)
    // Another message does not verify under that signature: the check can fail.
    expect(nacl.sign.detached.verify(new TextEncoder().encode(`${text}!`), signature, key.toBytes())).toBe(
      false,
    )
    expect(wallet.requests.map((r) => [r.method, r.chainId])).toEqual([['solana_signMessage', SOLANA_CHAIN]])

    // The wallet's user declines the next one: the page gets 4001.
    wallet.answerNext('solana_signMessage', 'reject')
    expect(
      await Pages.providerRequest(page, 'solana_signMessage', { message, pubkey: wallet.solanaAddress }),
    ).toMatchObject({ code: 4001 })

    // The eip155 namespace of the same session still signs on its chain.
    const hexMessage = toHex('And on the devnet')
    const personal = await Pages.providerRequest(page, 'personal_sign', [hexMessage, wallet.address])
    const personalSignature = (personal as { result: Hex }).result
    expect(
      await verifyMessage({
        address: wallet.address,
        message: { raw: hexMessage },
        signature: personalSignature,
      }),
    ).toBe(true)
    expect(wallet.requests.at(-1)?.chainId).toBe('eip155:31337')
    await page.evaluate(() =>
      (window as unknown as { frontdoor: { open: () => Promise<void> } }).frontdoor.open(),
    )
    await page.screenshot({ path: join(ARTIFACTS, 'connected-on-solana-and-eip155.png') })
  })

  test('transactions: the wallet signs one (its signature verifies with tweetnacl over the message bytes, nothing is sent), signs two at once, then signs and sends a SOL transfer that lands on the local cluster', async ({
    page,
  }) => {
    const cluster = new Connection(SolanaCluster.url(process.env), 'confirmed')
    const wallet = await WalletConnectWallet.create({ privateKey: USER.privateKey })
    wallets.push(wallet)
    await wallet.approve(await wallet.pair(await pairingUri(page)))
    await Pages.expectClosed(page)
    const me = new PublicKey(wallet.solanaAddress as string)
    // A fresh receiver each run; the wallet's account gets SOL by airdrop (its key is the same each run).
    const receiver = Keypair.generate().publicKey
    await cluster.confirmTransaction(await cluster.requestAirdrop(me, LAMPORTS_PER_SOL))
    const { blockhash } = await cluster.getLatestBlockhash()
    const transfer = (lamports: number) =>
      new Transaction({ feePayer: me, recentBlockhash: blockhash }).add(
        SystemProgram.transfer({ fromPubkey: me, toPubkey: receiver, lamports }),
      )
    const base64 = (tx: Transaction) => tx.serialize({ requireAllSignatures: false }).toString('base64')

    // solana_signTransaction: signed by the wallet's ed25519 key, not sent.
    const one = transfer(10_000_000)
    const signed = await Pages.providerRequest(page, 'solana_signTransaction', { transaction: base64(one) })
    expect(signed).toHaveProperty('result.signature')
    const { signature, transaction } = (signed as { result: { signature: string; transaction: string } })
      .result
    const messageBytes = one.serializeMessage()
    expect(nacl.sign.detached.verify(messageBytes, bs58.decode(signature), me.toBytes())).toBe(true)
    // The check can fail: the signature does not verify another transaction's message.
    expect(
      nacl.sign.detached.verify(transfer(1).serializeMessage(), bs58.decode(signature), me.toBytes()),
    ).toBe(false)
    const signedTx = Transaction.from(Buffer.from(transaction, 'base64'))
    expect(signedTx.verifySignatures()).toBe(true)
    expect(await cluster.getBalance(receiver)).toBe(0)

    // solana_signAllTransactions: both signed, in order.
    const pair = [transfer(1_000), transfer(2_000)]
    const all = await Pages.providerRequest(page, 'solana_signAllTransactions', {
      transactions: pair.map(base64),
    })
    const signedAll = (all as { result: { transactions: string[] } }).result.transactions.map((t) =>
      Transaction.from(Buffer.from(t, 'base64')),
    )
    expect(signedAll).toHaveLength(2)
    signedAll.forEach((tx, i) => {
      expect(tx.verifySignatures()).toBe(true)
      expect(tx.serializeMessage()).toEqual(pair[i]?.serializeMessage())
    })
    expect(await cluster.getBalance(receiver)).toBe(0)

    // A transaction the wallet's account does not sign is refused before the wallet sees it.
    const stranger = Keypair.generate().publicKey
    const theirs = new Transaction({ feePayer: stranger, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: stranger, toPubkey: receiver, lamports: 1 }),
    )
    expect(
      await Pages.providerRequest(page, 'solana_signAndSendTransaction', { transaction: base64(theirs) }),
    ).toMatchObject({ code: -32602 })
    expect(wallet.requests.map((r) => [r.method, r.chainId])).toEqual([
      ['solana_signTransaction', SOLANA_CHAIN],
      ['solana_signAllTransactions', SOLANA_CHAIN],
    ])

    // solana_signAndSendTransaction: the wallet sends it to the local cluster; the SOL arrives.
    const sent = await Pages.providerRequest(page, 'solana_signAndSendTransaction', {
      transaction: base64(transfer(10_000_000)),
    })
    expect(sent).toHaveProperty('result.signature')
    const sentSignature = (sent as { result: { signature: string } }).result.signature
    await cluster.confirmTransaction({ signature: sentSignature, ...(await cluster.getLatestBlockhash()) })
    expect((await cluster.getSignatureStatuses([sentSignature])).value[0]?.err).toBeNull()
    expect(await cluster.getBalance(receiver)).toBe(10_000_000)
    expect(wallet.requests.at(-1)).toMatchObject({
      method: 'solana_signAndSendTransaction',
      chainId: SOLANA_CHAIN,
    })
  })

  test("a dApp's Frontdoor Solana wallet (the host SDK's Wallet Standard wallet) connects through a WalletConnect wallet paired in the modal: the session's Solana account, a message it signs (tweetnacl)", async ({
    page,
  }) => {
    type DappWindow = {
      dapp: {
        connect: (name: string) => Promise<{ result: { address: string; chains: string[] }[] }>
        signMessage: (name: string, text: string) => Promise<{ result: { signature: string } }>
      }
    }
    const wallet = await WalletConnectWallet.create({ privateKey: USER.privateKey })
    wallets.push(wallet)
    await Dapp.install(page)
    await page.goto(site.url)
    await page.waitForFunction(() => 'dapp' in window)
    const connecting = page.evaluate(() => (window as unknown as DappWindow).dapp.connect('Frontdoor'))
    await Pages.expectConnectShown(page)
    await Pages.modal(page).getByRole('button', { name: 'WalletConnect' }).click()
    const figure = Pages.modal(page).locator('figure[data-uri]')
    await expect(figure).toBeVisible({ timeout: QR_TIMEOUT_MS })
    await wallet.approve(await wallet.pair((await figure.getAttribute('data-uri')) as string))
    expect(await connecting).toEqual({
      result: [expect.objectContaining({ address: wallet.solanaAddress, chains: ['solana:localnet'] })],
    })
    await Pages.expectClosed(page)

    const text = `Signed through WalletConnect for a Wallet Standard dApp, ${Date.now()}`
    expect(wallet.requests).toEqual([])
    const signed = await page.evaluate(
      (t) => (window as unknown as DappWindow).dapp.signMessage('Frontdoor', t),
      text,
    )
    const signature = Uint8Array.from(Buffer.from(signed.result.signature, 'base64'))
    const key = new PublicKey(wallet.solanaAddress as string).toBytes()
    expect(nacl.sign.detached.verify(new TextEncoder().encode(text), signature, key)).toBe(true)
    expect(nacl.sign.detached.verify(new TextEncoder().encode(`${text}!`), signature, key)).toBe(false)
    expect(wallet.requests.map((r) => [r.method, r.chainId])).toEqual([['solana_signMessage', SOLANA_CHAIN]])
  })

  test('a wallet without solana approves eip155 alone: the page connects, its solana_signMessage is 4901 and the wallet is not asked', async ({
    page,
  }) => {
    const wallet = await WalletConnectWallet.create({ privateKey: USER.privateKey, solanaSeed: false })
    wallets.push(wallet)
    await wallet.approve(await wallet.pair(await pairingUri(page)))
    await Pages.expectClosed(page)
    expect(await Pages.providerRequest(page, 'eth_accounts')).toEqual({ result: [wallet.address] })
    const message = bs58.encode(new TextEncoder().encode('No solana here'))
    expect(await Pages.providerRequest(page, 'solana_signMessage', { message, pubkey: 'x' })).toMatchObject({
      code: 4901,
    })
    expect(wallet.requests).toEqual([])
  })
})
