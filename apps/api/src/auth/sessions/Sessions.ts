import { createHash, randomBytes } from 'node:crypto'
import { Constants } from '@frontdoor/schemas'
import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type * as Db from '../../db/Db.js'
import * as Tables from '../../db/Tables.js'

/** How long a session lives: 7 days, the session lifetime of spec section 9. */
export const SESSION_LIFETIME_S = Constants.SESSION_LIFETIME_S

/** Random bytes in a token (256 bits). */
const TOKEN_BYTES = 32

/** A new session: the bearer token (shown once, never stored) and when it expires (ISO 8601). */
export type Created = { token: string; expiresAt: string }

/** A valid session. */
export type Active = { userId: string; tokenHash: string; expiresAt: Date }

/** The SHA-256 of a token, the only form the database keeps. */
export function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Opens a session for a user and returns its opaque bearer token.
 *
 * @example
 * const { token, expiresAt } = await Sessions.create(deps.db, user.id)
 */
export async function create(db: Db.Db, userId: string, options: { now?: number } = {}): Promise<Created> {
  const now = options.now ?? Date.now()
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  const expiresAt = new Date(now + SESSION_LIFETIME_S * 1000)
  await db.orm
    .insert(Tables.authSessions)
    .values({ tokenHash: hash(token), userId, createdAt: new Date(now), expiresAt })
  return { token, expiresAt: expiresAt.toISOString() }
}

/** The session of a token when it exists, is not revoked and has not expired; otherwise undefined. */
export async function resolve(
  db: Db.Db,
  token: string,
  options: { now?: number } = {},
): Promise<Active | undefined> {
  const now = new Date(options.now ?? Date.now())
  const tokenHash = hash(token)
  const [row] = await db.orm
    .select()
    .from(Tables.authSessions)
    .where(
      and(
        eq(Tables.authSessions.tokenHash, tokenHash),
        isNull(Tables.authSessions.revokedAt),
        gt(Tables.authSessions.expiresAt, now),
      ),
    )
  return row ? { userId: row.userId, tokenHash, expiresAt: row.expiresAt } : undefined
}

/** Revokes the session of a token (sign out); resolves true when one was active. */
export async function revoke(db: Db.Db, token: string, options: { now?: number } = {}): Promise<boolean> {
  const rows = await db.orm
    .update(Tables.authSessions)
    .set({ revokedAt: new Date(options.now ?? Date.now()) })
    .where(and(eq(Tables.authSessions.tokenHash, hash(token)), isNull(Tables.authSessions.revokedAt)))
    .returning({ tokenHash: Tables.authSessions.tokenHash })
  return rows.length > 0
}

/** Revokes every session of a user; resolves how many were active. */
export async function revokeAll(db: Db.Db, userId: string, options: { now?: number } = {}): Promise<number> {
  const rows = await db.orm
    .update(Tables.authSessions)
    .set({ revokedAt: new Date(options.now ?? Date.now()) })
    .where(and(eq(Tables.authSessions.userId, userId), isNull(Tables.authSessions.revokedAt)))
    .returning({ tokenHash: Tables.authSessions.tokenHash })
  return rows.length
}

/**
 * Revokes every session of a user but one (after an email change: whoever held the old address's
 * sessions loses them; the session that proved both codes stays); resolves how many were active.
 */
export async function revokeOthers(
  db: Db.Db,
  userId: string,
  keepTokenHash: string,
  options: { now?: number } = {},
): Promise<number> {
  const rows = await db.orm
    .update(Tables.authSessions)
    .set({ revokedAt: new Date(options.now ?? Date.now()) })
    .where(
      and(
        eq(Tables.authSessions.userId, userId),
        ne(Tables.authSessions.tokenHash, keepTokenHash),
        isNull(Tables.authSessions.revokedAt),
      ),
    )
    .returning({ tokenHash: Tables.authSessions.tokenHash })
  return rows.length
}
