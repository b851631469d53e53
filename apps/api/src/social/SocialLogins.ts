import { createHash } from 'node:crypto'
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'
import * as OAuthClient from './OAuthClient.js'

/**
 * The server side of a social login: the pending login behind each popup's `state` (PKCE verifier,
 * nonce, project, provider, target origin, the modal's attempt id, the hash of the attempt's binding
 * and of the browser cookie set at start), taken once by the callback, and the one-time redeem code
 * the login ends in, redeemed only with the attempt's binding. Times are passed in (milliseconds) so
 * tests can move the clock.
 */

/** How long the user has to sign in at the provider. */
export const LOGIN_TTL_S = 600

/** How long a redeem code is valid; it is valid once. */
export const REDEEM_CODE_TTL_S = 60

/** Rows expired longer than this ago are swept. */
export const SWEEP_AFTER_S = 3600

/** A pending login as stored. */
export type Login = {
  projectId: string
  provider: string
  origin: string
  verifier: string
  nonce: string
  attempt: string | null
  bindingHash: string | null
  browserHash: string | null
}

/** SHA-256, hex: how state, codes and the browser cookie are stored. */
export function hash(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** The binding hash of social-popup (`bindingHash`): SHA-256, base64url. */
export function bindingHash(binding: string): string {
  return createHash('sha256').update(binding).digest('base64url')
}

/**
 * Stores a new pending login and returns its fresh `state`, `nonce`, PKCE `verifier` and `browser`
 * secret (the cookie the callback needs).
 *
 * @example
 * const { state, nonce, verifier, browser } = await SocialLogins.begin(db, { projectId, provider, origin, attempt, bindingHash }, Date.now())
 */
export async function begin(
  db: Db.Db,
  login: { projectId: string; provider: string; origin: string; attempt: string; bindingHash: string },
  now: number,
): Promise<{ state: string; nonce: string; verifier: string; browser: string }> {
  const state = OAuthClient.secret()
  const nonce = OAuthClient.secret()
  const verifier = OAuthClient.secret()
  const browser = OAuthClient.secret()
  await db.orm.insert(Tables.socialLogins).values({
    stateHash: hash(state),
    projectId: login.projectId,
    provider: login.provider,
    origin: login.origin,
    codeVerifier: verifier,
    nonce,
    attempt: login.attempt,
    bindingHash: login.bindingHash,
    browserHash: hash(browser),
    createdAt: new Date(now),
    expiresAt: new Date(now + LOGIN_TTL_S * 1000),
  })
  return { state, nonce, verifier, browser }
}

/** Takes the pending login of a `state` (once: a second take finds nothing); undefined when unknown or expired. */
export async function take(db: Db.Db, state: string, now: number): Promise<Login | undefined> {
  const [row] = await db.orm
    .delete(Tables.socialLogins)
    .where(eq(Tables.socialLogins.stateHash, hash(state)))
    .returning()
  if (!row || row.expiresAt.getTime() <= now) return undefined
  return {
    projectId: row.projectId,
    provider: row.provider,
    origin: row.origin,
    verifier: row.codeVerifier,
    nonce: row.nonce,
    attempt: row.attempt,
    bindingHash: row.bindingHash,
    browserHash: row.browserHash,
  }
}

/** Issues a one-time redeem code for a user who just signed in with `provider`, bound to `bindingHash`. */
export async function issueCode(
  db: Db.Db,
  grant: { userId: string; provider: string; bindingHash: string },
  now: number,
): Promise<string> {
  const code = OAuthClient.secret()
  await db.orm.insert(Tables.socialRedeemCodes).values({
    codeHash: hash(code),
    userId: grant.userId,
    provider: grant.provider,
    bindingHash: grant.bindingHash,
    createdAt: new Date(now),
    expiresAt: new Date(now + REDEEM_CODE_TTL_S * 1000),
  })
  return code
}

/**
 * Redeems a code with its attempt's binding: its user the first time within its lifetime, undefined
 * otherwise (a wrong binding leaves the code as it was).
 */
export async function redeemCode(
  db: Db.Db,
  code: string,
  binding: string,
  now: number,
): Promise<{ userId: string; provider: string } | undefined> {
  const [row] = await db.orm
    .update(Tables.socialRedeemCodes)
    .set({ redeemedAt: new Date(now) })
    .where(
      and(
        eq(Tables.socialRedeemCodes.codeHash, hash(code)),
        eq(Tables.socialRedeemCodes.bindingHash, bindingHash(binding)),
        isNull(Tables.socialRedeemCodes.redeemedAt),
        gt(Tables.socialRedeemCodes.expiresAt, new Date(now)),
      ),
    )
    .returning({ userId: Tables.socialRedeemCodes.userId, provider: Tables.socialRedeemCodes.provider })
  return row
}

/** Deletes pending logins and codes that expired over {@link SWEEP_AFTER_S} ago. */
export async function sweep(db: Db.Db, now: number): Promise<void> {
  const before = new Date(now - SWEEP_AFTER_S * 1000)
  await db.orm.delete(Tables.socialLogins).where(lt(Tables.socialLogins.expiresAt, before))
  await db.orm.delete(Tables.socialRedeemCodes).where(lt(Tables.socialRedeemCodes.expiresAt, before))
}
