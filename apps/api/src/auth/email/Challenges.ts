import { EmailRule } from '@frontdoor/schemas'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type * as Db from '../../db/Db.js'
import * as Tables from '../../db/Tables.js'
import * as Otp from './Otp.js'

/**
 * The pending one-time password per purpose and address, with the rules around it: one email per
 * address per cooldown, a lifetime, single use, and a lockout after too many wrong codes. Every
 * decision is one SQL statement, so concurrent requests (and several API nodes) cannot slip past a rule.
 */

/** What a code is for: a login, or the two addresses of an email change. */
export type Purpose = 'login' | 'update_primary' | 'update_secondary'

/** Where a challenge lives. */
export type Key = { purpose: Purpose; email: string }

/** The outcome of {@link issue}. */
export type Issued =
  | { ok: true; code: string }
  | { ok: false; reason: 'cooldown' | 'locked'; retryAfterS: number }

/** The outcome of {@link check}. */
export type Checked =
  | { ok: true; userId: string | null; newEmail: string | null }
  | { ok: false; reason: 'invalid' | 'expired'; failuresLeft?: number }
  | { ok: false; reason: 'locked'; retryAfterS: number }

const table = Tables.emailChallenges
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`
const whereKey = (key: Key) => and(eq(table.purpose, key.purpose), eq(table.email, key.email))
const secondsUntil = (when: Date, nowMs: number) => Math.max(1, Math.ceil((when.getTime() - nowMs) / 1000))

async function read(db: Db.Db, key: Key) {
  const [row] = await db.orm.select().from(table).where(whereKey(key))
  return row
}

/**
 * Makes a new code for an address unless its cooldown runs or it is locked out. The code replaces any
 * earlier one. `userId` and `newEmail` ride along for an email change.
 *
 * @example
 * const issued = await Challenges.issue(db, otpKey, { purpose: 'login', email }, { now })
 * if (issued.ok) await mailer.send(Mails.login({ code: issued.code, ... }))
 */
export async function issue(
  db: Db.Db,
  otpKey: Uint8Array,
  key: Key,
  options: { now: number; userId?: string; newEmail?: string },
): Promise<Issued> {
  const { now } = options
  const code = Otp.generate()
  const rows = await db.orm
    .insert(table)
    .values({
      ...key,
      codeHash: Otp.hash(otpKey, key, code),
      sentAt: new Date(now),
      expiresAt: new Date(now + Otp.LIFETIME_S * 1000),
      consumedAt: null,
      failures: 0,
      lockedUntil: null,
      userId: options.userId ?? null,
      newEmail: options.newEmail ?? null,
    })
    .onConflictDoUpdate({
      target: [table.purpose, table.email],
      set: {
        codeHash: sql`excluded.code_hash`,
        sentAt: sql`excluded.sent_at`,
        expiresAt: sql`excluded.expires_at`,
        consumedAt: null,
        // Wrong codes count across resent codes until a lockout ends or they are older than one.
        failures: sql`CASE WHEN ${table.lockedUntil} IS NOT NULL OR ${table.sentAt} IS NULL OR ${table.sentAt} <= ${at(now - Otp.LOCKOUT_S * 1000)} THEN 0 ELSE ${table.failures} END`,
        lockedUntil: null,
        userId: sql`excluded.user_id`,
        newEmail: sql`excluded.new_email`,
      },
      setWhere: sql`(${table.sentAt} IS NULL OR ${table.sentAt} <= ${at(now - Otp.COOLDOWN_S * 1000)}) AND (${table.lockedUntil} IS NULL OR ${table.lockedUntil} <= ${at(now)})`,
    })
    .returning({ purpose: table.purpose })
  if (rows.length) return { ok: true, code }
  const row = await read(db, key)
  if (row?.lockedUntil && row.lockedUntil.getTime() > now)
    return { ok: false, reason: 'locked', retryAfterS: secondsUntil(row.lockedUntil, now) }
  const retryAfterS = EmailRule.cooldownRemainingS(row?.sentAt?.getTime(), now)
  return { ok: false, reason: 'cooldown', retryAfterS: Math.max(1, retryAfterS) }
}

/** Withdraws a code whose email could not be sent, so the address has no cooldown for it. */
export async function withdraw(db: Db.Db, key: Key): Promise<void> {
  await db.orm.update(table).set({ codeHash: null, sentAt: null, expiresAt: null }).where(whereKey(key))
}

/**
 * Checks a code without using it up. Each check takes one of the {@link Otp.MAX_FAILURES} attempts in
 * one statement before the code is compared, so a burst of concurrent guesses (over several API nodes
 * too) gets no more comparisons than that; a right code gives its attempt back when it is consumed.
 * The attempt that uses up the last one locks the address for {@link Otp.LOCKOUT_S} and withdraws the
 * code unless it was right. With `userId`, only that user's code counts. A code hashed under any of
 * `otpKeys` counts (during a master key rotation, codes of the previous key too).
 */
export async function check(
  db: Db.Db,
  otpKeys: readonly Uint8Array[],
  key: Key,
  code: string,
  options: { now: number; userId?: string },
): Promise<Checked> {
  const { now } = options
  const row = await read(db, key)
  const locked = (until: Date) =>
    ({ ok: false, reason: 'locked', retryAfterS: secondsUntil(until, now) }) as const
  if (row?.lockedUntil && row.lockedUntil.getTime() > now) return locked(row.lockedUntil)
  if (!row?.codeHash || row.consumedAt || (options.userId !== undefined && row.userId !== options.userId))
    return { ok: false, reason: 'invalid' }
  if (!row.expiresAt || row.expiresAt.getTime() <= now) return { ok: false, reason: 'expired' }
  const [attempt] = await db.orm
    .update(table)
    .set({ failures: sql`${table.failures} + 1` })
    .where(
      and(
        whereKey(key),
        isNull(table.consumedAt),
        sql`${table.failures} < ${Otp.MAX_FAILURES}`,
        sql`(${table.lockedUntil} IS NULL OR ${table.lockedUntil} <= ${at(now)})`,
      ),
    )
    .returning({ failures: table.failures, codeHash: table.codeHash })
  if (!attempt) {
    // No attempt left, or a concurrent request used the code up (or withdrew it) meanwhile.
    const current = await read(db, key)
    if (current?.lockedUntil && current.lockedUntil.getTime() > now) return locked(current.lockedUntil)
    if (!current?.codeHash || current.consumedAt) return { ok: false, reason: 'invalid' }
    // The last attempt was taken and its lockout is being written.
    return locked(new Date(now + Otp.LOCKOUT_S * 1000))
  }
  if (attempt.codeHash && Otp.matches(otpKeys, key, code, attempt.codeHash))
    return { ok: true, userId: row.userId, newEmail: row.newEmail }
  if (attempt.failures < Otp.MAX_FAILURES)
    return { ok: false, reason: 'invalid', failuresLeft: Otp.MAX_FAILURES - attempt.failures }
  const lockedUntil = new Date(now + Otp.LOCKOUT_S * 1000)
  await db.orm
    .update(table)
    .set({ lockedUntil, codeHash: null })
    .where(and(whereKey(key), isNull(table.consumedAt)))
  return locked(lockedUntil)
}

/**
 * Uses a checked code up; resolves false when another request used it first (single use), or it
 * expired or was replaced meanwhile.
 */
export async function consume(
  db: Db.Db,
  otpKeys: readonly Uint8Array[],
  key: Key,
  code: string,
  options: { now: number },
): Promise<boolean> {
  const rows = await db.orm
    .update(table)
    .set({ consumedAt: new Date(options.now), failures: 0 })
    .where(
      and(
        whereKey(key),
        inArray(
          table.codeHash,
          otpKeys.map((otpKey) => Otp.hash(otpKey, key, code)),
        ),
        isNull(table.consumedAt),
        sql`${table.expiresAt} > ${at(options.now)}`,
      ),
    )
    .returning({ purpose: table.purpose })
  return rows.length > 0
}

/** The pending email change of a user (its primary challenge), if any. */
export async function pendingUpdate(db: Db.Db, userId: string, currentEmail: string) {
  const row = await read(db, { purpose: 'update_primary', email: currentEmail })
  if (!row || row.userId !== userId || !row.newEmail || row.consumedAt) return undefined
  return { newEmail: row.newEmail }
}
