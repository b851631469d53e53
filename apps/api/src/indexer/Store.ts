import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'
import type * as Decode from './Decode.js'

/** How many recent block hashes are kept per chain: the deepest reorg the indexer rewinds through. */
export const KEPT_BLOCKS = 1000

/** Rows per INSERT statement (PostgreSQL allows 65,535 parameters per statement). */
const INSERT_CHUNK_ROWS = 500

/** The last indexed block of a chain (`number` -1: none yet). */
export type Cursor = { number: number; hash: string }

/** The cursor did not hold the block the writer expected: another indexer moved it. */
export class CursorMoved extends Error {
  override name = 'CursorMoved'
}

type Tx = Parameters<Parameters<Db.Orm['transaction']>[0]>[0]

async function insertAll(tx: Tx, table: PgTable, rows: readonly Record<string, unknown>[]) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS)
    await tx
      .insert(table)
      .values(rows.slice(start, start + INSERT_CHUNK_ROWS) as never)
      .onConflictDoNothing()
}

/** The chain's cursor, created at -1 the first time. */
export async function cursor(orm: Db.Orm, chainId: string): Promise<Cursor> {
  await orm
    .insert(Tables.indexerCursors)
    .values({ chainId, blockNumber: -1, blockHash: '' })
    .onConflictDoNothing()
  const [row] = await orm
    .select()
    .from(Tables.indexerCursors)
    .where(eq(Tables.indexerCursors.chainId, chainId))
  return { number: row?.blockNumber ?? -1, hash: row?.blockHash ?? '' }
}

/** Token metadata to store with a batch. */
export type TokenRow = typeof Tables.chainTokens.$inferInsert
/** NFT item metadata to store with a batch. */
export type NftItemRow = typeof Tables.chainNftItems.$inferInsert

/**
 * Stores a decoded range and moves the cursor from `expected` to the range's last block, in one
 * transaction. Rows already present are kept (the range may be written twice); a cursor that is no longer
 * at `expected` rolls everything back with {@link CursorMoved}.
 */
export async function write(
  orm: Db.Orm,
  options: {
    chainId: string
    expected: Cursor
    decoded: Decode.Decoded
    tokens: readonly TokenRow[]
    nftItems: readonly NftItemRow[]
  },
): Promise<Cursor> {
  const { chainId, decoded } = options
  const last = decoded.blocks.at(-1)
  if (!last) return options.expected
  await orm.transaction(async (tx) => {
    const moved = await tx
      .update(Tables.indexerCursors)
      .set({ blockNumber: last.number, blockHash: last.hash, updatedAt: new Date() })
      .where(
        and(
          eq(Tables.indexerCursors.chainId, chainId),
          eq(Tables.indexerCursors.blockNumber, options.expected.number),
          eq(Tables.indexerCursors.blockHash, options.expected.hash),
        ),
      )
      .returning({ chainId: Tables.indexerCursors.chainId })
    if (moved.length !== 1)
      throw new CursorMoved(`${chainId}: the cursor left block ${options.expected.number}`)
    await insertAll(tx, Tables.chainTokens, options.tokens)
    await insertAll(tx, Tables.chainNftItems, options.nftItems)
    await insertAll(tx, Tables.chainTransactions, decoded.transactions)
    await insertAll(tx, Tables.chainTransfers, decoded.transfers)
    await insertAll(tx, Tables.accountActivity, decoded.activity)
    for (let start = 0; start < decoded.blocks.length; start += INSERT_CHUNK_ROWS)
      await tx
        .insert(Tables.indexedBlocks)
        .values(
          decoded.blocks
            .slice(start, start + INSERT_CHUNK_ROWS)
            .map((block) => ({ chainId, blockNumber: block.number, blockHash: block.hash })),
        )
        .onConflictDoUpdate({
          target: [Tables.indexedBlocks.chainId, Tables.indexedBlocks.blockNumber],
          set: { blockHash: sql`excluded.block_hash` },
        })
    await tx
      .delete(Tables.indexedBlocks)
      .where(
        and(
          eq(Tables.indexedBlocks.chainId, chainId),
          lt(Tables.indexedBlocks.blockNumber, last.number - KEPT_BLOCKS),
        ),
      )
  })
  return { number: last.number, hash: last.hash }
}

/** The kept block hashes of a chain at or below `from`, newest first. */
export async function keptBlocks(orm: Db.Orm, chainId: string, from: number): Promise<Cursor[]> {
  const rows = await orm
    .select({ number: Tables.indexedBlocks.blockNumber, hash: Tables.indexedBlocks.blockHash })
    .from(Tables.indexedBlocks)
    .where(
      and(eq(Tables.indexedBlocks.chainId, chainId), sql`${Tables.indexedBlocks.blockNumber} <= ${from}`),
    )
    .orderBy(desc(Tables.indexedBlocks.blockNumber))
  return rows
}

/**
 * Forgets every block above `to` (the newest block the chain still has) and puts the cursor there; with
 * `to.number` -1 (a chain reset deeper than the kept hashes) the chain's tokens and items go too.
 */
export async function rewind(orm: Db.Orm, chainId: string, expected: Cursor, to: Cursor): Promise<void> {
  await orm.transaction(async (tx) => {
    const moved = await tx
      .update(Tables.indexerCursors)
      .set({ blockNumber: to.number, blockHash: to.hash, updatedAt: new Date() })
      .where(
        and(
          eq(Tables.indexerCursors.chainId, chainId),
          eq(Tables.indexerCursors.blockNumber, expected.number),
          eq(Tables.indexerCursors.blockHash, expected.hash),
        ),
      )
      .returning({ chainId: Tables.indexerCursors.chainId })
    if (moved.length !== 1) throw new CursorMoved(`${chainId}: the cursor left block ${expected.number}`)
    await tx
      .delete(Tables.accountActivity)
      .where(
        and(eq(Tables.accountActivity.chainId, chainId), gt(Tables.accountActivity.blockNumber, to.number)),
      )
    await tx
      .delete(Tables.chainTransfers)
      .where(
        and(eq(Tables.chainTransfers.chainId, chainId), gt(Tables.chainTransfers.blockNumber, to.number)),
      )
    await tx
      .delete(Tables.chainTransactions)
      .where(
        and(
          eq(Tables.chainTransactions.chainId, chainId),
          gt(Tables.chainTransactions.blockNumber, to.number),
        ),
      )
    await tx
      .delete(Tables.indexedBlocks)
      .where(and(eq(Tables.indexedBlocks.chainId, chainId), gt(Tables.indexedBlocks.blockNumber, to.number)))
    if (to.number < 0) {
      await tx.delete(Tables.chainTokens).where(eq(Tables.chainTokens.chainId, chainId))
      await tx.delete(Tables.chainNftItems).where(eq(Tables.chainNftItems.chainId, chainId))
    }
  })
}

/** Which of `addresses` already have token metadata on the chain. */
export async function storedTokens(
  orm: Db.Orm,
  chainId: string,
  addresses: readonly string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set()
  const rows = await orm
    .select({ address: Tables.chainTokens.address })
    .from(Tables.chainTokens)
    .where(and(eq(Tables.chainTokens.chainId, chainId), inArray(Tables.chainTokens.address, [...addresses])))
  return new Set(rows.map((row) => row.address))
}

/** Which of the items (`contract:tokenId`) already have metadata on the chain. */
export async function storedItems(
  orm: Db.Orm,
  chainId: string,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const contracts = [...new Set(keys.map((key) => key.split(':')[0] as string))]
  const tokenIds = [...new Set(keys.map((key) => key.split(':')[1] as string))]
  const rows = await orm
    .select({ contract: Tables.chainNftItems.contract, tokenId: Tables.chainNftItems.tokenId })
    .from(Tables.chainNftItems)
    .where(
      and(
        eq(Tables.chainNftItems.chainId, chainId),
        inArray(Tables.chainNftItems.contract, contracts),
        inArray(Tables.chainNftItems.tokenId, tokenIds),
      ),
    )
  const wanted = new Set(keys)
  return new Set(rows.map((row) => `${row.contract}:${row.tokenId}`).filter((key) => wanted.has(key)))
}
