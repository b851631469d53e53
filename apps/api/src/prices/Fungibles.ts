import { Caip, type Fungible } from '@frontdoor/schemas'
import * as Tokens from '../account/Tokens.js'
import type * as Networks from '../chains/Networks.js'
import type * as Db from '../db/Db.js'
import * as ChainRpc from '../indexer/ChainRpc.js'
import * as Metadata from '../indexer/Metadata.js'
import * as Registry from '../indexer/Registry.js'
import type * as Upstreams from '../rpc/Upstreams.js'
import type * as Prices from './Prices.js'

/**
 * Names, symbols, icons and USD prices of fungible tokens given as CAIP-10 addresses (the native coin
 * as `Registry.NATIVE_ADDRESS`). Tokens of chains the API does not serve, and contracts that are not
 * ERC-20s, are left out.
 */
export async function prices(options: {
  orm: Db.Orm
  upstreams: Upstreams.Upstreams
  prices: Prices.Prices
  networks: readonly Networks.Network[]
  publicUrl: string
  addresses: readonly string[]
}): Promise<Fungible.FungiblePriceResponse> {
  const byChain = new Map<string, { caip10: string; address: string }[]>()
  for (const caip10 of options.addresses) {
    const { caipNetworkId, address } = Caip.parseCaip10(caip10)
    if (!options.upstreams.has(caipNetworkId)) continue
    const list = byChain.get(caipNetworkId) ?? []
    list.push({ caip10, address: address.toLowerCase() })
    byChain.set(caipNetworkId, list)
  }
  const answers = await Promise.all(
    [...byChain].map(async ([chainId, entries]) => {
      const contracts = entries.filter((entry) => entry.address !== Registry.NATIVE_ADDRESS)
      const infos = await Tokens.lookup(
        options.orm,
        contracts.map((entry) => ({ chainId, address: entry.address })),
      )
      const unknown = contracts.filter((entry) => !infos.has(Tokens.key(chainId, entry.address)))
      if (unknown.length) {
        const read = await Metadata.tokens(
          ChainRpc.create(options.upstreams, chainId),
          new Map(unknown.map((entry) => [entry.address, 'erc20' as const])),
        )
        for (const row of read)
          infos.set(Tokens.key(chainId, row.address), {
            standard: row.standard,
            name: row.name ?? null,
            symbol: row.symbol ?? null,
            decimals: row.decimals ?? null,
          })
      }
      const coin = Tokens.native(options.networks, chainId)
      const known = entries.flatMap((entry) => {
        const info: Tokens.Info | undefined =
          entry.address === Registry.NATIVE_ADDRESS
            ? { standard: 'erc20', ...coin }
            : infos.get(Tokens.key(chainId, entry.address))
        if (info?.standard !== 'erc20' || info.decimals === null) return []
        return [{ ...entry, name: info.name ?? '', symbol: info.symbol ?? '', decimals: info.decimals }]
      })
      const usd = await options.prices.usd(chainId, known)
      return known.map((token) => ({
        address: token.caip10,
        name: token.name,
        symbol: token.symbol,
        iconUrl: Tokens.iconUrl(options.publicUrl, token.symbol),
        price: usd.get(token.address) ?? 0,
      }))
    }),
  )
  return { fungibles: answers.flat() }
}
