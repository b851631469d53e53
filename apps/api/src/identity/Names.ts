import type { Identity } from '@frontdoor/schemas'
import type * as Profile from '@frontdoor/schemas/api/profile'
import { desc, eq } from 'drizzle-orm'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'

/** The `names` table (db/Tables.ts): account names and their addresses (lowercase). */
const names = Tables.names

/** A name and the address it points to. */
export type Entry = { name: string; address: string }

/**
 * Registers names that are not there yet (idempotent: a name already registered keeps its address).
 * The development module seeds the dev account's name with it.
 */
export async function seed(orm: Db.Orm, entries: readonly Entry[]): Promise<void> {
  if (!entries.length) return
  await orm
    .insert(names)
    .values(
      entries.map((entry) => ({ name: entry.name.toLowerCase(), address: entry.address.toLowerCase() })),
    )
    .onConflictDoNothing()
}

/** The identity of an address: its most recently updated name and that name's avatar, or nulls. */
export async function identity(orm: Db.Orm, address: string): Promise<Identity.IdentityResponse> {
  const [row] = await orm
    .select({ name: names.name, avatar: names.avatar })
    .from(names)
    .where(eq(names.address, address.toLowerCase()))
    .orderBy(desc(names.updatedAt), names.name)
    .limit(1)
  return { name: row?.name ?? null, avatar: row?.avatar ?? null }
}

/** The SLIP-44 coin type of EVM addresses in a name profile. */
export const EVM_COIN_TYPE = '60'

/** The profile of a registered name (`GET /v1/profile/account/{name}`), or undefined. */
export async function profile(orm: Db.Orm, name: string): Promise<Profile.NameProfile | undefined> {
  const [row] = await orm.select().from(names).where(eq(names.name, name.toLowerCase())).limit(1)
  if (!row) return undefined
  return {
    name: row.name,
    registered_at: row.registeredAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    addresses: { [EVM_COIN_TYPE]: { address: row.address, created: row.registeredAt.toISOString() } },
    attributes: row.avatar ? [{ avatar: row.avatar }] : [],
  }
}
