import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Siwx } from '@frontdoor/schemas'
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'

/** A stored sign-in as the page reads it: its id and the spec's session (data, message, signature, cacao). */
export type Stored = { id: string; session: Siwx.SiwxSession }

/** The most sessions one account lists on one network. */
export const LIST_MAX = 20

const table = Tables.siwxSessions
type Row = typeof table.$inferSelect

function stored(row: Row, data: Siwx.SiwxMessageData): Stored {
  return {
    id: row.id,
    session: {
      data,
      message: row.message,
      signature: row.signature,
      ...(row.cacao != null ? { cacao: row.cacao } : {}),
    },
  }
}

/**
 * Stores a verified sign-in. The nonce is unique, so one message makes one session however often it
 * is sent.
 */
export async function add(
  db: Db.Db,
  projectId: string,
  verified: { data: Siwx.SiwxMessageData; message: string; signature: string; cacao?: unknown },
  options: { now: number },
): Promise<Stored> {
  const { data } = verified
  const [row] = await db.orm
    .insert(table)
    .values({
      id: randomBytes(16).toString('hex'),
      projectId,
      chainId: data.chainId,
      address: data.accountAddress,
      domain: data.domain,
      uri: data.uri,
      nonce: data.nonce,
      message: verified.message,
      signature: verified.signature,
      cacao: verified.cacao ?? null,
      issuedAt: new Date(data.issuedAt ?? options.now),
      expiresAt: data.expirationTime ? new Date(data.expirationTime) : null,
      notBefore: data.notBefore ? new Date(data.notBefore) : null,
      createdAt: new Date(options.now),
    })
    .returning()
  if (!row) throw new Error('The session was not stored')
  return stored(row, data)
}

/**
 * The live sessions of an account on a network for a project, newest first: not revoked, not
 * expired. Addresses compare case-insensitively on eip155 (checksum or not is one account).
 */
export async function list(
  db: Db.Db,
  projectId: string,
  chainId: string,
  address: string,
  options: { now: number; parse: (message: string) => Siwx.SiwxMessageData },
): Promise<Stored[]> {
  const rows = await db.orm
    .select()
    .from(table)
    .where(
      and(
        eq(table.projectId, projectId),
        eq(table.chainId, chainId),
        isNull(table.revokedAt),
        or(isNull(table.expiresAt), gt(table.expiresAt, new Date(options.now))),
      ),
    )
    .orderBy(desc(table.createdAt))
  const same = chainId.startsWith('eip155:')
    ? (other: string) => other.toLowerCase() === address.toLowerCase()
    : (other: string) => other === address
  return rows
    .filter((row) => same(row.address))
    .slice(0, LIST_MAX)
    .map((row) => stored(row, options.parse(row.message)))
}

/**
 * Revokes a session of a project. The caller proves it holds the session by its signature (the
 * page that signed in has it; nobody else was given it). Resolves false when there is no such live
 * session or the signature is not its own.
 */
export async function revoke(
  db: Db.Db,
  projectId: string,
  id: string,
  signature: string,
  options: { now: number },
): Promise<boolean> {
  const [row] = await db.orm
    .select({ signature: table.signature })
    .from(table)
    .where(and(eq(table.id, id), eq(table.projectId, projectId), isNull(table.revokedAt)))
  if (!row || !sameText(row.signature, signature)) return false
  const revoked = await db.orm
    .update(table)
    .set({ revokedAt: new Date(options.now) })
    .where(and(eq(table.id, id), isNull(table.revokedAt)))
    .returning({ id: table.id })
  return revoked.length > 0
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
