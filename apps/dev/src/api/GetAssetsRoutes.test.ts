import { randomInt } from 'node:crypto'
import * as Login from '@frontdoor/api/auth/Login'
import * as Users from '@frontdoor/api/auth/users/Users'
import * as Registry from '@frontdoor/api/indexer/Registry'
import * as TestApp from '@frontdoor/api/TestApp'
import * as Devnet from '@frontdoor/devnet/devnet'
import { type Address, numberToHex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as StandIns from '../StandIns.js'
import * as TestChain from './TestChain.js'

// wallet_getAssets (EIP-7811) of the embedded wallet, answered by the vault route from the blockchain
// API's balances over a real seeded devnet.
const node = await Devnet.start({ chainId: 31337 })
const t = await TestApp.create({ upstreams: { 'eip155:31337': [node.url] } })
// The devnet's tokens and AMM (its prices), as `npm start` hands them to the API.
Registry.configure(StandIns.registry())
afterAll(async () => {
  await t.close()
  await node.stop()
})
const chain = TestChain.create({ chainId: 31337, url: node.url })

async function newUser() {
  const user = await Users.findOrCreateByIdentity(t.deps.db, {
    kind: 'email',
    subject: `assets-${randomInt(1e9)}@example.com`,
  })
  return Login.complete(t.deps, user.id)
}

const rpc = (token: string, body: unknown) =>
  t.getJson('/v1/vault/rpc', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: t.deps.config.authOrigin,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  })

/** The native coin's entry of the balance route's answer for `address` on 31337. */
async function balanceRoute(address: string, query = '') {
  const { status, body } = await t.getJson(
    `/v1/account/${address}/balance?projectId=demo&currency=usd&chainId=eip155:31337${query}`,
  )
  expect(status).toBe(200)
  const native = (
    body.balances as { address?: string; price: number; value: number; iconUrl: string }[]
  ).find((balance) => balance.address === undefined)
  if (!native) throw new Error('no native balance')
  return native
}

let ada: Login.Completed
beforeAll(async () => {
  ada = await newUser()
  const to = ada.user.address as Address
  await chain.sendEth(0, to, parseEther('2'))
})

describe('wallet_getAssets', () => {
  test("the account's native coin and ERC-20 balances, keyed by hex chain id, in EIP-7811's shape", async () => {
    const { status, body } = await rpc(ada.token, {
      method: 'wallet_getAssets',
      params: [{ account: ada.user.address }],
    })
    expect(status).toBe(200)
    expect(Object.keys(body.result)).toEqual(['0x7a69'])
    // Native value is read from the chain; ERC-20s are those of the indexer's tables (not run here: the
    // transfer above is not indexed, so the asset list is the balances endpoint's, native only).
    // Priced as the balance route prices it (one price source): the modal shows either answer alike.
    const route = await balanceRoute(ada.user.address)
    expect(route.price).toBeGreaterThan(0)
    expect(body.result['0x7a69']).toEqual([
      {
        address: 'native',
        balance: numberToHex(parseEther('2')),
        type: 'native',
        metadata: {
          symbol: 'ETH',
          decimals: 18,
          name: 'Ether',
          price: route.price,
          value: route.value,
          iconUrl: route.iconUrl,
        },
      },
    ])
  })

  test("a forceUpdate read of the balance route is what asset discovery answers next (one cache, not the vault's own)", async () => {
    const user = await newUser()
    const to = user.user.address as Address
    await chain.sendEth(0, to, parseEther('1'))
    const assets = async () =>
      (await rpc(user.token, { method: 'wallet_getAssets', params: [{ account: to }] })).body.result[
        '0x7a69'
      ]?.[0]?.balance
    expect(await assets()).toBe(numberToHex(parseEther('1')))
    // Funds arrive; within the 15 s cache asset discovery still answers what it read...
    await chain.sendEth(0, to, parseEther('0.5'))
    expect(await assets()).toBe(numberToHex(parseEther('1')))
    // ...until the modal has the balance route read again (a new head, a send).
    await balanceRoute(to, `&forceUpdate=eip155:31337:${to}`)
    expect(await assets()).toBe(numberToHex(parseEther('1.5')))
  })

  test('filters by chain and asset type; another account is refused (4100); bad params are -32602', async () => {
    const account = ada.user.address
    const native = await rpc(ada.token, {
      method: 'wallet_getAssets',
      params: [{ account, assetTypeFilter: ['native'] }],
    })
    expect(native.body.result['0x7a69'].map((a: { type: string }) => a.type)).toEqual(['native'])
    const otherChain = await rpc(ada.token, {
      method: 'wallet_getAssets',
      params: [{ account, chainFilter: ['0x1'] }],
    })
    expect(otherChain.body).toEqual({ result: {} })
    const bob = await newUser()
    expect(await rpc(bob.token, { method: 'wallet_getAssets', params: [{ account }] })).toMatchObject({
      status: 403,
      body: { error: { code: 4100 } },
    })
    expect(await rpc(ada.token, { method: 'wallet_getAssets', params: [] })).toMatchObject({
      status: 400,
      body: { error: { code: -32602 } },
    })
  })
})
