import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'

/** How long a nonce may wait for its signed message. */
export const NONCE_LIFETIME_S = 600

/** How long used and expired nonces are kept before they are deleted. */
export const NONCE_KEPT_S = 86_400

const table = Tables.siwxNonces

/**
 * Hands out a nonce for a sign-in message of `projectId`: 32 hex characters (EIP-4361 wants 8+
 * letters or digits), valid {@link NONCE_LIFETIME_S}. Old nonces are swept on the way.
 *
 * @example
 * const { nonce, expiresAt } = await Nonces.issue(db, 'demo', { now: Date.now() })
 */
export async function issue(db: Db.Db, projectId: string, options: { now: number }) {
  const nonce = randomBytes(16).toString('hex')
  const expiresAt = new Date(options.now + NONCE_LIFETIME_S * 1000)
  await db.orm.insert(table).values({ nonce, projectId, createdAt: new Date(options.now), expiresAt })
  await db.orm.delete(table).where(lt(table.expiresAt, new Date(options.now - NONCE_KEPT_S * 1000)))
  return { nonce, expiresAt }
}

/**
 * Uses a nonce up in one statement: true when it was handed out to `projectId`, is unexpired and
 * was not used before, so a replayed or concurrent second message with it is refused.
 */
export async function consume(db: Db.Db, projectId: string, nonce: string, options: { now: number }) {
  const rows = await db.orm
    .update(table)
    .set({ usedAt: new Date(options.now) })
    .where(
      and(
        eq(table.nonce, nonce),
        eq(table.projectId, projectId),
        isNull(table.usedAt),
        gt(table.expiresAt, new Date(options.now)),
      ),
    )
    .returning({ nonce: table.nonce })
  return rows.length > 0
}
