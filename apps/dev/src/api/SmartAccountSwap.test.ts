import { uniswapV2RouterAbi } from '@frontdoor/devnet/abis'
import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import { encodeFunctionData, erc20Abi, type Hex, parseAbi, parseEther, toHex } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestVault from './TestVault.js'

// Issue 15: a smart account's wallet_sendCalls approve + swap through a Uniswap v2 pair traded in the
// latest block (the FUSD just bought through it). The bundler estimates the call gas in the latest
// block's context, where the pair's price accumulators are not written (no time elapsed since its last
// trade); mined in a later second they are. Without headroom on the estimate the operation ran out of gas
// in the pair and reverted on chain (wallet_getCallsStatus 500) though the simulation had succeeded.
const vault = await TestVault.start({ bundler: true, funder: 6 })
afterAll(vault.close)
const { client, rpc } = vault
const { tokens, uniswap, pools } = DEPLOYMENTS[31337]
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const balanceOf = (token: Hex, owner: Hex) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('the smart account swaps through a pair traded in the latest block', () => {
  test('wallet_sendCalls approve + swap FUSD -> WETH right after buying the FUSD through the FUSD/WETH pair: confirmed (200), the chain moves the FUSD and the quoted WETH', async () => {
    const alice = await vault.user('swap', parseEther('1'))
    const smart = alice.user.address as Hex
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    // Its first user operation (which deploys it) buys FUSD through the FUSD/WETH pair.
    const buy = await rpc(alice.token, {
      method: 'eth_sendTransaction',
      params: [
        {
          from: smart,
          to: uniswap.router,
          value: toHex(parseEther('0.1')),
          data: encodeFunctionData({
            abi: uniswapV2RouterAbi,
            functionName: 'swapExactETHForTokens',
            args: [1n, [tokens.WETH.address, tokens.FUSD.address], smart, deadline],
          }),
        },
      ],
    })
    expect(buy.status, JSON.stringify(buy.body)).toBe(200)
    const fusdBefore = await balanceOf(tokens.FUSD.address, smart)
    expect(fusdBefore).toBeGreaterThan(0n)
    expect(await balanceOf(tokens.WETH.address, smart)).toBe(0n)
    // The condition of the bug: the pair's last trade is the latest block's (so the estimate skips the
    // accumulator writes the mined operation makes).
    const [, , blockTimestampLast] = await client.readContract({
      address: pools.FUSD_WETH.address,
      abi: pairAbi,
      functionName: 'getReserves',
    })
    const bought = (await client.getBlock()).timestamp
    expect(BigInt(blockTimestampLast)).toBe(bought)
    // A visitor takes seconds to approve: the operation is mined in a later second than the buy (the
    // devnet gives blocks mined within one second the same timestamp), when the pair does write them.
    // The node's clock may lag the wall clock by part of a second: two seconds on.
    while (BigInt(Math.floor(Date.now() / 1000)) < bought + 2n) await sleep(100)

    const amount = fusdBefore / 2n
    const path = [tokens.FUSD.address, tokens.WETH.address]
    const [, quoted] = await client.readContract({
      address: uniswap.router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [amount, path],
    })
    const calls = [
      {
        to: tokens.FUSD.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [uniswap.router, amount] }),
      },
      {
        to: uniswap.router,
        data: encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForTokens',
          args: [amount, 1n, path, smart, deadline],
        }),
      },
    ]
    const sent = await rpc(alice.token, {
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a69', from: smart, atomicRequired: true, calls }],
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const status = await rpc(alice.token, { method: 'wallet_getCallsStatus', params: [sent.body.result.id] })
    expect(status.body.result.status, JSON.stringify(status.body)).toBe(200)
    // It was mined in a later second than the pair's last trade.
    const mined = await client.getBlock({ blockNumber: BigInt(status.body.result.receipts[0].blockNumber) })
    expect(mined.timestamp).toBeGreaterThan(bought)
    expect(await balanceOf(tokens.FUSD.address, smart)).toBe(fusdBefore - amount)
    expect(await balanceOf(tokens.WETH.address, smart)).toBe(quoted)
  })
})
