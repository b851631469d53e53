import { type ChildProcess, spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as TestApp from '@frontdoor/api/TestApp'
import * as Devnet from '@frontdoor/devnet/devnet'
import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, test } from 'vitest'

// The real sandbox process (apps/onramp) delivering on a real devnet, and the real app in front of it.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')
const node = await Devnet.start({ chainId: 31337, seed: false })
const port = await Devnet.freePort()
const sandboxUrl = `http://127.0.0.1:${port}`
const apiKey = 'onramp-routes-test-key'
const sandbox: ChildProcess = spawn('node', ['--import', 'tsx', 'apps/onramp/src/main.ts'], {
  cwd: root,
  env: { ...process.env, ONRAMP_URL: sandboxUrl, DEVNET_31337_URL: node.url, ONRAMP_API_KEY: apiKey },
  stdio: 'ignore',
})
for (let i = 0; i < 100; i++) {
  const up = await fetch(`${sandboxUrl}/healthz`).then(
    (r) => r.ok,
    () => false,
  )
  if (up) break
  await new Promise((resolve) => setTimeout(resolve, 100))
}
const t = await TestApp.create({ upstreams: { 'eip155:31337': [node.url] } })
t.deps.config.onramp = { url: sandboxUrl, chains: ['eip155:31337'], apiKey }
const client = createPublicClient({ transport: http(node.url), cacheTime: 0 })

afterAll(async () => {
  sandbox.kill('SIGTERM')
  await t.close()
  await node.stop()
}, 60_000)

const post = (path: string, body: unknown) =>
  t.getJson(`${path}?projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TestApp.MODAL_URL },
    body: JSON.stringify(body),
  })

/** Pays the checkout at `url` with `number` as the page's form does. */
const pay = (url: string, number: string) =>
  fetch(`${url}/pay`, {
    method: 'POST',
    headers: { origin: sandboxUrl },
    body: new URLSearchParams({ number, expiry: '12/39', cvc: '123' }),
    redirect: 'manual',
  })

const history = async (address: string) =>
  (await t.getJson(`/v1/account/${address}/history?projectId=demo&chainId=eip155:31337&onramp=meld`)).body

describe('buying 50 USD of ETH through the API', () => {
  test('quote, checkout link, paid with the test card: the quoted wei arrive, history shows the purchase', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const quoted = await post('/v1/onramp/quote', {
      purchaseCurrency: { id: 'ETH' },
      paymentCurrency: { id: 'USD' },
      amount: '50',
      network: 'eip155:31337',
      provider: 'coinbase',
    })
    expect(quoted.status).toBe(200)
    expect(quoted.body).toMatchObject({
      paymentTotal: { amount: '50.00', currency: 'USD' },
      providerFee: { amount: '1.00', currency: 'USD' },
      networkFee: { amount: '0.25', currency: 'USD' },
      paymentSubtotal: { amount: '48.75', currency: 'USD' },
      purchaseAmount: { amount: '0.024375', currency: 'ETH' },
    })
    const link = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: buyer, blockchains: ['eip155:31337'], assets: ['ETH'] }],
      partnerUserId: buyer,
      quoteId: quoted.body.quoteId,
    })
    expect(link.status).toBe(200)
    expect(link.body.url).toBe(`${sandboxUrl}/checkout/${link.body.orderId}`)
    // Not paid yet: no purchase in the history, nothing on chain.
    expect((await history(buyer)).data).toEqual([])
    expect(await client.getBalance({ address: buyer })).toBe(0n)

    expect((await pay(link.body.url, '4242 4242 4242 4242')).status).toBe(303)
    let data: { id: string; metadata: { status: string; hash: string; operationType: string } }[] = []
    for (let i = 0; i < 50 && data[0]?.metadata.status !== 'confirmed'; i++) {
      data = (await history(buyer)).data
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(data).toHaveLength(1)
    expect(data[0]).toMatchObject({
      id: link.body.orderId,
      metadata: { operationType: 'buy', status: 'confirmed' },
    })
    expect(await client.getBalance({ address: buyer })).toBe(24_375_000_000_000_000n)
    const receipt = await client.getTransactionReceipt({ hash: data[0]!.metadata.hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    // Without `onramp`, the history is the chain's alone (the indexer is off here: nothing).
    expect((await t.getJson(`/v1/account/${buyer}/history?projectId=demo`)).body.data).toEqual([])
  })

  test('a declined card: the purchase is failed in the history, nothing arrives', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const link = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: buyer, blockchains: ['eip155:31337'] }],
      partnerUserId: buyer,
      presetFiatAmount: 20,
    })
    expect(link.status).toBe(200)
    await pay(link.body.url, '4000 0000 0000 0002')
    const order = OnrampRule.Order.parse(
      await (
        await fetch(`${sandboxUrl}/api/orders/${link.body.orderId}`, {
          headers: { [OnrampRule.API_KEY_HEADER]: apiKey },
        })
      ).json(),
    )
    expect(order.status).toBe('failed')
    expect(
      (await history(buyer)).data.map((tx: { metadata: { status: string } }) => tx.metadata.status),
    ).toEqual(['failed'])
    expect(await client.getBalance({ address: buyer })).toBe(0n)
  })

  test('an unknown quote is the provider refusing it (400)', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const link = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: buyer, blockchains: ['eip155:31337'] }],
      partnerUserId: buyer,
      quoteId: 'unknown',
    })
    expect(link.status).toBe(400)
    expect(link.body.error.message).toBe('The quote expired or does not exist')
  })
})
