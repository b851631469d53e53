import { ConvertRule } from '@frontdoor/schemas'
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hexToBigInt,
  maxUint256,
  numberToHex,
  parseAbi,
} from 'viem'
import type * as ChainRpc from '../indexer/ChainRpc.js'
import * as Registry from '../indexer/Registry.js'
import * as Amm from './Amm.js'

/**
 * Swaps through a chain's Uniswap-v2 AMM: quotes read from the pools' reserves (directly, or through
 * the wrapped native coin or the stablecoin when the two tokens share no pool), and the approval and
 * swap transactions for the router, with the minimum out that the slippage tolerance gives.
 */

/** The AMM of a chain, as the token registry knows it. */
export type Pools = NonNullable<Registry.Chain['amm']>

/** Why a swap cannot be quoted or built (a 400 for the caller). */
export class SwapError extends Error {
  override name = 'SwapError'
}

/** The message of two tokens no pool route joins. */
export const NO_ROUTE = 'No pool route between these tokens'

/** The message of an approval asked for the native coin. */
export const NATIVE_NEEDS_NO_APPROVAL = 'The native coin needs no approval'

/** Gas of a swap built without an estimate: a fixed base and a share per pool crossed. */
export const SWAP_GAS_BASE = 120_000n
export const SWAP_GAS_PER_HOP = 100_000n

/** Gas of an approval whose estimate failed. */
export const APPROVE_GAS = 100_000n

/**
 * Added to every estimate: Hardhat estimates in a block with the previous block's timestamp, where a
 * pair skips its price accumulators, so a swap mined later needs more than estimated.
 */
export const ESTIMATE_MARGIN_GAS = 60_000n

const factoryAbi = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])
const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

const eth_call = (to: string, data: Hex) => ({ method: 'eth_call', params: [{ to, data }, 'latest'] })

/** Whether `address` is the native coin's pseudo-address. */
export const isNativeAddress = (address: string) => address.toLowerCase() === ConvertRule.NATIVE_TOKEN_ADDRESS

/** A token address of the pools: the native coin goes as the wrapped one (lowercase). */
function poolToken(amm: Pools, address: string): string {
  return isNativeAddress(address) ? amm.wrappedNative.address : address.toLowerCase()
}

/** The routes tried, best output wins: the direct pool, then through the wrapped coin or the stablecoin. */
export function candidates(amm: Pools, from: string, to: string): string[][] {
  const a = poolToken(amm, from)
  const b = poolToken(amm, to)
  if (a === b) return []
  const routes = [[a, b]]
  for (const middle of [amm.wrappedNative.address, amm.stable.address])
    if (middle !== a && middle !== b) routes.push([a, middle, b])
  return routes
}

/** A quote: the route's pool tokens, the amounts along it and its pools, oriented. */
export type Quote = { path: string[]; amounts: bigint[]; hops: Amm.Hop[] }

const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`)

/** The reserves of the pools of `pairs` (by {@link pairKey}, the lower address's reserve first). */
async function reserves(rpc: ChainRpc.ChainRpc, factory: string, pairs: readonly [string, string][]) {
  const found = await rpc.batch<Hex>(
    pairs.map(([a, b]) =>
      eth_call(
        factory,
        encodeFunctionData({ abi: factoryAbi, functionName: 'getPair', args: [a as Hex, b as Hex] }),
      ),
    ),
  )
  const pools = found.map((data) => decodeFunctionResult({ abi: factoryAbi, functionName: 'getPair', data }))
  const live = pools.flatMap((pool, i) => (pool.toLowerCase() === Registry.ZERO_ADDRESS ? [] : [{ pool, i }]))
  const read = await rpc.batch<Hex>(
    live.map(({ pool }) => eth_call(pool, encodeFunctionData({ abi: pairAbi, functionName: 'getReserves' }))),
  )
  const out = new Map<string, { low: bigint; high: bigint }>()
  live.forEach(({ i }, j) => {
    const [a, b] = pairs[i] as [string, string]
    const [reserve0, reserve1] = decodeFunctionResult({
      abi: pairAbi,
      functionName: 'getReserves',
      data: read[j] as Hex,
    })
    // The factory orders a pair's tokens by address: reserve0 is the lower address's.
    if (reserve0 > 0n && reserve1 > 0n) out.set(pairKey(a, b), { low: reserve0, high: reserve1 })
  })
  return out
}

/**
 * The best quote for `amount` (base units) of `from` into `to` (addresses on the chain of `rpc`, the
 * native coin as its pseudo-address), exact from the pools' current reserves.
 * @throws SwapError when no route of pools joins them.
 */
export async function quote(
  rpc: ChainRpc.ChainRpc,
  amm: Pools,
  options: { from: string; to: string; amount: bigint },
): Promise<Quote> {
  const routes = candidates(amm, options.from, options.to)
  const pairs = new Map<string, [string, string]>()
  for (const route of routes)
    for (let i = 0; i + 1 < route.length; i++) {
      const [a, b] = [route[i] as string, route[i + 1] as string]
      pairs.set(pairKey(a, b), [a, b])
    }
  const pools = await reserves(rpc, amm.factory, [...pairs.values()])
  let best: Quote | undefined
  for (const path of routes) {
    const hops: Amm.Hop[] = []
    for (let i = 0; i + 1 < path.length; i++) {
      const [a, b] = [path[i] as string, path[i + 1] as string]
      const pool = pools.get(pairKey(a, b))
      if (!pool) break
      hops.push(
        a < b
          ? { reserveIn: pool.low, reserveOut: pool.high }
          : { reserveIn: pool.high, reserveOut: pool.low },
      )
    }
    if (hops.length !== path.length - 1) continue
    const amounts = Amm.amountsOut(options.amount, hops)
    if (
      (amounts.at(-1) ?? 0n) > 0n &&
      (!best || (amounts.at(-1) as bigint) > (best.amounts.at(-1) as bigint))
    )
      best = { path, amounts, hops }
  }
  if (!best) throw new SwapError(NO_ROUTE)
  return best
}

/** What the router is called with for a quote: its calldata and the native coin sent along. */
export function swapCall(
  quote: Quote,
  options: { from: string; to: string; user: string; minimumOut: bigint; deadline: bigint },
): { data: Hex; value: bigint } {
  const amountIn = quote.amounts[0] as bigint
  const path = quote.path as Hex[]
  const to = options.user as Hex
  if (isNativeAddress(options.from))
    return {
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [options.minimumOut, path, to, options.deadline],
      }),
      value: amountIn,
    }
  const functionName = isNativeAddress(options.to) ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
  return {
    data: encodeFunctionData({
      abi: routerAbi,
      functionName,
      args: [amountIn, options.minimumOut, path, to, options.deadline],
    }),
    value: 0n,
  }
}

/** The router's allowance of `owner`'s `token`; the native coin needs none (the most there is). */
export async function allowance(
  rpc: ChainRpc.ChainRpc,
  amm: Pools,
  token: string,
  owner: string,
): Promise<bigint> {
  if (isNativeAddress(token)) return maxUint256
  const data = await rpc.call<Hex>('eth_call', [
    {
      to: token,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner as Hex, amm.router as Hex],
      }),
    },
    'latest',
  ])
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', data })
}

/** The approval of `amount` (the most there is when absent) of `token` for the router. */
export function approveCall(amm: Pools, amount: bigint | undefined): Hex {
  return encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [amm.router as Hex, amount ?? maxUint256],
  })
}

/** The chain's gas price, in wei. */
export async function gasPrice(rpc: ChainRpc.ChainRpc): Promise<bigint> {
  return hexToBigInt(await rpc.call<Hex>('eth_gasPrice'))
}

/** The chain's time: the latest block's timestamp, in seconds. */
export async function chainTime(rpc: ChainRpc.ChainRpc): Promise<bigint> {
  const block = await rpc.call<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false])
  return hexToBigInt(block.timestamp)
}

/** The chain's estimate of a transaction's gas, with {@link ESTIMATE_MARGIN_GAS}. */
export async function estimate(
  rpc: ChainRpc.ChainRpc,
  tx: { from: string; to: string; data: Hex; value: bigint },
): Promise<bigint> {
  const gas = await rpc.call<Hex>('eth_estimateGas', [
    { from: tx.from, to: tx.to, data: tx.data, value: numberToHex(tx.value) },
  ])
  return hexToBigInt(gas) + ESTIMATE_MARGIN_GAS
}
