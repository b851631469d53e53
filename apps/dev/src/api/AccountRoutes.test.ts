import * as History from '@frontdoor/api/account/History'
import * as App from '@frontdoor/api/app'
import * as Names from '@frontdoor/api/identity/Names'
import * as Indexer from '@frontdoor/api/indexer/Indexer'
import * as Registry from '@frontdoor/api/indexer/Registry'
import * as Prices from '@frontdoor/api/prices/Prices'
import * as Upstreams from '@frontdoor/api/rpc/Upstreams'
import * as TestApp from '@frontdoor/api/TestApp'
import { uniswapV2PairAbi } from '@frontdoor/devnet/abis'
import * as Devnet from '@frontdoor/devnet/devnet'
import * as RateLimiter from '@frontdoor/rate-limit/rate-limiter'
import {
  Balance,
  History as HistorySchemas,
  Errors as Messages,
  Nfts as NftsSchemas,
} from '@frontdoor/schemas'
import * as fc from 'fast-check'
import pino from 'pino'
import { type Address, erc20Abi, formatEther, formatUnits, getAddress, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as StandIns from '../StandIns.js'
import * as TestChain from './TestChain.js'

// Two real seeded devnets, the real app on a real database, the real indexer.
const [node, other] = await Promise.all([Devnet.start({ chainId: 31337 }), Devnet.start({ chainId: 31338 })])
const t = await TestApp.create({
  upstreams: { 'eip155:31337': [node.url], 'eip155:31338': [other.url] },
  limits: { account: { limit: 1_000_000, windowMs: 60_000 } },
})
// The devnets' tokens and AMM and the dev account's name, as `npm start` hands them to the API.
Registry.configure(StandIns.registry())
await Names.seed(t.deps.db.orm, [StandIns.DEV_ACCOUNT_NAME])
const indexer = Indexer.create({
  db: t.deps.db,
  upstreams: t.deps.upstreams,
  chains: ['eip155:31337', 'eip155:31338'],
  logger: pino({ level: 'silent' }),
})
const a = TestChain.create({ chainId: 31337, url: node.url })
const b = TestChain.create({ chainId: 31338, url: other.url })
const { tokens, nfts, pools } = a.deployment
const alice = a.address(0)
const bob = a.address(5)

afterAll(async () => {
  await t.close()
  await Promise.all([node.stop(), other.stop()])
}, 60_000)

/** A token's balance change in one block (what the transaction moved for `owner`). */
async function delta(token: Address, owner: Address, blockNumber: number) {
  const at = (n: number) =>
    a.client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
      blockNumber: BigInt(n),
    })
  return (await at(blockNumber)) - (await at(blockNumber - 1))
}

/** The coin `owner` received in a block, gas added back. */
async function ethIn(owner: Address, hash: `0x${string}`, blockNumber: number) {
  const receipt = await a.client.getTransactionReceipt({ hash })
  const at = (n: number) => a.client.getBalance({ address: owner, blockNumber: BigInt(n) })
  return (await at(blockNumber)) - (await at(blockNumber - 1)) + receipt.gasUsed * receipt.effectiveGasPrice
}

const sent = {} as Record<
  'eth' | 'fusd' | 'nft' | 'approve' | 'trade' | 'ethIn' | 'ethOut' | 'wrap' | 'unwrap' | 'failed' | 'other',
  { hash: `0x${string}`; status: string; blockNumber: number }
>

beforeAll(async () => {
  sent.eth = await a.sendEth(0, bob, parseEther('1.5'))
  sent.fusd = await a.sendToken(0, tokens.FUSD.address, bob, 250_000_000n)
  sent.nft = await a.sendNft(0, bob, 1n)
  sent.approve = await a.approveRouter(0, tokens.FUSD.address)
  sent.trade = await a.swapTokens(0, [tokens.FUSD.address, tokens.DOOR.address], 100_000_000n)
  sent.ethIn = await a.swapEthForTokens(0, tokens.FUSD.address, parseEther('0.1'))
  sent.ethOut = await a.swapTokensForEth(0, tokens.FUSD.address, 50_000_000n)
  sent.wrap = await a.wrap(0, parseEther('1'))
  sent.unwrap = await a.unwrap(0, parseEther('0.4'))
  sent.failed = await a.failingTransfer(0, tokens.FUSD.address, bob)
  sent.other = await b.sendEth(0, b.address(6), parseEther('0.25'))
  await Promise.all([indexer.sync('eip155:31337'), indexer.sync('eip155:31338')])
}, 120_000)

const history = (address: string, query = '') =>
  t.getJson(`/v1/account/${address}/history?projectId=demo${query}`)

describe('GET /v1/account/{address}/history', () => {
  test('the sender sees each operation newest first, with types, directions, quantities and status', async () => {
    const { status, body } = await history(alice, '&chainId=eip155:31337')
    expect(status).toBe(200)
    expect(HistorySchemas.HistoryResponse.safeParse(body).success).toBe(true)
    const data = body.data as HistorySchemas.HistoryResponse['data']
    const order = [
      'failed',
      'unwrap',
      'wrap',
      'ethOut',
      'ethIn',
      'trade',
      'approve',
      'nft',
      'fusd',
      'eth',
    ] as const
    expect(data.slice(0, order.length).map((tx) => tx.metadata.hash)).toEqual(
      order.map((key) => sent[key].hash),
    )
    expect(data.slice(0, order.length).map((tx) => tx.metadata.operationType)).toEqual([
      'send',
      'withdraw',
      'deposit',
      'trade',
      'trade',
      'trade',
      'approve',
      'send',
      'send',
      'send',
    ])
    // Then the seeding's mints (tokens and NFTs minted to the dev account).
    expect(data.slice(order.length).every((tx) => tx.metadata.operationType === 'mint')).toBe(true)
    expect(data.slice(order.length).length).toBeGreaterThanOrEqual(5)

    const byKey = Object.fromEntries(order.map((key, i) => [key, data[i]!]))
    const eth = byKey.eth!
    expect(eth.metadata).toMatchObject({
      chain: 'eip155:31337',
      status: 'confirmed',
      sentFrom: alice,
      sentTo: bob,
      nonce: 0,
    })
    expect(Date.parse(eth.metadata.minedAt)).toBeLessThanOrEqual(Date.now())
    expect(eth.transfers).toEqual([
      {
        fungible_info: {
          name: 'Ether',
          symbol: 'ETH',
          icon: { url: 'http://127.0.0.1:4000/public/getTokenImage/ETH' },
        },
        direction: 'out',
        quantity: { numeric: '1.5' },
        price: expect.any(Number),
        value: expect.any(Number),
      },
    ])
    expect(eth.transfers[0]!.value).toBeCloseTo(1.5 * eth.transfers[0]!.price!, 6)
    expect(byKey.fusd!.metadata).toMatchObject({ sentTo: tokens.FUSD.address, nonce: 1 })
    expect(byKey.fusd!.transfers).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ name: 'Frontdoor USD', symbol: 'FUSD' }),
        direction: 'out',
        quantity: { numeric: '250' },
        price: 1,
        value: 250,
      }),
    ])
    expect(byKey.nft!.transfers).toEqual([
      {
        nft_info: {
          name: 'Frontdoor Keys #1',
          content: { preview: { url: expect.stringMatching(/^data:image\/svg\+xml;base64,/) } },
          flags: { is_spam: false },
        },
        direction: 'out',
        quantity: { numeric: '1' },
      },
    ])
    expect(byKey.approve!.transfers).toEqual([])

    const doorIn = await delta(tokens.DOOR.address, alice, sent.trade.blockNumber)
    expect(
      byKey.trade!.transfers.map((x) => [x.fungible_info?.symbol, x.direction, x.quantity.numeric]),
    ).toEqual([
      ['FUSD', 'out', '100'],
      ['DOOR', 'in', formatUnits(doorIn, 18)],
    ])
    const fusdIn = await delta(tokens.FUSD.address, alice, sent.ethIn.blockNumber)
    expect(
      byKey.ethIn!.transfers.map((x) => [x.fungible_info?.symbol, x.direction, x.quantity.numeric]),
    ).toEqual([
      ['ETH', 'out', '0.1'],
      ['FUSD', 'in', formatUnits(fusdIn, 6)],
    ])
    // The router pays the coin out in an internal call: the indexer infers it from WETH's Withdrawal.
    const coinIn = await ethIn(alice, sent.ethOut.hash, sent.ethOut.blockNumber)
    expect(
      byKey.ethOut!.transfers.map((x) => [x.fungible_info?.symbol, x.direction, x.quantity.numeric]),
    ).toEqual([
      ['FUSD', 'out', '50'],
      ['ETH', 'in', formatEther(coinIn)],
    ])
    expect(
      byKey.wrap!.transfers.map((x) => [x.fungible_info?.symbol, x.direction, x.quantity.numeric]),
    ).toEqual([
      ['ETH', 'out', '1'],
      ['WETH', 'in', '1'],
    ])
    expect(
      byKey.unwrap!.transfers.map((x) => [x.fungible_info?.symbol, x.direction, x.quantity.numeric]),
    ).toEqual([
      ['WETH', 'out', '0.4'],
      ['ETH', 'in', '0.4'],
    ])
    expect(byKey.failed!.metadata).toMatchObject({
      status: 'failed',
      operationType: 'send',
      sentTo: tokens.FUSD.address,
    })
    expect(byKey.failed!.transfers).toEqual([])
    expect(body.next).toBeNull()
  })

  test('the receiver sees receives, incoming directions and the NFT', async () => {
    const { body } = await history(bob, '&chainId=eip155:31337')
    const hashes: string[] = [sent.eth.hash, sent.fusd.hash, sent.nft.hash, sent.failed.hash]
    const received = (body.data as HistorySchemas.HistoryResponse['data']).filter((tx) =>
      hashes.includes(tx.metadata.hash),
    )
    // A failed transfer moved nothing to the receiver: it is only in the sender's history.
    expect(
      received.map((tx) => [
        tx.metadata.operationType,
        tx.transfers.map((x) => [x.direction, x.quantity.numeric]),
      ]),
    ).toEqual([
      ['receive', [['in', '1']]],
      ['receive', [['in', '250']]],
      ['receive', [['in', '1.5']]],
    ])
    expect(received[0]!.transfers[0]!.nft_info?.name).toBe('Frontdoor Keys #1')
  })

  test('both chains newest first; chainId keeps one; the spam NFT mint is flagged', async () => {
    const all = (await history(alice)).body.data as HistorySchemas.HistoryResponse['data']
    expect(new Set(all.map((tx) => tx.metadata.chain))).toEqual(new Set(['eip155:31337', 'eip155:31338']))
    const times = all.map((tx) => Date.parse(tx.metadata.minedAt))
    expect(times).toEqual([...times].sort((x, y) => y - x))
    const onOther = (await history(alice, '&chainId=eip155:31338')).body
      .data as HistorySchemas.HistoryResponse['data']
    expect(onOther.every((tx) => tx.metadata.chain === 'eip155:31338')).toBe(true)
    expect(onOther[0]!.metadata.hash).toBe(sent.other.hash)
    expect(onOther[0]!.transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '0.25' } })
    const spam = all.find((tx) => tx.transfers.some((x) => x.nft_info?.name === 'Free Airdrop Claim #1'))
    expect(spam?.transfers[0]?.nft_info?.flags.is_spam).toBe(true)
    expect((await history(alice, '&chainId=eip155:999999')).body).toEqual({ data: [], next: null })
    expect((await history(alice, '&onramp=coinbase')).body.data).toHaveLength(all.length)
  })

  test('cursor paging walks every transaction once, in order', async () => {
    const full = await History.page({
      orm: t.deps.db.orm,
      prices: Prices.create({ upstreams: t.deps.upstreams }),
      networks: t.deps.config.networks,
      publicUrl: t.deps.config.publicUrl,
      address: alice,
    })
    const walked: string[] = []
    let cursor: History.Cursor | undefined
    for (let pages = 0; pages < 50; pages++) {
      const page = await History.page({
        orm: t.deps.db.orm,
        prices: Prices.create({ upstreams: t.deps.upstreams }),
        networks: t.deps.config.networks,
        publicUrl: t.deps.config.publicUrl,
        address: alice.toLowerCase(),
        cursor,
        limit: 3,
      })
      walked.push(...page.data.map((tx) => tx.id))
      if (!page.next) break
      expect(page.data).toHaveLength(3)
      cursor = History.decodeCursor(page.next)
    }
    expect(walked).toEqual(full.data.map((tx) => tx.id))
    expect(new Set(walked).size).toBe(walked.length)
  })

  test('bad input: missing or invalid address, bad chain, cursor or project', async () => {
    for (const path of [
      '/v1/account//history?projectId=demo',
      '/v1/account/undefined/history?projectId=demo',
    ]) {
      const missing = await t.getJson(path)
      expect(missing.status).toBe(400)
      expect(missing.body.error.message).toBe(Messages.TRANSACTIONS_NEED_ACCOUNT_ADDRESS)
    }
    const invalid = await history('0x1234')
    expect(invalid.status).toBe(400)
    expect(invalid.body.error.message).toBe("Invalid path parameter field 'address': Invalid address")
    const chain = await history(alice, '&chainId=31337')
    expect(chain.status).toBe(400)
    expect(chain.body.error.message).toBe("Invalid query field 'chainId': Invalid CAIP-2 network id: 31337")
    const cursor = await history(alice, '&cursor=bm9wZQ')
    expect(cursor.status).toBe(400)
    expect(cursor.body.error.message).toBe("Invalid query field 'cursor': is not a cursor this API gave out")
    expect((await t.getJson(`/v1/account/${alice}/history`)).status).toBe(400)
    const project = await t.getJson(`/v1/account/${alice}/history?projectId=ghost`)
    expect(project.status).toBe(401)
    expect(project.body.error).toMatchObject({ code: 'invalid_key', message: 'Unauthorized: invalid key' })
  })
})

describe('GET /v1/account/{address}/balance', () => {
  const balance = (address: string, query = '') =>
    t.getJson(`/v1/account/${address}/balance?projectId=demo&currency=usd${query}`)

  test('native coin and ERC-20s equal the chain; 0-decimal PTS left out; prices from the AMM', async () => {
    const { status, body } = await balance(alice, `&chainId=eip155:31337&forceUpdate=eip155:31337:${alice}`)
    expect(status).toBe(200)
    expect(Balance.BalanceResponse.safeParse(body).success).toBe(true)
    const list = body.balances as Balance.BalanceResponse['balances']
    expect(list.map((x) => x.symbol).sort()).toEqual(['DOOR', 'ETH', 'FUSD', 'WETH'])
    const bySymbol = Object.fromEntries(list.map((x) => [x.symbol, x]))
    const wei = await a.client.getBalance({ address: alice })
    expect(bySymbol.ETH).toMatchObject({
      name: 'Ether',
      chainId: 'eip155:31337',
      quantity: { decimals: '18', numeric: formatEther(wei) },
      iconUrl: 'http://127.0.0.1:4000/public/getTokenImage/ETH',
    })
    expect(bySymbol.ETH).not.toHaveProperty('address')
    for (const symbol of ['FUSD', 'DOOR', 'WETH'] as const) {
      const token = tokens[symbol]
      const held = await a.client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [alice],
      })
      expect(bySymbol[symbol]).toMatchObject({
        name: token.name,
        address: `eip155:31337:${token.address}`,
        quantity: { decimals: String(token.decimals), numeric: formatUnits(held, token.decimals) },
      })
    }
    expect(bySymbol.FUSD!.price).toBe(1)
    // FUSD sorts below WETH and DOOR, so it is token0 of both pools.
    const [fw0, fw1] = await a.client.readContract({
      address: pools.FUSD_WETH.address,
      abi: uniswapV2PairAbi,
      functionName: 'getReserves',
    })
    const ethUsd = Number(formatUnits(fw0, 6)) / Number(formatUnits(fw1, 18))
    const [df0, df1] = await a.client.readContract({
      address: pools.DOOR_FUSD.address,
      abi: uniswapV2PairAbi,
      functionName: 'getReserves',
    })
    const doorUsd = Number(formatUnits(df0, 6)) / Number(formatUnits(df1, 18))
    expect(bySymbol.ETH!.price).toBeCloseTo(ethUsd, 9)
    expect(bySymbol.WETH!.price).toBeCloseTo(ethUsd, 9)
    expect(bySymbol.DOOR!.price).toBeCloseTo(doorUsd, 9)
    expect(ethUsd).toBeGreaterThan(1900)
    expect(doorUsd).toBeGreaterThan(0.45)
    for (const x of list) expect(x.value).toBeCloseTo(Number(x.quantity.numeric) * x.price, 6)
    expect(list.map((x) => x.value)).toEqual([...list.map((x) => x.value)].sort((p, q) => q! - p!))
  })

  test('all served chains without chainId; answers are cached 15 s unless forceUpdate', async () => {
    const both = (await balance(bob)).body.balances as Balance.BalanceResponse['balances']
    expect(new Set(both.map((x) => x.chainId))).toEqual(new Set(['eip155:31337', 'eip155:31338']))
    const before = both.find((x) => x.symbol === 'ETH' && x.chainId === 'eip155:31337')!
    await a.sendEth(0, bob, parseEther('2'))
    const cached = (await balance(bob)).body.balances as Balance.BalanceResponse['balances']
    expect(cached.find((x) => x.symbol === 'ETH' && x.chainId === 'eip155:31337')!.quantity).toEqual(
      before.quantity,
    )
    const fresh = (await balance(bob, `&forceUpdate=eip155:31337:${bob}`)).body
      .balances as Balance.BalanceResponse['balances']
    expect(
      Number(fresh.find((x) => x.symbol === 'ETH' && x.chainId === 'eip155:31337')!.quantity.numeric),
    ).toBe(Number(before.quantity.numeric) + 2)
  })

  test('a chain that does not answer: left out of an all-chains answer, 502 when asked alone', async () => {
    const upstreams = Upstreams.create({
      upstreams: { 'eip155:31337': [node.url], 'eip155:31338': ['http://127.0.0.1:9'] },
      timeoutMs: 1_000,
    })
    const app = App.build({ ...t.deps, upstreams })
    const get = async (query: string) => {
      const response = await app.request(`/v1/account/${alice}/balance?projectId=demo&currency=usd${query}`)
      return {
        status: response.status,
        body: (await response.json()) as Balance.BalanceResponse & {
          error?: { code: string; message: string }
        },
      }
    }
    const all = await get('')
    expect(all.status).toBe(200)
    expect(new Set(all.body.balances.map((x) => x.chainId))).toEqual(new Set(['eip155:31337']))
    const down = await get('&chainId=eip155:31338')
    expect(down.status).toBe(502)
    expect(down.body.error?.code).toBe('upstream_unavailable')
  })

  test('bad input: currency, unsupported chain, forceUpdate, address', async () => {
    expect((await t.getJson(`/v1/account/${alice}/balance?projectId=demo&currency=eur`)).status).toBe(400)
    const unsupported = await balance(alice, '&chainId=eip155:999999')
    expect(unsupported.status).toBe(400)
    expect(unsupported.body.error).toEqual({
      code: 'unsupported_chain',
      message: `${Messages.UNSUPPORTED_CHAIN}: eip155:999999`,
    })
    // Ethereum is in the registry, but this server has no upstream of it.
    const unserved = await balance(alice, '&chainId=eip155:1')
    expect(unserved.status).toBe(400)
    expect(unserved.body.error).toEqual({
      code: 'no_upstream',
      message: Messages.noUpstream('eip155:1'),
      chainId: 'eip155:1',
    })
    const force = await balance(alice, '&forceUpdate=yes')
    expect(force.status).toBe(400)
    expect(force.body.error.message).toBe("Invalid query field 'forceUpdate.0': Invalid CAIP-10 address: yes")
    expect((await balance('nobody')).status).toBe(400)
  })
})

test('history and NFTs of a registry network this server has no upstream of: said so', async () => {
  for (const path of ['history', 'nfts']) {
    const { status, body } = await t.getJson(`/v1/account/${alice}/${path}?projectId=demo&chainId=eip155:1`)
    expect([path, status, body.error]).toEqual([
      path,
      400,
      { code: 'no_upstream', message: Messages.noUpstream('eip155:1'), chainId: 'eip155:1' },
    ])
  }
})

describe('GET /v1/account/{address}/nfts', () => {
  test('owned items follow the indexed transfers; the spam collection is flagged', async () => {
    const mine = await t.getJson(`/v1/account/${alice}/nfts?projectId=demo&chainId=eip155:31337`)
    expect(mine.status).toBe(200)
    expect(NftsSchemas.NftsResponse.safeParse(mine.body).success).toBe(true)
    // Ordered by collection address: CLAIM (0x0ba5…) before KEY (0xc4c0…).
    expect(
      mine.body.nfts.map((x: NftsSchemas.OwnedNft) => [x.collection.symbol, x.tokenId, x.is_spam]),
    ).toEqual([
      ['CLAIM', '1', true],
      ['KEY', '2', false],
    ])
    const key = mine.body.nfts.find((x: NftsSchemas.OwnedNft) => x.collection.symbol === 'KEY')
    expect(key).toMatchObject({
      chainId: 'eip155:31337',
      contract: `eip155:31337:${nfts.KEY.address}`,
      name: 'Frontdoor Keys #2',
      image: expect.stringMatching(/^data:image\/svg\+xml/),
      collection: { name: 'Frontdoor Keys', symbol: 'KEY' },
    })
    const theirs = await t.getJson(`/v1/account/${bob}/nfts?projectId=demo`)
    expect(theirs.body.nfts.map((x: NftsSchemas.OwnedNft) => `${x.collection.symbol} #${x.tokenId}`)).toEqual(
      ['KEY #1'],
    )
  })
})

describe('GET /v1/identity/{address}', () => {
  test('the seeded name of dev account 0 (any case); null and null for others', async () => {
    const named = await t.getJson(`/v1/identity/${alice.toLowerCase()}?projectId=demo`)
    expect(named).toMatchObject({ status: 200, body: { name: StandIns.DEV_ACCOUNT_NAME.name, avatar: null } })
    expect((await t.getJson(`/v1/identity/${bob}?projectId=demo&sender=${alice}`)).body).toEqual({
      name: null,
      avatar: null,
    })
    expect((await t.getJson('/v1/identity/0xnope?projectId=demo')).status).toBe(400)
  })
})

describe('GET /v1/profile/account/{name}', () => {
  test('a registered name resolves to its address (coin type 60); an unknown one is 404', async () => {
    const found = await t.getJson(
      `/v1/profile/account/${StandIns.DEV_ACCOUNT_NAME.name}?projectId=demo&apiVersion=2`,
    )
    expect(found.status).toBe(200)
    expect(found.body).toMatchObject({
      name: StandIns.DEV_ACCOUNT_NAME.name,
      addresses: { '60': { address: getAddress(alice) } },
      attributes: [],
    })
    expect((await t.getJson('/v1/profile/account/nobody.frontdoor.id?projectId=demo')).status).toBe(404)
    expect((await t.getJson('/v1/profile/account/bad%20name?projectId=demo')).status).toBe(400)
  })
})

describe('POST /v1/fungible/price', () => {
  const price = (body: unknown) =>
    t.getJson('/v1/fungible/price', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  test('names, icons and AMM prices of CAIP-10 tokens; the native coin; unknown chains and non-tokens left out', async () => {
    const { status, body } = await price({
      currency: 'usd',
      projectId: 'demo',
      addresses: [
        `eip155:31337:${tokens.DOOR.address}`,
        'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
        `eip155:31338:${tokens.FUSD.address}`,
        `eip155:1:${tokens.FUSD.address}`,
        `eip155:31337:${bob}`,
      ],
    })
    expect(status).toBe(200)
    expect(body.fungibles).toEqual([
      {
        address: `eip155:31337:${tokens.DOOR.address}`,
        name: 'Door Token',
        symbol: 'DOOR',
        iconUrl: 'http://127.0.0.1:4000/public/getTokenImage/DOOR',
        price: expect.any(Number),
      },
      expect.objectContaining({ symbol: 'ETH', name: 'Ether', price: expect.any(Number) }),
      expect.objectContaining({ address: `eip155:31338:${tokens.FUSD.address}`, symbol: 'FUSD', price: 1 }),
    ])
    expect(body.fungibles[0].price).toBeGreaterThan(0.45)
    expect(body.fungibles[1].price).toBeGreaterThan(1900)
  })

  test('bad bodies: 400 naming the field', async () => {
    const notCaip = await price({ currency: 'usd', projectId: 'demo', addresses: ['0x12'] })
    expect(notCaip.status).toBe(400)
    expect(notCaip.body.error.message).toBe("Invalid body field 'addresses.0': Invalid CAIP-10 address: 0x12")
    const notEvm = await price({ currency: 'usd', projectId: 'demo', addresses: ['solana:abc:xyz'] })
    expect(notEvm.body.error.message).toBe("Invalid body field 'addresses.0': Invalid address")
    expect((await price({ currency: 'eur', projectId: 'demo', addresses: [] })).status).toBe(400)
    const tooMany = await price({
      currency: 'usd',
      projectId: 'demo',
      addresses: Array.from({ length: 101 }, () => `eip155:31337:${bob}`),
    })
    expect(tooMany.body.error.message).toBe("Invalid body field 'addresses': must list at most 100 addresses")
  })
})

describe('rate limit and fuzzing', () => {
  test('the account routes share a per-client limit: 429 with Retry-After', async () => {
    const limits = { ...t.deps.config.limits, account: { limit: 2, windowMs: 60_000 } }
    const limited = App.build({
      ...t.deps,
      config: { ...t.deps.config, limits },
      limiter: RateLimiter.memory(),
    })
    const get = (path: string) => limited.request(`${path}?projectId=demo`)
    expect((await get(`/v1/identity/${alice}`)).status).toBe(200)
    expect((await get(`/v1/account/${alice}/nfts`)).status).toBe(200)
    const third = await get(`/v1/account/${alice}/history`)
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBe('60')
    expect((await third.json()).error).toMatchObject({ code: 'rate_limited', message: 'Rate Limited' })
  })

  test('fuzzed input never gets a 500', async () => {
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('', 'demo', 'eip155:31337', `eip155:31337:${alice}`, alice, '%', '💥'),
    )
    const query = fc.dictionary(
      fc.constantFrom('projectId', 'chainId', 'cursor', 'currency', 'forceUpdate', 'onramp', 'sender'),
      text,
    )
    const paths = fc.constantFrom('history', 'balance', 'nfts')
    await fc.assert(
      fc.asyncProperty(paths, fc.oneof(text, fc.constant(alice)), query, async (kind, address, q) => {
        const search = new URLSearchParams({ projectId: 'demo', ...q }).toString()
        const response = await t.app.request(`/v1/account/${encodeURIComponent(address)}/${kind}?${search}`)
        await response.arrayBuffer()
        expect(response.status, `${kind} ${address} ${search}`).toBeLessThan(500)
      }),
      { numRuns: 150, seed: 7 },
    )
    const bodies = fc.oneof(
      fc.jsonValue(),
      fc.record({ currency: text, projectId: text, addresses: fc.array(text) }),
    )
    await fc.assert(
      fc.asyncProperty(bodies, async (payload) => {
        const response = await t.app.request('/v1/fungible/price', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        })
        await response.arrayBuffer()
        expect(response.status).toBeLessThan(500)
      }),
      { numRuns: 100, seed: 7 },
    )
  }, 60_000)
})
