import type { History, Transaction } from '@frontdoor/schemas'
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { formatUnits, getAddress } from 'viem'
import * as z from 'zod/mini'
import type * as Networks from '../chains/Networks.js'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'
import * as Decode from '../indexer/Decode.js'
import * as Registry from '../indexer/Registry.js'
import type * as Prices from '../prices/Prices.js'
import * as Operation from './Operation.js'
import * as Tokens from './Tokens.js'

/** Transactions per history page. */
export const HISTORY_PAGE_SIZE = 50

/** Where a page ends: the sort key of its last transaction (newest first). */
export type Cursor = { minedAt: string; chainId: string; blockNumber: number; txIndex: number }

const CursorSchema = z.tuple([
  z.iso.datetime(),
  z.string().check(z.maxLength(64)),
  z.int().check(z.nonnegative()),
  z.int().check(z.nonnegative()),
])

/** An opaque cursor string (base64url of the sort key). */
export function encodeCursor(cursor: Cursor): string {
  const key = [cursor.minedAt, cursor.chainId, cursor.blockNumber, cursor.txIndex]
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

/** The sort key of a cursor string, or undefined when it is not one of ours. */
export function decodeCursor(value: string): Cursor | undefined {
  try {
    const parsed = CursorSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')))
    if (!parsed.success) return undefined
    const [minedAt, chainId, blockNumber, txIndex] = parsed.data
    return { minedAt, chainId, blockNumber, txIndex }
  } catch {
    return undefined
  }
}

/** A history cursor that `decodeCursor` accepts (for query validation). */
export const CursorParam = z.string().check(
  z.maxLength(512),
  z.refine((value) => decodeCursor(value) !== undefined, 'is not a cursor this API gave out'),
)

/** What {@link page} reads and which page it answers. */
export type PageOptions = {
  orm: Db.Orm
  prices: Prices.Prices
  networks: readonly Networks.Network[]
  publicUrl: string
  /** The account (any case). */
  address: string
  /** Only this CAIP-2 chain. */
  chainId?: string | undefined
  cursor?: Cursor | undefined
  limit?: number
}

type TransferRow = typeof Tables.chainTransfers.$inferSelect

/** Native value first, then logs in order, then the native value inferred inside the transaction. */
const transferOrder = (row: TransferRow) =>
  row.logIndex === Decode.NATIVE_LOG_INDEX
    ? -Number.MAX_SAFE_INTEGER
    : row.logIndex < 0
      ? Number.MAX_SAFE_INTEGER + row.logIndex
      : row.logIndex

/** USD prices of the fungible tokens a page moves, by `chainId:address`; missing when the AMM is unreachable. */
async function pagePrices(
  prices: Prices.Prices,
  wanted: Map<string, { address: string; decimals: number }[]>,
): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  await Promise.all(
    [...wanted].map(async ([chainId, tokens]) => {
      try {
        for (const [address, price] of await prices.usd(chainId, tokens))
          out.set(Tokens.key(chainId, address), price)
      } catch {
        // Prices are extras: the history stands without them.
      }
    }),
  )
  return out
}

/**
 * One page of an account's history, newest first: the transactions the indexer linked to the address,
 * each with the transfers that moved value to or from it (direction in, out or self, quantity in token
 * units, USD value at today's AMM price) and its operation type from the account's side.
 */
export async function page(options: PageOptions): Promise<History.HistoryResponse> {
  const { orm } = options
  const account = options.address.toLowerCase()
  const limit = options.limit ?? HISTORY_PAGE_SIZE
  const activity = Tables.accountActivity
  const where: SQL[] = [eq(activity.address, account)]
  if (options.chainId) where.push(eq(activity.chainId, options.chainId))
  if (options.cursor) {
    const c = options.cursor
    where.push(
      sql`(${activity.minedAt}, ${activity.chainId}, ${activity.blockNumber}, ${activity.txIndex}) < (${c.minedAt}::timestamptz, ${c.chainId}, ${c.blockNumber}, ${c.txIndex})`,
    )
  }
  const rows = await orm
    .select()
    .from(activity)
    .where(and(...where))
    .orderBy(
      desc(activity.minedAt),
      desc(activity.chainId),
      desc(activity.blockNumber),
      desc(activity.txIndex),
    )
    .limit(limit + 1)
  const shown = rows.slice(0, limit)
  const last = shown.at(-1)
  const next =
    rows.length > limit && last
      ? encodeCursor({
          minedAt: last.minedAt.toISOString(),
          chainId: last.chainId,
          blockNumber: last.blockNumber,
          txIndex: last.txIndex,
        })
      : null
  if (shown.length === 0) return { data: [], next }

  const chains = [...new Set(shown.map((row) => row.chainId))]
  const hashes = [...new Set(shown.map((row) => row.txHash))]
  const [transactions, transfers] = await Promise.all([
    orm
      .select()
      .from(Tables.chainTransactions)
      .where(
        and(
          inArray(Tables.chainTransactions.chainId, chains),
          inArray(Tables.chainTransactions.hash, hashes),
        ),
      ),
    orm
      .select()
      .from(Tables.chainTransfers)
      .where(
        and(inArray(Tables.chainTransfers.chainId, chains), inArray(Tables.chainTransfers.txHash, hashes)),
      ),
  ])
  const txByKey = new Map(transactions.map((tx) => [`${tx.chainId}:${tx.hash}`, tx]))
  const transfersByKey = new Map<string, TransferRow[]>()
  for (const transfer of transfers.sort((a, b) => transferOrder(a) - transferOrder(b))) {
    const k = `${transfer.chainId}:${transfer.txHash}`
    transfersByKey.set(k, [...(transfersByKey.get(k) ?? []), transfer])
  }

  const mine = new Map(
    shown.map((row) => {
      const k = `${row.chainId}:${row.txHash}`
      return [k, Operation.seenBy(account, transfersByKey.get(k) ?? [])]
    }),
  )
  const seen = [...mine.values()].flat()
  const tokenRefs = seen.flatMap(({ transfer }) =>
    transfer.token ? [{ chainId: transfer.chainId, address: transfer.token }] : [],
  )
  const itemRefs = seen.filter(({ transfer }) => transfer.kind === 'erc721')
  const [tokens, items] = await Promise.all([
    Tokens.lookup(orm, tokenRefs),
    itemRefs.length
      ? orm
          .select()
          .from(Tables.chainNftItems)
          .where(
            and(
              inArray(Tables.chainNftItems.chainId, chains),
              inArray(Tables.chainNftItems.contract, [
                ...new Set(itemRefs.map(({ transfer }) => transfer.token as string)),
              ]),
              inArray(Tables.chainNftItems.tokenId, [
                ...new Set(itemRefs.map(({ transfer }) => transfer.tokenId as string)),
              ]),
            ),
          )
      : [],
  ])
  const itemByKey = new Map(items.map((item) => [`${item.chainId}:${item.contract}:${item.tokenId}`, item]))

  const wanted = new Map<string, { address: string; decimals: number }[]>()
  for (const { transfer } of seen) {
    if (transfer.kind !== 'native' && transfer.kind !== 'erc20') continue
    const decimals =
      transfer.kind === 'native'
        ? Tokens.native(options.networks, transfer.chainId).decimals
        : tokens.get(Tokens.key(transfer.chainId, transfer.token as string))?.decimals
    if (decimals === null || decimals === undefined) continue
    const list = wanted.get(transfer.chainId) ?? []
    list.push({ address: transfer.token ?? Registry.NATIVE_ADDRESS, decimals })
    wanted.set(transfer.chainId, list)
  }
  const prices = await pagePrices(options.prices, wanted)

  const toTransfer = ({ transfer, direction }: Operation.Seen): Transaction.Transfer => {
    if (transfer.kind === 'erc721') {
      const collection = tokens.get(Tokens.key(transfer.chainId, transfer.token as string))
      const item = itemByKey.get(`${transfer.chainId}:${transfer.token}:${transfer.tokenId}`)
      const name = item?.name ?? `${collection?.name ?? 'NFT'} #${transfer.tokenId}`
      return {
        nft_info: {
          name,
          ...(item?.image ? { content: { preview: { url: item.image } } } : {}),
          flags: { is_spam: Registry.isSpam(Registry.of(transfer.chainId), transfer.token as string) },
        },
        direction,
        quantity: { numeric: '1' },
      }
    }
    const info =
      transfer.kind === 'native'
        ? { ...Tokens.native(options.networks, transfer.chainId), standard: 'erc20' as const }
        : tokens.get(Tokens.key(transfer.chainId, transfer.token as string))
    const decimals = info?.decimals ?? 0
    const numeric = formatUnits(BigInt(transfer.amount ?? '0'), decimals)
    const price = prices.get(Tokens.key(transfer.chainId, transfer.token ?? Registry.NATIVE_ADDRESS))
    const symbol = info?.symbol ?? null
    return {
      fungible_info: {
        ...(info?.name ? { name: info.name } : {}),
        ...(symbol ? { symbol } : {}),
        icon: { url: Tokens.iconUrl(options.publicUrl, symbol) },
      },
      direction,
      quantity: { numeric },
      ...(price ? { price, value: Number(numeric) * price } : {}),
    }
  }

  const data: Transaction.Transaction[] = []
  for (const row of shown) {
    const k = `${row.chainId}:${row.txHash}`
    const tx = txByKey.get(k)
    if (!tx) continue
    const sentTo = tx.toAddress ?? tx.contractAddress
    data.push({
      id: k,
      metadata: {
        operationType: Operation.classify({
          account,
          transaction: tx,
          transfers: transfersByKey.get(k) ?? [],
          chain: Registry.of(tx.chainId),
        }),
        hash: tx.hash,
        chain: tx.chainId,
        minedAt: tx.minedAt.toISOString(),
        sentFrom: getAddress(tx.fromAddress),
        sentTo: sentTo ? getAddress(sentTo) : '',
        status: tx.status,
        nonce: tx.nonce,
      },
      transfers: (mine.get(k) ?? []).map(toTransfer),
    })
  }
  return { data, next }
}
