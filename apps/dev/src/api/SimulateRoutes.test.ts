import * as Registry from '@frontdoor/api/indexer/Registry'
import * as TestApp from '@frontdoor/api/TestApp'
import { uniswapV2RouterAbi } from '@frontdoor/devnet/abis'
import * as Devnet from '@frontdoor/devnet/devnet'
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  type Hex,
  maxUint256,
  parseAbi,
  parseEther,
  toHex,
} from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import * as StandIns from '../StandIns.js'
import * as TestChain from './TestChain.js'

// POST /v1/simulate against a real seeded devnet: what the route says a transaction moves for its sender
// equals what moves when the same transaction is mined right after.
const node = await Devnet.start({ chainId: 31337 })
// The devnet's tokens and AMM, as the dev module hands them to the API (WETH is its wrapped coin).
Registry.configure(StandIns.registry())
const t = await TestApp.create({
  upstreams: { 'eip155:31337': [node.url] },
  limits: { account: { limit: 1_000_000, windowMs: 60_000 } },
})
afterAll(async () => {
  await t.close()
  await node.stop()
}, 60_000)

const a = TestChain.create({ chainId: 31337, url: node.url })
const { tokens, nfts, uniswap } = a.deployment
const me = a.address(4)
const you = a.address(5)
const FUSD = tokens.FUSD.address.toLowerCase()

type Answer = {
  reverted: boolean
  reason?: string
  changes: {
    direction: string
    asset: string
    token: { address: string | null; symbol: string | null; decimals: number | null }
    amount?: string
    tokenId?: string
  }[]
  approvals: {
    kind: string
    token: { address: string | null; symbol: string | null }
    spender: string
    amount?: string
    approved?: boolean
  }[]
}

async function simulate(
  transaction: { to: Address; data?: Hex; value?: bigint; gas?: bigint },
  from: Address = me,
) {
  const response = await t.app.request('/v1/simulate?projectId=demo', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      chainId: 'eip155:31337',
      transaction: {
        from,
        to: transaction.to,
        data: transaction.data ?? '0x',
        value: toHex(transaction.value ?? 0n),
        ...(transaction.gas ? { gas: toHex(transaction.gas) } : {}),
      },
    }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as Answer
}

const fusdOf = (owner: Address) =>
  a.client.readContract({
    address: tokens.FUSD.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 3600)

describe('POST /v1/simulate on a devnet', () => {
  test('an ETH-for-FUSD swap: the ETH out and the FUSD in, with symbol and decimals, equal the mined swap', async () => {
    const data = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [tokens.WETH.address, tokens.FUSD.address], me, deadline()],
    })
    const value = parseEther('0.5')
    const answer = await simulate({ to: uniswap.router, data, value, gas: 400_000n })
    expect(answer.reverted).toBe(false)
    expect(answer.changes).toEqual([
      {
        direction: 'out',
        asset: 'native',
        token: { address: null, name: 'Ether', symbol: 'ETH', decimals: 18, known: true },
        amount: value.toString(),
      },
      {
        direction: 'in',
        asset: 'erc20',
        token: { address: FUSD, name: tokens.FUSD.name, symbol: 'FUSD', decimals: 6, known: true },
        amount: expect.stringMatching(/^\d+$/),
      },
    ])
    const before = await fusdOf(me)
    const mined = await a.swapEthForTokens(4, tokens.FUSD.address, value)
    expect(mined.status).toBe('success')
    expect((await fusdOf(me)) - before).toBe(BigInt(answer.changes[1]?.amount ?? 0))
  })

  test("wrapping ETH: the ETH out and WETH in, read from the devnet WETH's Deposit (the registry's wrapped coin)", async () => {
    const value = parseEther('0.25')
    const answer = await simulate({
      to: tokens.WETH.address,
      data: encodeFunctionData({ abi: parseAbi(['function deposit() payable']), functionName: 'deposit' }),
      value,
    })
    expect(answer).toEqual({
      reverted: false,
      changes: [
        {
          direction: 'out',
          asset: 'native',
          token: { address: null, name: 'Ether', symbol: 'ETH', decimals: 18, known: true },
          amount: value.toString(),
        },
        {
          direction: 'in',
          asset: 'erc20',
          token: {
            address: tokens.WETH.address.toLowerCase(),
            name: tokens.WETH.name,
            symbol: 'WETH',
            decimals: 18,
            known: true,
          },
          amount: value.toString(),
        },
      ],
      approvals: [],
    })
  })

  test('an unlimited approve is an approval granted, nothing moves; an NFT transfer is the token out', async () => {
    const approve = await simulate({
      to: tokens.FUSD.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [uniswap.router, maxUint256],
      }),
    })
    expect(approve).toEqual({
      reverted: false,
      changes: [],
      approvals: [
        {
          kind: 'erc20',
          token: { address: FUSD, name: tokens.FUSD.name, symbol: 'FUSD', decimals: 6, known: true },
          spender: uniswap.router.toLowerCase(),
          amount: maxUint256.toString(),
        },
      ],
    })
    // Dev account 0 holds the seeded NFTs.
    const owner = a.address(0)
    const tokenId = 2n
    expect(
      await a.client.readContract({
        address: nfts.KEY.address,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
    ).toBe(owner)
    const nft = await simulate(
      {
        to: nfts.KEY.address,
        data: encodeFunctionData({
          abi: erc721Abi,
          functionName: 'transferFrom',
          args: [owner, you, tokenId],
        }),
      },
      owner,
    )
    expect(nft.changes).toEqual([
      {
        direction: 'out',
        asset: 'erc721',
        token: {
          address: nfts.KEY.address.toLowerCase(),
          name: expect.any(String),
          symbol: expect.any(String),
          decimals: null,
          // A collection is in no token list: the screen names it by address too.
          known: false,
        },
        tokenId: '2',
      },
    ])
    // Simulated only: the token did not move.
    expect(
      await a.client.readContract({
        address: nfts.KEY.address,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
    ).toBe(owner)
  })

  test('a swap past its deadline reverts with its reason; coin the sender lacks is a revert too', async () => {
    const expired = await simulate({
      to: uniswap.router,
      data: encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [0n, [tokens.WETH.address, tokens.FUSD.address], me, 1n],
      }),
      value: 1n,
      gas: 400_000n,
    })
    expect(expired).toEqual({
      reverted: true,
      reason: 'UniswapV2Router: EXPIRED',
      changes: [],
      approvals: [],
    })
    const poor = await simulate({ to: you, value: parseEther('1000000000') })
    expect(poor).toMatchObject({ reverted: true, changes: [], approvals: [] })
  })
})
