import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import type * as Db from '../../db/Db.js'
import * as Tables from '../../db/Tables.js'
import * as Vault from './Vault.js'

/**
 * Rotating the vault's master key with no downtime. Every API node first runs with the new key as
 * VAULT_MASTER_KEY and the old one as VAULT_MASTER_KEY_PREVIOUS: it opens data keys under either (by
 * the key id stored beside each) and keeps wrapping new ones under the old key, which nodes not yet
 * restarted hold too. Then {@link rotate} re-wraps every data key under the new key and records it, in
 * one transaction: nodes keep reading throughout (the rows they read are wrapped under a key they
 * hold before and after the commit), and from the commit new data keys are wrapped under the new key.
 * Then VAULT_MASTER_KEY_PREVIOUS can go.
 */

/** Data keys re-wrapped per statement (by default). */
const BATCH = 500

/** What {@link rotate} did. */
export type Rotated = {
  from: string
  to: string
  /** Data keys re-wrapped from the previous key to the new one. */
  rewrapped: number
  /** Data keys that were under the new key already (an earlier run, or created meanwhile). */
  already: number
}

/** Thrown when rotating is not possible: nothing was changed. */
export class RotationError extends Error {
  override name = 'RotationError'
}

/**
 * Re-wraps every data key under the previous master key with the current one (`vault` holds both:
 * VAULT_MASTER_KEY and VAULT_MASTER_KEY_PREVIOUS) and records the current one as the key new data keys
 * are wrapped under, in one transaction. Idempotent: a second run re-wraps nothing. Refuses (changing
 * nothing) without a previous key, or when a data key is under a master key that is neither.
 *
 * @example
 * const { rewrapped } = await Rotation.rotate(db, vault, { now: Date.now() })
 */
export async function rotate(
  db: Db.Db,
  vault: Vault.Vault,
  options: { now: number; batchSize?: number },
): Promise<Rotated> {
  const from = vault.previousKeyId
  const to = vault.masterKeyId
  if (!from)
    throw new RotationError(
      'set VAULT_MASTER_KEY to the new master key and VAULT_MASTER_KEY_PREVIOUS to the one being retired',
    )
  const table = Tables.vaultKeys
  return db.orm.transaction(async (tx) => {
    // First: from here, keys being created wait for this transaction (they share-lock this row).
    await tx
      .insert(Tables.vaultMaster)
      .values({ id: 1, keyId: to, rotatedAt: new Date(options.now) })
      .onConflictDoUpdate({
        target: Tables.vaultMaster.id,
        set: { keyId: to, rotatedAt: new Date(options.now) },
      })
    const unknown = await tx
      .select({ keyId: table.masterKeyId, n: count() })
      .from(table)
      .where(and(ne(table.masterKeyId, from), ne(table.masterKeyId, to)))
      .groupBy(table.masterKeyId)
    if (unknown.length)
      throw new RotationError(
        `data keys under master key(s) neither VAULT_MASTER_KEY nor VAULT_MASTER_KEY_PREVIOUS: ${unknown.map((u) => `${u.keyId} (${u.n})`).join(', ')}; nothing was changed`,
      )
    const [{ n: already } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(table)
      .where(eq(table.masterKeyId, to))
    let rewrapped = 0
    for (;;) {
      const rows = await tx
        .select({ userId: table.userId, wrapped: table.wrappedDataKey })
        .from(table)
        .where(eq(table.masterKeyId, from))
        .orderBy(asc(table.userId))
        .limit(options.batchSize ?? BATCH)
        .for('update')
      if (!rows.length) break
      const values = rows.map(
        (row) => sql`(${row.userId}, ${Vault.rewrap(vault, row.userId, row.wrapped, from, to)})`,
      )
      const updated = await tx.execute(sql`
        UPDATE ${table} SET master_key_id = ${to}, wrapped_data_key = v.wrapped
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(user_id, wrapped)
        WHERE ${table.userId} = v.user_id AND ${table.masterKeyId} = ${from}
        RETURNING ${table.userId}`)
      const changed = (updated as unknown as { rows: unknown[] }).rows.length
      if (changed !== rows.length)
        throw new RotationError(`re-wrapped ${changed} of ${rows.length} data keys; nothing was changed`)
      rewrapped += rows.length
    }
    return { from, to, rewrapped, already }
  })
}

/** What {@link status} sees: the recorded key, and how many data keys each master key wraps. */
export type Status = {
  recorded: string | null
  keys: { keyId: string; dataKeys: number; held: 'VAULT_MASTER_KEY' | 'VAULT_MASTER_KEY_PREVIOUS' | null }[]
}

/** The data keys per master key, and which of them this process holds. */
export async function status(db: Db.Db, vault: Vault.Vault): Promise<Status> {
  const table = Tables.vaultKeys
  const rows = await db.orm
    .select({ keyId: table.masterKeyId, n: count() })
    .from(table)
    .groupBy(table.masterKeyId)
  const counts = new Map(rows.map((row) => [row.keyId, Number(row.n)]))
  const ids = [vault.masterKeyId, vault.previousKeyId, ...counts.keys()].filter(
    (id, i, all): id is string => id !== undefined && all.indexOf(id) === i,
  )
  return {
    recorded: await Vault.recordedKeyId(db.orm),
    keys: ids.map((keyId) => ({
      keyId,
      dataKeys: counts.get(keyId) ?? 0,
      held:
        keyId === vault.masterKeyId
          ? 'VAULT_MASTER_KEY'
          : keyId === vault.previousKeyId
            ? 'VAULT_MASTER_KEY_PREVIOUS'
            : null,
    })),
  }
}
