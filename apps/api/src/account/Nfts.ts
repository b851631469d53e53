import type { Nfts } from '@frontdoor/schemas'
import { sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import type * as Db from '../db/Db.js'
import * as Registry from '../indexer/Registry.js'
import * as Tokens from './Tokens.js'

type Row = { chain_id: string; token: string; token_id: string; name: string | null; image: string | null }

/**
 * The ERC-721 items `address` owns, from the indexed transfers: every item it ever received whose latest
 * transfer went to it. Ordered by chain, collection and token id.
 */
export async function owned(
  orm: Db.Orm,
  options: { address: string; chainId?: string | undefined },
): Promise<Nfts.OwnedNft[]> {
  const account = options.address.toLowerCase()
  const chainFilter = options.chainId ? sql`AND chain_id = ${options.chainId}` : sql``
  const result = await orm.execute(sql`
    WITH received AS (
      SELECT DISTINCT chain_id, token, token_id FROM chain_transfers
      WHERE to_address = ${account} AND kind = 'erc721' ${chainFilter}
    ),
    latest AS (
      SELECT DISTINCT ON (t.chain_id, t.token, t.token_id) t.chain_id, t.token, t.token_id, t.to_address
      FROM chain_transfers t JOIN received r
        ON t.chain_id = r.chain_id AND t.token = r.token AND t.token_id = r.token_id
      WHERE t.kind = 'erc721'
      ORDER BY t.chain_id, t.token, t.token_id, t.block_number DESC, t.log_index DESC
    )
    SELECT l.chain_id, l.token, l.token_id::text AS token_id, i.name, i.image
    FROM latest l LEFT JOIN chain_nft_items i
      ON i.chain_id = l.chain_id AND i.contract = l.token AND i.token_id = l.token_id
    WHERE l.to_address = ${account}
    ORDER BY l.chain_id, l.token, l.token_id
  `)
  const rows = (result as unknown as { rows: Row[] }).rows
  const collections = await Tokens.lookup(
    orm,
    rows.map((row) => ({ chainId: row.chain_id, address: row.token })),
  )
  return rows.map((row) => {
    const collection = collections.get(Tokens.key(row.chain_id, row.token))
    const collectionName = collection?.name ?? 'NFT'
    return {
      id: `${row.chain_id}:${row.token}:${row.token_id}`,
      chainId: row.chain_id,
      contract: `${row.chain_id}:${getAddress(row.token)}`,
      tokenId: row.token_id,
      name: row.name ?? `${collectionName} #${row.token_id}`,
      image: row.image,
      collection: { name: collectionName, symbol: collection?.symbol ?? '' },
      is_spam: Registry.isSpam(Registry.of(row.chain_id), row.token),
    }
  })
}
