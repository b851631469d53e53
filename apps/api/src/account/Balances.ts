import { BalancesView, Constants, type Token } from '@frontdoor/schemas'
import { and, eq } from 'drizzle-orm'
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, getAddress, type Hex } from 'viem'
import type * as Networks from '../chains/Networks.js'
import type * as Deps from '../Deps.js'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'
import * as ChainRpc from '../indexer/ChainRpc.js'
import * as Registry from '../indexer/Registry.js'
import * as Prices from '../prices/Prices.js'
import type * as Upstreams from '../rpc/Upstreams.js'
import * as SolanaBalances from './SolanaBalances.js'
import * as Tokens from './Tokens.js'

/** How long a balance answer is reused unless `forceUpdate` (REFERENCE: 15 s caches). */
export const BALANCE_CACHE_MS = Constants.TOKEN_PRICE_CACHE_S * 1000
const BALANCE_CACHE_MAX = 10_000

/** Token balances of accounts, read from the chains. */
export type Balances = {
  /**
   * The native coin and ERC-20 balances of `address` on `chainIds` that are not zero, richest first:
   * the registry's tokens and every ERC-20 the indexer saw the address receive; on a solana chain, SOL
   * and the SPL tokens of its token accounts ({@link SolanaBalances.of}). Tokens with 0 decimals
   * are left out (spec section 5). `force` reads again instead of answering from the cache.
   */
  of: (options: {
    address: string
    chainIds: readonly string[]
    force?: boolean
  }) => Promise<Token.TokenBalance[]>
}

/** What {@link create} reads from. */
export type Options = {
  orm: Db.Orm
  upstreams: Upstreams.Upstreams
  prices: Prices.Prices
  networks: readonly Networks.Network[]
  publicUrl: string
  ttlMs?: number
  now?: () => number
}

/** The ERC-20 contracts the indexer saw `account` receive on `chainId`. */
async function received(orm: Db.Orm, chainId: string, account: string): Promise<string[]> {
  const rows = await orm
    .selectDistinct({ token: Tables.chainTransfers.token })
    .from(Tables.chainTransfers)
    .where(
      and(
        eq(Tables.chainTransfers.toAddress, account),
        eq(Tables.chainTransfers.kind, 'erc20'),
        eq(Tables.chainTransfers.chainId, chainId),
      ),
    )
  return rows.flatMap((row) => (row.token ? [row.token] : []))
}

/**
 * Creates the balance reader over the API's upstreams, with a short cache.
 *
 * @example
 * const balances = Balances.create({ orm, upstreams, prices, networks, publicUrl })
 * await balances.of({ address: '0xf39F…2266', chainIds: ['eip155:31337'] })
 */
export function create(options: Options): Balances {
  const ttlMs = options.ttlMs ?? BALANCE_CACHE_MS
  const now = options.now ?? Date.now
  const cache = new Map<string, { at: number; value: Promise<Token.TokenBalance[]> }>()

  async function chainBalances(chainId: string, account: string): Promise<Token.TokenBalance[]> {
    if (chainId.startsWith('solana:'))
      return SolanaBalances.of({
        upstreams: options.upstreams,
        networks: options.networks,
        publicUrl: options.publicUrl,
        chainId,
        address: account,
        prices: (held) => options.prices.usd(chainId, held),
      })
    const addresses = [
      ...new Set([
        ...Registry.of(chainId).tokens.map((token) => token.address),
        ...(await received(options.orm, chainId, account)),
      ]),
    ]
    const infos = await Tokens.lookup(
      options.orm,
      addresses.map((address) => ({ chainId, address })),
    )
    const tokens = addresses.flatMap((address) => {
      const info = infos.get(Tokens.key(chainId, address))
      if (info?.standard !== 'erc20' || info.decimals === null) return []
      return [{ address, name: info.name ?? '', symbol: info.symbol ?? '', decimals: info.decimals }]
    })
    const rpc = ChainRpc.create(options.upstreams, chainId)
    const calls = [
      { method: 'eth_getBalance', params: [account, 'latest'] },
      ...tokens.map((token) => ({
        method: 'eth_call',
        params: [
          {
            to: token.address,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account as Hex] }),
          },
          'latest',
        ],
      })),
    ]
    const [nativeWei, ...reads] = await rpc.settle<Hex>(calls)
    if (!nativeWei?.ok)
      throw new ChainRpc.UpstreamError(`${chainId}: eth_getBalance failed: ${nativeWei?.error.message}`)
    const coin = Tokens.native(options.networks, chainId)
    const held = [
      {
        address: Registry.NATIVE_ADDRESS,
        name: coin.name,
        symbol: coin.symbol,
        decimals: coin.decimals,
        amount: BigInt(nativeWei.result),
      },
      ...tokens.flatMap((token, i) => {
        const read = reads[i]
        if (!read?.ok || read.result === '0x') return []
        try {
          const amount = decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: read.result })
          return [{ ...token, amount }]
        } catch {
          return []
        }
      }),
    ].filter((token) => token.amount > 0n)
    const prices = await options.prices.usd(chainId, held)
    const balances = held.map((token): Token.TokenBalance => {
      const numeric = formatUnits(token.amount, token.decimals)
      const price = prices.get(token.address) ?? 0
      return {
        name: token.name,
        symbol: token.symbol,
        chainId,
        ...(token.address === Registry.NATIVE_ADDRESS
          ? {}
          : { address: `${chainId}:${getAddress(token.address)}` }),
        value: Number(numeric) * price,
        price,
        quantity: { decimals: String(token.decimals), numeric },
        iconUrl: Tokens.iconUrl(options.publicUrl, token.symbol),
      }
    })
    return BalancesView.filterZeroDecimals(balances)
  }

  /** Every chain's balances; a chain that does not answer is left out unless it was the only one asked. */
  async function load(account: string, chainIds: readonly string[]): Promise<Token.TokenBalance[]> {
    const settled = await Promise.allSettled(chainIds.map((chainId) => chainBalances(chainId, account)))
    const failed = settled.find((result) => result.status === 'rejected')
    if (failed && settled.every((result) => result.status === 'rejected')) throw failed.reason
    return settled
      .flatMap((result) => (result.status === 'fulfilled' ? result.value : []))
      .sort(
        (a, b) =>
          (b.value ?? 0) - (a.value ?? 0) ||
          a.symbol.localeCompare(b.symbol) ||
          a.chainId.localeCompare(b.chainId),
      )
  }

  return {
    of({ address, chainIds, force }) {
      // EVM addresses are case-insensitive; Solana's base58 is not.
      const account = address.startsWith('0x') ? address.toLowerCase() : address
      const key = `${account}|${chainIds.join(',')}`
      const time = now()
      const entry = cache.get(key)
      if (entry && !force && time - entry.at < ttlMs) return entry.value
      const value = load(account, chainIds)
      if (ttlMs > 0) {
        if (cache.size >= BALANCE_CACHE_MAX) cache.clear()
        cache.set(key, { at: time, value })
        value.catch(() => {
          if (cache.get(key)?.value === value) cache.delete(key)
        })
      }
      return value
    },
  }
}

const perApp = new WeakMap<Deps.Deps, { prices: Prices.Prices; balances: Balances }>()

/**
 * The one price source and balance reader of an API (`deps`): the balance route, the history's
 * amounts and the embedded wallet's asset discovery (`wallet_getAssets`) share them, so every answer
 * carries the same amounts and the same prices from one cache, and a `forceUpdate` read refreshes what
 * asset discovery answers next.
 */
export function shared(deps: Deps.Deps) {
  let entry = perApp.get(deps)
  if (!entry) {
    const prices = Prices.create({ upstreams: deps.upstreams })
    const balances = create({
      orm: deps.db.orm,
      upstreams: deps.upstreams,
      prices,
      networks: deps.config.networks,
      publicUrl: deps.config.publicUrl,
    })
    entry = { prices, balances }
    perApp.set(deps, entry)
  }
  return entry
}
