import type { Identity } from '@frontdoor/schemas'
import type * as Profile from '@frontdoor/schemas/api/profile'
import { desc, eq, inArray } from 'drizzle-orm'
import { getAddress } from 'viem'
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

type Row = typeof names.$inferSelect

function toProfile(row: Row): Profile.NameProfile {
  const attributes: { avatar?: string; bio?: string } = {}
  if (row.avatar) attributes.avatar = row.avatar
  if (row.bio) attributes.bio = row.bio
  return {
    name: row.name,
    registered_at: row.registeredAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    // Stored in lower case to compare; answered checksummed (EIP-55), as wallets show addresses.
    addresses: {
      [EVM_COIN_TYPE]: { address: getAddress(row.address), created: row.registeredAt.toISOString() },
    },
    attributes: Object.keys(attributes).length ? [attributes] : [],
  }
}

/** The profile of a registered name (`GET /v1/profile/account/{name}`), or undefined. */
export async function profile(orm: Db.Orm, name: string): Promise<Profile.NameProfile | undefined> {
  const [row] = await orm.select().from(names).where(eq(names.name, name.toLowerCase())).limit(1)
  return row ? toProfile(row) : undefined
}

/** The most names `reverse` lists for one address. */
export const REVERSE_MAX = 20

/** The names of an address, newest first (`GET /v1/profile/reverse/{address}`). */
export async function reverse(orm: Db.Orm, address: string): Promise<Profile.NameProfile[]> {
  const rows = await orm
    .select()
    .from(names)
    .where(eq(names.address, address.toLowerCase()))
    .orderBy(desc(names.updatedAt), names.name)
    .limit(REVERSE_MAX)
  return rows.map(toProfile)
}

/** Which of `candidates` (full names) are registered. */
export async function registered(orm: Db.Orm, candidates: readonly string[]): Promise<Set<string>> {
  if (!candidates.length) return new Set()
  const rows = await orm
    .select({ name: names.name })
    .from(names)
    .where(
      inArray(
        names.name,
        candidates.map((name) => name.toLowerCase()),
      ),
    )
  return new Set(rows.map((row) => row.name))
}

/**
 * Registers a name for an address; resolves undefined when the name is taken (names are unique,
 * whoever asks first keeps it).
 */
export async function register(
  orm: Db.Orm,
  entry: Entry & { avatar?: string | undefined; bio?: string | undefined },
  options: { now: number },
): Promise<Profile.NameProfile | undefined> {
  const at = new Date(options.now)
  const [row] = await orm
    .insert(names)
    .values({
      name: entry.name.toLowerCase(),
      address: entry.address.toLowerCase(),
      avatar: entry.avatar ?? null,
      bio: entry.bio ?? null,
      registeredAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning()
  return row ? toProfile(row) : undefined
}
