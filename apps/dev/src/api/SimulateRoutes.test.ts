import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import * as Registry from '@frontdoor/api/indexer/Registry'
import * as BatchSimulation from '@frontdoor/api/simulation/BatchSimulation'
import * as Simulation from '@frontdoor/api/simulation/routes'
import * as TestApp from '@frontdoor/api/TestApp'
import { frontdoorAccountFactoryAbi, uniswapV2RouterAbi } from '@frontdoor/devnet/abis'
import * as Compile from '@frontdoor/devnet/compile'
import * as Devnet from '@frontdoor/devnet/devnet'
import * as FrontdoorAccount from '@frontdoor/devnet/frontdoor-account'
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  type Hex,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
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

const require = createRequire(import.meta.url)
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

// A smart account's wallet_sendCalls batch: ONE trace of its calls as the EntryPoint runs them
// (BatchSimulation.ts), before and after the account is deployed. The batch is then really executed
// (the account's owner may call executeBatch itself, the EntryPoint's calls are the same) and the
// account's balances move by what the simulation said.
describe('POST /v1/simulate: a smart account batch on a devnet', () => {
  const owner = a.address(6)
  const ownerKey = a.deployment.accounts[6]!.privateKey
  const account = FrontdoorAccount.addressOf(owner, { contracts: a.deployment.accountAbstraction })
  const WETH = tokens.WETH.address.toLowerCase()
  const ownerWallet = createWalletClient({
    account: privateKeyToAccount(ownerKey),
    chain: a.client.chain,
    transport: http(node.url),
  })

  async function simulateBatch(batch: {
    from: Address
    owner?: Address
    calls: { to: Address; data?: Hex; value?: bigint }[]
  }) {
    const response = await t.app.request('/v1/simulate?projectId=demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chainId: 'eip155:31337',
        batch: {
          ...batch,
          calls: batch.calls.map((call) => ({
            to: call.to,
            data: call.data ?? '0x',
            value: toHex(call.value ?? 0n),
          })),
        },
      }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as Answer & { independent?: boolean }
  }

  /** approve(router, amount) then swapExactTokensForTokens(amount FUSD for WETH) to the account. */
  const approveAndSwap = (amount: bigint, minimum = 0n) => [
    {
      to: tokens.FUSD.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [uniswap.router, amount] }),
    },
    {
      to: uniswap.router,
      data: encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactTokensForTokens',
        args: [amount, minimum, [tokens.FUSD.address, tokens.WETH.address], account, deadline()],
      }),
    },
  ]
  const wethOf = (holder: Address) =>
    a.client.readContract({
      address: tokens.WETH.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
    })

  /** The batch mined: the account deployed by its factory when it has no code, then executeBatch from its owner. */
  async function execute(calls: { to: Address; data?: Hex; value?: bigint }[]) {
    if (!(await a.client.getCode({ address: account })))
      await a.client.waitForTransactionReceipt({
        hash: await ownerWallet.writeContract({
          address: a.deployment.accountAbstraction.frontdoorAccountFactory,
          abi: frontdoorAccountFactoryAbi,
          functionName: 'createAccount',
          args: [owner, 0n],
        }),
      })
    const receipt = await a.client.waitForTransactionReceipt({
      hash: await ownerWallet.sendTransaction({ to: account, data: FrontdoorAccount.encodeCalls(calls) }),
    })
    expect(receipt.status).toBe('success')
  }

  /** The simulated FUSD out and WETH in of an approve + swap, and the approval. */
  function expectSwap(answer: Answer, amount: bigint) {
    expect(answer.reverted).toBe(false)
    expect(answer.changes).toEqual([
      {
        direction: 'out',
        asset: 'erc20',
        token: { address: FUSD, name: tokens.FUSD.name, symbol: 'FUSD', decimals: 6, known: true },
        amount: amount.toString(),
      },
      {
        direction: 'in',
        asset: 'erc20',
        token: { address: WETH, name: tokens.WETH.name, symbol: 'WETH', decimals: 18, known: true },
        amount: expect.stringMatching(/^[1-9]\d*$/),
      },
    ])
    expect(answer.approvals).toMatchObject([
      { kind: 'erc20', token: { address: FUSD, symbol: 'FUSD' }, spender: uniswap.router.toLowerCase() },
    ])
    return BigInt(answer.changes[1]?.amount ?? 0)
  }

  test('counterfactual, then deployed: approve + swap simulated together equal the executed batch', async () => {
    const amount = 40_000_000n // 40 FUSD
    await a.sendToken(4, tokens.FUSD.address, account, 100_000_000n)
    expect(await a.client.getCode({ address: account })).toBeUndefined()
    expect(await fusdOf(account)).toBe(100_000_000n)
    expect(await wethOf(account)).toBe(0n)

    // Not deployed: without its owner the API cannot deploy it in the simulation; each call is then
    // simulated alone, and the swap that needs the approve fails alone: said so, not shown as changes.
    const alone = await simulateBatch({ from: account, calls: approveAndSwap(amount) })
    expect(alone).toMatchObject({ reverted: true, independent: true, call: 2, changes: [], approvals: [] })
    expect(alone.reason).toMatch(/^Call 2: /)

    const counterfactual = await simulateBatch({ from: account, owner, calls: approveAndSwap(amount) })
    expect(counterfactual.independent).toBeUndefined()
    const wethIn = expectSwap(counterfactual, amount)
    // Simulated only: nothing moved, nothing deployed.
    expect(await a.client.getCode({ address: account })).toBeUndefined()
    expect(await fusdOf(account)).toBe(100_000_000n)

    await execute(approveAndSwap(amount))
    expect(await a.client.getCode({ address: account })).toBeDefined()
    expect(await fusdOf(account)).toBe(100_000_000n - amount)
    expect(await wethOf(account)).toBe(wethIn)

    // Deployed now: the same route, no owner needed.
    const second = 25_000_000n
    const deployed = await simulateBatch({ from: account, calls: approveAndSwap(second) })
    const wethIn2 = expectSwap(deployed, second)
    await execute(approveAndSwap(second))
    expect(await fusdOf(account)).toBe(100_000_000n - amount - second)
    expect(await wethOf(account)).toBe(wethIn + wethIn2)
  }, 60_000)

  test("a batch that reverts is the warning with the failing call's reason; coin the account lacks too", async () => {
    const reverted = await simulateBatch({
      from: account,
      owner,
      calls: approveAndSwap(1_000_000n, maxUint256),
    })
    expect(reverted).toEqual({
      reverted: true,
      reason: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT',
      changes: [],
      approvals: [],
    })
    const poor = await simulateBatch({
      from: account,
      owner,
      calls: [{ to: you, value: parseEther('1000000') }],
    })
    expect(poor).toMatchObject({ reverted: true, reason: Simulation.INSUFFICIENT_FUNDS })
  })

  test('an EOA batch: each call simulated alone against the state before the batch, and said so', async () => {
    const answer = await simulateBatch({
      from: me,
      calls: [
        { to: you, value: parseEther('0.5') },
        {
          to: tokens.FUSD.address,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [you, 3_000_000n] }),
        },
      ],
    })
    expect(answer).toMatchObject({
      reverted: false,
      independent: true,
      changes: [
        { direction: 'out', asset: 'native', amount: parseEther('0.5').toString() },
        { direction: 'out', asset: 'erc20', token: { address: FUSD }, amount: '3000000' },
      ],
    })
  })

  test('the BatchSimulation creation code is contracts/BatchSimulation.sol compiled', () => {
    const compiled = Compile.contracts(
      join(dirname(require.resolve('@frontdoor/api/simulation/BatchSimulation')), 'contracts'),
    )
    expect(compiled.BatchSimulation?.bytecode).toBe(BatchSimulation.BYTECODE)
  })
})
