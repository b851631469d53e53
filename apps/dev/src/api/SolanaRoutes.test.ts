import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as Registry from '@frontdoor/api/indexer/Registry'
import * as Upstreams from '@frontdoor/api/rpc/Upstreams'
import * as TestApp from '@frontdoor/api/TestApp'
import { Balance, Chains } from '@frontdoor/schemas'
import * as Genesis from '@frontdoor/solana/genesis'
import * as SolanaServer from '@frontdoor/solana/server'
import { getRequestListener } from '@hono/node-server'
import { createAssociatedTokenAccount, transfer } from '@solana/spl-token'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, describe, expect, test } from 'vitest'
import * as StandIns from '../StandIns.js'

// The real local Solana cluster, the real app on a real database, served over HTTP so that
// @solana/web3.js talks to the API's RPC proxy as a wallet would.
const chainId = Genesis.CAIP_NETWORK_ID
const cluster = await SolanaServer.start({ port: 0 })
const t = await TestApp.create({
  upstreams: { 'eip155:31337': ['http://127.0.0.1:1'], [chainId]: [cluster.url] },
  limits: { account: { limit: 1_000_000, windowMs: 60_000 } },
})
Registry.configure(StandIns.registry())
const http = createServer(getRequestListener(t.app.fetch))
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
const api = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
const proxyUrl = `${api}/v1/?chainId=${chainId}&projectId=demo`
// Through the proxy (HTTP); confirmations are not needed: the cluster lands a transaction as it takes it.
const proxied = new Connection(proxyUrl, { commitment: 'confirmed', wsEndpoint: cluster.websocketUrl })
const direct = new Connection(cluster.url, { commitment: 'confirmed', wsEndpoint: cluster.websocketUrl })

afterAll(async () => {
  Registry.configure([])
  await new Promise<void>((resolve) => {
    http.close(() => resolve())
    http.closeAllConnections()
  })
  await t.close()
  await cluster.close()
})

async function balances(address: string, query = `&chainId=${chainId}`) {
  const response = await fetch(`${api}/v1/account/${address}/balance?currency=usd&projectId=demo${query}`)
  return {
    status: response.status,
    body: (await response.json()) as Balance.BalanceResponse & {
      error?: { message: string }
    },
  }
}

const dev = (index: number) => Keypair.fromSeed(Genesis.seed(Genesis.ACCOUNTS[index]!.label))

describe('the local Solana cluster in the API', () => {
  test('is a CAIP network of the registry and a chain the proxy serves', async () => {
    const chains = await (await fetch(`${api}/v1/supported-chains`)).json()
    expect(Chains.SupportedChainsResponse.safeParse(chains).success).toBe(true)
    expect(chains.http).toContain(chainId)
    const { networks } = (await (await fetch(`${api}/v1/networks`)).json()) as {
      networks: { caipNetworkId: string }[]
    }
    expect(networks.find((network) => network.caipNetworkId === chainId)).toMatchObject({
      id: Genesis.GENESIS_HASH.slice(0, 32),
      chainNamespace: 'solana',
      nativeCurrency: { symbol: 'SOL', decimals: 9 },
      testnet: true,
    })
  })

  test("the proxy's health ping asks a solana node its slot", async () => {
    expect(await Upstreams.ping(cluster.url, chainId)).toBe(true)
    expect(await Upstreams.ping(cluster.url, 'eip155:31337')).toBe(false)
  })

  test('web3.js reads and sends through the RPC proxy', async () => {
    expect(await proxied.getGenesisHash()).toBe(Genesis.GENESIS_HASH)
    const wallet = Keypair.generate()
    const to = Keypair.generate().publicKey
    expect(await proxied.getBalance(wallet.publicKey)).toBe(0)
    const airdrop = await proxied.requestAirdrop(wallet.publicKey, LAMPORTS_PER_SOL)
    expect((await proxied.getSignatureStatus(airdrop)).value?.err).toBeNull()
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: 5_000_000 }),
    )
    const signature = await proxied.sendTransaction(tx, [wallet])
    expect((await proxied.getSignatureStatuses([signature])).value[0]).toMatchObject({
      err: null,
      confirmationStatus: 'finalized',
    })
    expect(await proxied.getBalance(to)).toBe(5_000_000)
    expect(await direct.getBalance(wallet.publicKey)).toBe(LAMPORTS_PER_SOL - 5_000_000 - 5_000)
  })

  test('the proxy refuses methods it does not forward on a solana chain, per entry of a batch', async () => {
    const response = await fetch(proxyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber' },
        { jsonrpc: '2.0', id: 3, method: 'getProgramAccounts', params: [Genesis.TOKEN_PROGRAM] },
      ]),
    })
    const body = (await response.json()) as { id: number; result?: unknown; error?: { code: number } }[]
    expect(typeof body.find((entry) => entry.id === 1)?.result).toBe('number')
    expect(body.find((entry) => entry.id === 2)?.error?.code).toBe(-32601)
    expect(body.find((entry) => entry.id === 3)?.error?.code).toBe(-32601)
  })

  test('balances: SOL and the seeded FUSD of a dev account, named by the registry', async () => {
    const { status, body } = await balances(Genesis.ACCOUNTS[0]!.address)
    expect(status).toBe(200)
    expect(Balance.BalanceResponse.safeParse(body).success).toBe(true)
    expect(
      body.balances.map(({ symbol, name, chainId, address, quantity }) => ({
        symbol,
        name,
        chainId,
        address,
        quantity,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          symbol: 'SOL',
          name: 'Solana',
          chainId,
          address: undefined,
          quantity: { decimals: '9', numeric: '1000' },
        },
        {
          symbol: 'FUSD',
          name: 'Frontdoor USD',
          chainId,
          address: `${chainId}:${Genesis.TOKEN.mint}`,
          quantity: { decimals: '6', numeric: '1000000' },
        },
      ]),
    )
  })

  test('balances of a new wallet follow an airdrop and an SPL transfer, equal to the cluster', async () => {
    const wallet = Keypair.generate()
    const address = wallet.publicKey.toBase58()
    expect((await balances(address)).body).toEqual({ balances: [] })
    await direct.requestAirdrop(wallet.publicKey, 3 * LAMPORTS_PER_SOL)
    const payer = dev(0)
    const account = await createAssociatedTokenAccount(
      direct,
      payer,
      new PublicKey(Genesis.TOKEN.mint),
      wallet.publicKey,
    )
    await transfer(
      direct,
      payer,
      new PublicKey(Genesis.ACCOUNTS[0]!.tokenAccount),
      account,
      payer,
      12_345_678n,
    )
    // The answer of a moment ago is cached; forceUpdate reads again.
    const force = `&chainId=${chainId}&forceUpdate=${chainId}:${Genesis.TOKEN.mint}`
    const after = (await balances(address, force)).body.balances
    expect(after.map((entry) => [entry.symbol, entry.quantity.numeric])).toEqual(
      expect.arrayContaining([
        ['SOL', String((await direct.getBalance(wallet.publicKey)) / LAMPORTS_PER_SOL)],
        ['FUSD', (await direct.getTokenAccountBalance(account)).value.uiAmountString],
      ]),
    )
    expect(after.map((entry) => entry.quantity.numeric).sort()).toEqual(['12.345678', '3'])
    // Without chainId, a Solana address gets the solana chains the API serves.
    const all = (await balances(address, '')).body.balances
    expect(all.every((entry) => entry.chainId === chainId)).toBe(true)
  })

  test('an address of the other namespace, or none, is a 400', async () => {
    const evm = await balances('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(evm.status).toBe(400)
    expect(evm.body.error?.message).toMatch(/Invalid address/)
    expect((await balances(Genesis.ACCOUNTS[0]!.address, '&chainId=eip155:31337')).status).toBe(400)
    expect((await balances('not-an-address!')).status).toBe(400)
  })
})
