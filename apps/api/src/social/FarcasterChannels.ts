import { createHash } from 'node:crypto'
import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'
import * as OAuthClient from './OAuthClient.js'

/**
 * The Farcaster sign-in channels of the dev stand-in: opened by the auth frame, approved on the dev
 * approval page (which names the user), polled for their state, and redeemed once for a session. A
 * channel lives 5 minutes. Times are passed in (milliseconds) so tests can move the clock.
 */

/** How long a channel can be approved and redeemed. */
export const CHANNEL_TTL_S = 300

/** Channels expired longer than this ago are swept (until then their state reads 'expired'). */
export const SWEEP_AFTER_S = 3600

/** The states the status route reports. */
export type State = 'pending' | 'completed' | 'expired'

/** A channel as stored. */
export type Channel = {
  projectId: string
  state: State
  userId: string | null
  userName: string | null
  redeemed: boolean
}

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Opens a channel for a project and returns its token. */
export async function open(db: Db.Db, projectId: string, now: number): Promise<string> {
  const token = OAuthClient.secret()
  await db.orm.insert(Tables.farcasterChannels).values({
    tokenHash: hash(token),
    projectId,
    createdAt: new Date(now),
    expiresAt: new Date(now + CHANNEL_TTL_S * 1000),
  })
  return token
}

/** A channel and its state at `now`, or undefined when the token is unknown. */
export async function get(db: Db.Db, token: string, now: number): Promise<Channel | undefined> {
  const [row] = await db.orm
    .select()
    .from(Tables.farcasterChannels)
    .where(eq(Tables.farcasterChannels.tokenHash, hash(token)))
  if (!row) return undefined
  const redeemed = row.redeemedAt !== null
  const state: State =
    redeemed || (row.completedAt !== null && row.expiresAt.getTime() > now)
      ? 'completed'
      : row.expiresAt.getTime() <= now
        ? 'expired'
        : 'pending'
  return { projectId: row.projectId, state, userId: row.userId, userName: row.userName, redeemed }
}

/** Marks a pending, unexpired channel approved by a user; false when it is not (any more). */
export async function complete(
  db: Db.Db,
  token: string,
  approval: { userId: string; userName: string },
  now: number,
): Promise<boolean> {
  const rows = await db.orm
    .update(Tables.farcasterChannels)
    .set({ userId: approval.userId, userName: approval.userName, completedAt: new Date(now) })
    .where(
      and(
        eq(Tables.farcasterChannels.tokenHash, hash(token)),
        isNull(Tables.farcasterChannels.completedAt),
        gt(Tables.farcasterChannels.expiresAt, new Date(now)),
      ),
    )
    .returning({ tokenHash: Tables.farcasterChannels.tokenHash })
  return rows.length > 0
}

/** Redeems a completed, unexpired channel: its user the first time, undefined otherwise. */
export async function redeem(db: Db.Db, token: string, now: number): Promise<{ userId: string } | undefined> {
  const [row] = await db.orm
    .update(Tables.farcasterChannels)
    .set({ redeemedAt: new Date(now) })
    .where(
      and(
        eq(Tables.farcasterChannels.tokenHash, hash(token)),
        isNotNull(Tables.farcasterChannels.completedAt),
        isNull(Tables.farcasterChannels.redeemedAt),
        gt(Tables.farcasterChannels.expiresAt, new Date(now)),
      ),
    )
    .returning({ userId: Tables.farcasterChannels.userId })
  return row?.userId ? { userId: row.userId } : undefined
}

/** Deletes channels that expired over {@link SWEEP_AFTER_S} ago. */
export async function sweep(db: Db.Db, now: number): Promise<void> {
  const before = new Date(now - SWEEP_AFTER_S * 1000)
  await db.orm.delete(Tables.farcasterChannels).where(lt(Tables.farcasterChannels.expiresAt, before))
}
