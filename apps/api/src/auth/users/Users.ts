import { randomUUID } from 'node:crypto'
import { Constants } from '@frontdoor/schemas'
import { and, eq } from 'drizzle-orm'
import type * as Db from '../../db/Db.js'
import * as Tables from '../../db/Tables.js'

/** How a user logs in: by email, or with one of the social providers (spec section 1's socials). */
export const IDENTITY_KINDS = ['email', ...Constants.DEFAULT_SOCIALS] as const
export type IdentityKind = (typeof IDENTITY_KINDS)[number]

/** An account type of spec section 4. */
export type AccountType = 'eoa' | 'smartAccount'

/**
 * A login identity: `('email', address)` or `(provider, the provider's stable subject)`. `email` and
 * `userName` are what the provider told about the person; they fill the user's empty fields.
 */
export type Identity = {
  kind: IdentityKind
  subject: string
  email?: string | undefined
  userName?: string | undefined
}

/** A user as stored. */
export type User = {
  id: string
  email: string | null
  userName: string | null
  socialProvider: string | null
  preferredAccountType: AccountType | null
}

/** Thrown by {@link changeEmail} when another user already logs in with the new address. */
export class EmailTakenError extends Error {
  override name = 'EmailTakenError'
}

/** The form emails are stored and compared in: trimmed, lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

function subjectOf(identity: Pick<Identity, 'kind' | 'subject'>): string {
  return identity.kind === 'email' ? normalizeEmail(identity.subject) : identity.subject
}

function toUser(row: typeof Tables.users.$inferSelect): User {
  return {
    id: row.id,
    email: row.email,
    userName: row.userName,
    socialProvider: row.socialProvider,
    preferredAccountType: row.preferredAccountType,
  }
}

/** One user, or undefined. */
export async function get(db: Db.Db, id: string): Promise<User | undefined> {
  const [row] = await db.orm.select().from(Tables.users).where(eq(Tables.users.id, id))
  return row ? toUser(row) : undefined
}

/** The user of an identity, or undefined. */
export async function findByIdentity(
  db: Db.Db,
  identity: Pick<Identity, 'kind' | 'subject'>,
): Promise<User | undefined> {
  const [row] = await db.orm
    .select({ user: Tables.users })
    .from(Tables.userIdentities)
    .innerJoin(Tables.users, eq(Tables.users.id, Tables.userIdentities.userId))
    .where(
      and(
        eq(Tables.userIdentities.kind, identity.kind),
        eq(Tables.userIdentities.subject, subjectOf(identity)),
      ),
    )
  return row ? toUser(row.user) : undefined
}

/**
 * The user of an identity, created on its first login. Safe under concurrent logins of the same
 * identity (one user wins). Keys are made by the vault when the user is first shown
 * (`Login.complete`), so this needs only the database.
 *
 * @example
 * const user = await Users.findOrCreateByIdentity(deps.db, { kind: 'google', subject: claims.sub, email: claims.email })
 * return c.json(await Login.complete(deps, user.id))
 */
export async function findOrCreateByIdentity(db: Db.Db, identity: Identity): Promise<User> {
  const subject = subjectOf(identity)
  const existing = await findByIdentity(db, identity)
  if (existing) return fillProfile(db, existing, identity)
  const id = randomUUID()
  const email = identity.kind === 'email' ? subject : identity.email ? normalizeEmail(identity.email) : null
  const created = await db.orm
    .transaction(async (tx) => {
      const [user] = await tx
        .insert(Tables.users)
        .values({
          id,
          email,
          userName: identity.userName ?? null,
          socialProvider: identity.kind === 'email' ? null : identity.kind,
        })
        .returning()
      const claimed = await tx
        .insert(Tables.userIdentities)
        .values({ kind: identity.kind, subject, userId: id })
        .onConflictDoNothing()
        .returning()
      // Another login of the same identity got there first: undo ours.
      if (!claimed.length) tx.rollback()
      return toUser(user!)
    })
    .catch(async (error: unknown) => {
      const winner = await findByIdentity(db, identity)
      if (winner) return winner
      throw error
    })
  return created
}

/** Fills a user's empty email and user name from what a provider told at this login. */
async function fillProfile(db: Db.Db, user: User, identity: Identity): Promise<User> {
  const email = !user.email && identity.email ? normalizeEmail(identity.email) : undefined
  const userName = !user.userName && identity.userName ? identity.userName : undefined
  if (email === undefined && userName === undefined) return user
  const [row] = await db.orm
    .update(Tables.users)
    .set({ ...(email ? { email } : {}), ...(userName ? { userName } : {}), updatedAt: new Date() })
    .where(eq(Tables.users.id, user.id))
    .returning()
  return row ? toUser(row) : user
}

/** Stores the user's preferred account type and returns the user. */
export async function setPreferredAccountType(db: Db.Db, id: string, type: AccountType): Promise<User> {
  const [row] = await db.orm
    .update(Tables.users)
    .set({ preferredAccountType: type, updatedAt: new Date() })
    .where(eq(Tables.users.id, id))
    .returning()
  if (!row) throw new Error(`Users: no user '${id}'`)
  return toUser(row)
}

/**
 * Moves a user's email login from `from` to `to` (both addresses verified by the caller). Throws
 * {@link EmailTakenError} when `to` already belongs to a user.
 */
export async function changeEmail(db: Db.Db, id: string, from: string, to: string): Promise<User> {
  const next = normalizeEmail(to)
  return db.orm.transaction(async (tx) => {
    const [taken] = await tx
      .select()
      .from(Tables.userIdentities)
      .where(and(eq(Tables.userIdentities.kind, 'email'), eq(Tables.userIdentities.subject, next)))
    if (taken && taken.userId !== id) throw new EmailTakenError(`Email '${next}' belongs to another user`)
    await tx
      .delete(Tables.userIdentities)
      .where(
        and(
          eq(Tables.userIdentities.kind, 'email'),
          eq(Tables.userIdentities.subject, normalizeEmail(from)),
          eq(Tables.userIdentities.userId, id),
        ),
      )
    await tx
      .insert(Tables.userIdentities)
      .values({ kind: 'email', subject: next, userId: id })
      .onConflictDoNothing()
    const [row] = await tx
      .update(Tables.users)
      .set({ email: next, updatedAt: new Date() })
      .where(eq(Tables.users.id, id))
      .returning()
    if (!row) throw new Error(`Users: no user '${id}'`)
    return toUser(row)
  })
}
