import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'

/**
 * The analytics dashboard's token of a project. The CLI (`projects set-dashboard-token`) makes a random
 * one and prints it once; only its SHA-256 is stored, so a copy of the database does not open the
 * dashboard.
 */

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

/** Makes a new token for `projectId` (replacing any earlier one) and returns it. */
export async function reset(orm: Db.Orm, projectId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  await orm
    .insert(Tables.dashboardTokens)
    .values({ projectId, tokenSha256: sha256(token) })
    .onConflictDoUpdate({
      target: Tables.dashboardTokens.projectId,
      set: { tokenSha256: sha256(token), createdAt: sql`now()` },
    })
  return token
}

/** Removes the project's token: its dashboard is closed until a new one is set. */
export async function remove(orm: Db.Orm, projectId: string): Promise<void> {
  await orm.delete(Tables.dashboardTokens).where(eq(Tables.dashboardTokens.projectId, projectId))
}

/** Whether `token` is the project's dashboard token (false when the project has none). */
export async function check(orm: Db.Orm, projectId: string, token: string): Promise<boolean> {
  const [row] = await orm
    .select({ tokenSha256: Tables.dashboardTokens.tokenSha256 })
    .from(Tables.dashboardTokens)
    .where(eq(Tables.dashboardTokens.projectId, projectId))
  if (!row || !token) return false
  const expected = Buffer.from(row.tokenSha256, 'hex')
  const actual = Buffer.from(sha256(token), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
