import { and, eq, inArray, or } from 'drizzle-orm'
import type * as Networks from '../chains/Networks.js'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'
import * as Registry from '../indexer/Registry.js'

/** What the API knows of a token contract: from the indexer's reads, or the registry. */
export type Info = {
  standard: 'erc20' | 'erc721'
  name: string | null
  symbol: string | null
  decimals: number | null
}

/** The native coin of a chain, from the network registry (Ether, 18 decimals, by default). */
export function native(networks: readonly Networks.Network[], chainId: string) {
  const network = networks.find((entry) => entry.caipNetworkId === chainId)
  return network?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
}

/** The key of a token in the maps below: `chainId:address` (lowercase address). */
export const key = (chainId: string, address: string) => `${chainId}:${address.toLowerCase()}`

/** Metadata of token contracts (`chainId:address` keys): the indexer's reads, else the registry's. */
export async function lookup(
  orm: Db.Orm,
  tokens: readonly { chainId: string; address: string }[],
): Promise<Map<string, Info>> {
  const out = new Map<string, Info>()
  if (tokens.length === 0) return out
  const byChain = new Map<string, string[]>()
  for (const token of tokens) {
    const list = byChain.get(token.chainId) ?? []
    list.push(token.address.toLowerCase())
    byChain.set(token.chainId, list)
  }
  for (const [chainId, addresses] of byChain)
    for (const known of Registry.of(chainId).tokens)
      if (addresses.includes(known.address))
        out.set(key(chainId, known.address), {
          standard: 'erc20',
          name: known.name,
          symbol: known.symbol,
          decimals: known.decimals,
        })
  const rows = await orm
    .select()
    .from(Tables.chainTokens)
    .where(
      or(
        ...[...byChain].map(([chainId, addresses]) =>
          and(eq(Tables.chainTokens.chainId, chainId), inArray(Tables.chainTokens.address, addresses)),
        ),
      ),
    )
  for (const row of rows) {
    const known = out.get(key(row.chainId, row.address))
    out.set(key(row.chainId, row.address), {
      standard: row.standard,
      name: row.name ?? known?.name ?? null,
      symbol: row.symbol ?? known?.symbol ?? null,
      decimals: row.decimals ?? known?.decimals ?? null,
    })
  }
  return out
}

/** A token icon URL on the API (`/public/getTokenImage/{symbol}`), from a symbol cut to the id format. */
export function iconUrl(publicUrl: string, symbol: string | null): string {
  const id = (symbol ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 128) || 'TOKEN'
  return `${publicUrl.replace(/\/$/, '')}/public/getTokenImage/${id}`
}
