import { Constants } from '@frontdoor/schemas'
import { decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from 'viem'
import * as ChainRpc from '../indexer/ChainRpc.js'
import * as Registry from '../indexer/Registry.js'
import type * as Upstreams from '../rpc/Upstreams.js'

/** How long a price is reused (REFERENCE: token price caches 15 s). */
export const PRICE_CACHE_MS = Constants.TOKEN_PRICE_CACHE_S * 1000

/** A token to price: its address (lowercase, or `Registry.NATIVE_ADDRESS`) and decimals. */
export type Token = { address: string; decimals: number }

/** USD prices from the chain's AMM. */
export type Prices = {
  /**
   * USD prices of `tokens` on `chainId`, by address: the stablecoin is 1, other tokens are priced by the
   * reserves of their pool with the stablecoin, or with the wrapped native coin times its price; 0 when
   * there is no pool or the chain has no AMM the API knows.
   */
  usd: (chainId: string, tokens: readonly Token[]) => Promise<Map<string, number>>
}

const ZERO = Registry.ZERO_ADDRESS

/** The two Uniswap-v2 reads prices need: a factory's pool of two tokens and a pool's reserves. */
const uniswapV2FactoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
])
const uniswapV2PairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])
const PRICE_CACHE_MAX = 10_000
const PRECISION = 10n ** 18n

/** `reserveQuote / reserveBase` in units, as a number: the price of one base token in quote tokens. */
export function ratio(
  reserveBase: bigint,
  baseDecimals: number,
  reserveQuote: bigint,
  quoteDecimals: number,
): number {
  if (reserveBase === 0n) return 0
  const scaled =
    (reserveQuote * 10n ** BigInt(baseDecimals) * PRECISION) / (reserveBase * 10n ** BigInt(quoteDecimals))
  return Number(scaled) / Number(PRECISION)
}

const call = (to: string, data: Hex) => ({ method: 'eth_call', params: [{ to, data }, 'latest'] })

/** A pool's reserves of `token` and of its partner, or undefined when there is no pool. */
type Reserves = { token: bigint; partner: bigint } | undefined

/** Reads, in two batches, the pools of `tokens` with each partner and their reserves. */
async function reserves(
  rpc: ChainRpc.ChainRpc,
  factory: string,
  pairs: readonly { token: string; partner: string }[],
): Promise<Reserves[]> {
  const found = await rpc.settle<Hex>(
    pairs.map((pair) =>
      call(
        factory,
        encodeFunctionData({
          abi: uniswapV2FactoryAbi,
          functionName: 'getPair',
          args: [pair.token as Hex, pair.partner as Hex],
        }),
      ),
    ),
  )
  const pools = found.map((entry) => {
    if (!entry.ok) return undefined
    const pool = decodeFunctionResult({
      abi: uniswapV2FactoryAbi,
      functionName: 'getPair',
      data: entry.result,
    })
    return pool.toLowerCase() === ZERO ? undefined : pool
  })
  const live = pools.flatMap((pool, i) => (pool ? [{ pool, i }] : []))
  const read = await rpc.settle<Hex>(
    live.map(({ pool }) =>
      call(pool, encodeFunctionData({ abi: uniswapV2PairAbi, functionName: 'getReserves' })),
    ),
  )
  const out: Reserves[] = pairs.map(() => undefined)
  live.forEach(({ i }, j) => {
    const entry = read[j]
    const pair = pairs[i]
    if (!entry?.ok || !pair) return
    const [reserve0, reserve1] = decodeFunctionResult({
      abi: uniswapV2PairAbi,
      functionName: 'getReserves',
      data: entry.result,
    })
    // The factory orders a pair's tokens by address.
    const tokenIsFirst = BigInt(pair.token) < BigInt(pair.partner)
    out[i] = tokenIsFirst ? { token: reserve0, partner: reserve1 } : { token: reserve1, partner: reserve0 }
  })
  return out
}

/**
 * Prices from the AMM of each chain the registry knows, read through the API's upstreams and cached
 * for {@link PRICE_CACHE_MS} per chain and token.
 *
 * @example
 * const prices = Prices.create({ upstreams })
 * const usd = await prices.usd('eip155:31337', [{ address: Registry.NATIVE_ADDRESS, decimals: 18 }])
 */
export function create(options: {
  upstreams: Upstreams.Upstreams
  ttlMs?: number
  now?: () => number
}): Prices {
  const ttlMs = options.ttlMs ?? PRICE_CACHE_MS
  const now = options.now ?? Date.now
  const cache = new Map<string, { at: number; value: Promise<number> }>()

  async function quote(chainId: string, tokens: readonly Token[]): Promise<Map<string, number>> {
    const amm = Registry.of(chainId).amm
    const result = new Map<string, number>()
    if (!amm) {
      for (const token of tokens) result.set(token.address, 0)
      return result
    }
    const { stable, wrappedNative } = amm
    const wrapped = (address: string) =>
      address === Registry.NATIVE_ADDRESS ? wrappedNative.address : address
    const others = [...new Set(tokens.map((token) => wrapped(token.address)))].filter(
      (address) => address !== stable.address && address !== wrappedNative.address,
    )
    const pairs = [
      { token: wrappedNative.address, partner: stable.address },
      ...others.flatMap((token) => [
        { token, partner: stable.address },
        { token, partner: wrappedNative.address },
      ]),
    ]
    const rpc = ChainRpc.create(options.upstreams, chainId)
    const read = await reserves(rpc, amm.factory, pairs)
    const wethReserves = read[0]
    const wethUsd = wethReserves
      ? ratio(wethReserves.token, wrappedNative.decimals, wethReserves.partner, stable.decimals)
      : 0
    const decimalsOf = new Map(tokens.map((token) => [wrapped(token.address), token.decimals]))
    const usdOf = (address: string): number => {
      if (address === stable.address) return 1
      if (address === wrappedNative.address) return wethUsd
      const i = 1 + others.indexOf(address) * 2
      const decimals = decimalsOf.get(address) ?? 18
      const withStable = read[i]
      if (withStable) return ratio(withStable.token, decimals, withStable.partner, stable.decimals)
      const withWrapped = read[i + 1]
      if (withWrapped)
        return ratio(withWrapped.token, decimals, withWrapped.partner, wrappedNative.decimals) * wethUsd
      return 0
    }
    for (const token of tokens) result.set(token.address, usdOf(wrapped(token.address)))
    return result
  }

  return {
    async usd(chainId, tokens) {
      const time = now()
      const keyOf = (token: Token) => `${chainId}:${token.address}`
      const missing = tokens.filter((token) => {
        const entry = cache.get(keyOf(token))
        return !entry || time - entry.at >= ttlMs
      })
      if (missing.length) {
        if (cache.size > PRICE_CACHE_MAX) cache.clear()
        // One read for every token not cached; each token's entry waits on it.
        const batch = quote(chainId, missing)
        for (const token of missing) {
          const key = keyOf(token)
          const value = batch.then((prices) => prices.get(token.address) ?? 0)
          cache.set(key, { at: time, value })
          value.catch(() => cache.delete(key))
        }
      }
      const pending = tokens.map((token) => cache.get(keyOf(token))?.value ?? Promise.resolve(0))
      const prices = await Promise.all(pending)
      return new Map(tokens.map((token, i) => [token.address, prices[i] ?? 0]))
    },
  }
}
