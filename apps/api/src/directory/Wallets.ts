import { and, asc, count, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'
import * as Seed from './Seed.js'

/** A directory entry as `/getWallets` returns it (REFERENCE.md, Wallet). */
export type Wallet = Omit<typeof Tables.wallets.$inferSelect, never> & { image_url: string }

export type Filter = {
  page: number
  entries: number
  search?: string | undefined
  badge_type?: 'none' | 'certified' | undefined
  include?: string[] | undefined
  exclude?: string[] | undefined
  chains?: string[] | undefined
  /** With `rdns`: keep wallets named (case-insensitively) in `names` or with an rdns in `rdns`. */
  names?: string[] | undefined
  rdns?: string[] | undefined
}

/** The URL of a wallet's image on this API. */
export function imageUrl(publicUrl: string, imageId: string): string {
  return `${publicUrl}/getWalletImage/${encodeURIComponent(imageId)}`
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/**
 * One page of wallets matching the filter, ordered by `order` then id, and the count of all matches.
 * `search` matches names case-insensitively; `chains` keeps wallets supporting any of the chains;
 * `names` / `rdns` keep the wallets of AppKit's connectors (by name or reverse-DNS id).
 */
export async function query(
  orm: Db.Orm,
  filter: Filter,
  publicUrl: string,
): Promise<{ data: Wallet[]; count: number }> {
  const w = Tables.wallets
  const where: SQL[] = []
  if (filter.search) where.push(ilike(w.name, `%${escapeLike(filter.search)}%`))
  if (filter.badge_type) where.push(eq(w.badge_type, filter.badge_type))
  if (filter.include?.length) where.push(inArray(w.id, filter.include))
  if (filter.exclude?.length) where.push(notInArray(w.id, filter.exclude))
  if (filter.chains?.length) {
    const list = sql.join(
      filter.chains.map((chain) => sql`${chain}`),
      sql`, `,
    )
    where.push(sql`${w.chains} ?| array[${list}]::text[]`)
  }
  if (filter.names?.length || filter.rdns?.length) {
    const either: SQL[] = []
    if (filter.names?.length)
      either.push(
        inArray(
          sql`lower(${w.name})`,
          filter.names.map((name) => name.toLowerCase()),
        ),
      )
    if (filter.rdns?.length) either.push(inArray(w.rdns, filter.rdns))
    where.push(or(...either) as SQL)
  }
  const condition = where.length ? and(...where) : undefined
  const [rows, totals] = await Promise.all([
    orm
      .select()
      .from(w)
      .where(condition)
      .orderBy(asc(w.order), asc(w.id))
      .limit(filter.entries)
      .offset((filter.page - 1) * filter.entries),
    orm.select({ n: count() }).from(w).where(condition),
  ])
  return {
    data: rows.map((row) => ({ ...row, image_url: imageUrl(publicUrl, row.image_id) })),
    count: Number(totals[0]?.n ?? 0),
  }
}

/** The wallet whose image id this is, or undefined. */
export async function byImageId(
  orm: Db.Orm,
  imageId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await orm
    .select({ id: Tables.wallets.id, name: Tables.wallets.name })
    .from(Tables.wallets)
    .where(eq(Tables.wallets.image_id, imageId))
  return row
}

/** Inserts or updates the seeded wallets (idempotent; the seed module is the source of truth). */
export async function seed(orm: Db.Orm): Promise<number> {
  const rows = Seed.wallets()
  const w = Tables.wallets
  const excluded = (column: string) => sql.raw(`excluded."${column}"`)
  await orm
    .insert(w)
    .values(rows)
    .onConflictDoUpdate({
      target: w.id,
      set: Object.fromEntries(
        Object.keys(rows[0]!)
          .filter((key) => key !== 'id')
          .map((key) => [key, excluded(key)]),
      ),
    })
  return rows.length
}
