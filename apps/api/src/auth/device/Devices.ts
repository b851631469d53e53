import { createHash, randomBytes } from 'node:crypto'
import { Constants } from '@frontdoor/schemas'
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import * as zm from 'zod/mini'
import type * as Db from '../../db/Db.js'
import * as Tables from '../../db/Tables.js'

/**
 * Device approval of the email login: each user's approved browsers (the auth frame's device id, kept
 * only as its SHA-256), and the single-use approval link an existing user gets by email when the right
 * code was entered in another browser. That browser gets a pending login, which the link completes:
 * whether an address has an account, and whether a browser is approved, shows only to whoever has
 * the code.
 */

/** How long an approval link works. */
export const APPROVAL_LIFETIME_S = 15 * 60
/** Spec section 9: at most one login email per 30 s (per user and device for the approval link). */
export const COOLDOWN_S = Constants.EMAIL_LOGIN_COOLDOWN_S

/** The auth frame's device id: a random id it keeps in its own storage. */
export const DeviceId = zm.string().check(zm.regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be a device id'))

/** An approval link's token (base64url of 32 random bytes). */
export const Token = zm.string().check(zm.regex(/^[A-Za-z0-9_-]{43}$/, 'must be an approval token'))

/** A pending login, given to the browser whose code was right (base64url of 32 random bytes). */
export const PendingLogin = zm.string().check(zm.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a pending login'))

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`

/** Whether `deviceId` is one of the user's approved browsers; a known device is marked as seen. */
export async function isKnown(db: Db.Db, userId: string, deviceId: string, now: number): Promise<boolean> {
  const rows = await db.orm
    .update(Tables.userDevices)
    .set({ lastSeenAt: new Date(now) })
    .where(and(eq(Tables.userDevices.userId, userId), eq(Tables.userDevices.deviceHash, sha256(deviceId))))
    .returning({ userId: Tables.userDevices.userId })
  return rows.length > 0
}

/** Remembers `deviceId` as approved by the user (a new user's first login, or an approval link). */
export async function remember(db: Db.Db, userId: string, deviceId: string, now: number): Promise<void> {
  await rememberHash(db, userId, sha256(deviceId), now)
}

async function rememberHash(db: Db.Db, userId: string, deviceHash: string, now: number) {
  await db.orm
    .insert(Tables.userDevices)
    .values({ userId, deviceHash, createdAt: new Date(now), lastSeenAt: new Date(now) })
    .onConflictDoNothing()
}

/** The outcome of {@link requestApproval}: the pending login, and the link's token when one is to be mailed. */
export type Requested = { login: string; token?: string }

/**
 * A pending login of the user's device, completed once the device is approved ({@link completeLogin}),
 * and a new approval link unless one was sent less than {@link COOLDOWN_S} ago (that link still works;
 * no second email). A new link replaces an earlier one of that device; a new pending login replaces
 * an earlier one. One statement each, so concurrent requests send one email.
 *
 * @example
 * const requested = await Devices.requestApproval(db, user.id, deviceId, now)
 * if (requested.token) await mailer.send(Mails.approveDevice({ url: Devices.approvalUrl(base, requested.token), ... }))
 */
export async function requestApproval(
  db: Db.Db,
  userId: string,
  deviceId: string,
  now: number,
): Promise<Requested> {
  const table = Tables.deviceApprovals
  const token = randomBytes(32).toString('base64url')
  const login = randomBytes(32).toString('base64url')
  const rows = await db.orm
    .insert(table)
    .values({
      userId,
      deviceHash: sha256(deviceId),
      tokenHash: sha256(token),
      sentAt: new Date(now),
      expiresAt: new Date(now + APPROVAL_LIFETIME_S * 1000),
      approvedAt: null,
      loginHash: sha256(login),
    })
    .onConflictDoUpdate({
      target: [table.userId, table.deviceHash],
      set: {
        tokenHash: sql`excluded.token_hash`,
        sentAt: sql`excluded.sent_at`,
        expiresAt: sql`excluded.expires_at`,
        approvedAt: null,
        loginHash: sql`excluded.login_hash`,
      },
      setWhere: sql`${table.sentAt} IS NULL OR ${table.sentAt} <= ${at(now - COOLDOWN_S * 1000)}`,
    })
    .returning({ userId: table.userId })
  if (rows.length) return { login, token }
  // A link went out moments ago: it stays, and completes this login.
  await db.orm
    .update(table)
    .set({ loginHash: sha256(login) })
    .where(and(eq(table.userId, userId), eq(table.deviceHash, sha256(deviceId))))
  return { login }
}

/** Withdraws a link whose email could not be sent (and its pending login), so the device has no cooldown for it. */
export async function withdraw(db: Db.Db, userId: string, deviceId: string): Promise<void> {
  await db.orm
    .update(Tables.deviceApprovals)
    .set({ tokenHash: null, sentAt: null, loginHash: null })
    .where(
      and(eq(Tables.deviceApprovals.userId, userId), eq(Tables.deviceApprovals.deviceHash, sha256(deviceId))),
    )
}

/** The outcome of {@link completeLogin}. */
export type Completion = { state: 'approved'; userId: string } | { state: 'pending' } | { state: 'invalid' }

/**
 * The pending login of {@link requestApproval}: the user once the link approved the device (single
 * use: one statement takes it), `pending` until then, `invalid` when unknown, used, replaced or expired.
 */
export async function completeLogin(db: Db.Db, login: string, now: number): Promise<Completion> {
  const table = Tables.deviceApprovals
  const live = and(eq(table.loginHash, sha256(login)), gt(table.expiresAt, new Date(now)))
  const [taken] = await db.orm
    .update(table)
    .set({ loginHash: null })
    .where(and(live, isNotNull(table.approvedAt)))
    .returning({ userId: table.userId })
  if (taken) return { state: 'approved', userId: taken.userId }
  const [waiting] = await db.orm.select({ userId: table.userId }).from(table).where(live)
  return waiting ? { state: 'pending' } : { state: 'invalid' }
}

/** Whether an approval token is one that still works (the page asks before showing its button). */
export async function isPending(db: Db.Db, token: string, now: number): Promise<boolean> {
  const table = Tables.deviceApprovals
  const [row] = await db.orm
    .select({ userId: table.userId })
    .from(table)
    .where(
      and(eq(table.tokenHash, sha256(token)), gt(table.expiresAt, new Date(now)), isNull(table.approvedAt)),
    )
  return row !== undefined
}

/**
 * Approves the device of a link: uses the token up (single use, one statement) and remembers the
 * device. Resolves false for a token that is unknown, used, replaced or expired.
 */
export async function approve(db: Db.Db, token: string, now: number): Promise<boolean> {
  const table = Tables.deviceApprovals
  const [row] = await db.orm
    .update(table)
    .set({ approvedAt: new Date(now), tokenHash: null })
    .where(
      and(eq(table.tokenHash, sha256(token)), gt(table.expiresAt, new Date(now)), isNull(table.approvedAt)),
    )
    .returning({ userId: table.userId, deviceHash: table.deviceHash })
  if (!row) return false
  await rememberHash(db, row.userId, row.deviceHash, now)
  return true
}

/** The link of an approval token on the API's public URL. */
export function approvalUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}${APPROVE_PATH}?${new URLSearchParams({ token })}`
}

/** The approval page's path (outside /v1/auth/: the page's own form posts to it from the API's origin). */
export const APPROVE_PATH = '/v1/device/approve'
