import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Sessions, Siwx } from '@frontdoor/schemas'
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'

/** A stored sign-in as signing in answers it: its id (the pci) and the session with its signature. */
export type Stored = Sessions.StoredSession

/**
 * A stored sign-in as the reads answer it: its id, data and message (and the CACAO without its
 * signature), never the signature, which is what revokes it.
 */
export type Read = Sessions.ReadSession

/** An account on a network (a parsed CAIP-10 id). */
export type Account = { chainId: string; address: string }

/** What revoking a session came to. */
export type Revoked = 'revoked' | 'unknown' | 'refused'

/** The most sessions one account lists on one network. */
export const LIST_MAX = 20

const table = Tables.siwxSessions
type Row = typeof table.$inferSelect

/** A session still in force: not revoked, not expired. */
const live = (now: number) =>
  and(isNull(table.revokedAt), or(isNull(table.expiresAt), gt(table.expiresAt, new Date(now))))

/** Whether `address` is the account's: case-insensitive on eip155 (checksum or not is one account). */
function isOf(account: Account, chainId: string, address: string): boolean {
  if (chainId !== account.chainId) return false
  return chainId.startsWith('eip155:')
    ? address.toLowerCase() === account.address.toLowerCase()
    : address === account.address
}

function stored(row: Row, data: Siwx.SiwxMessageData): Stored {
  return { id: row.id, session: { ...read(row, data).session, signature: row.signature } }
}

/** A CACAO (CAIP-74) without its signature `s`: header and payload, what the message says. */
function unsigned(cacao: unknown): unknown {
  if (typeof cacao !== 'object' || cacao === null || Array.isArray(cacao)) return undefined
  const { s: _signature, ...rest } = cacao as Record<string, unknown>
  return rest
}

function read(row: Row, data: Siwx.SiwxMessageData): Read {
  const cacao = row.cacao != null ? unsigned(row.cacao) : undefined
  return { id: row.id, session: { data, message: row.message, ...(cacao ? { cacao } : {}) } }
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
 * expired; without their signatures (anyone who knows the address may read them). Addresses compare case-insensitively on eip155 (checksum or not is one account).
 */
export async function list(
  db: Db.Db,
  projectId: string,
  account: Account,
  options: { now: number; parse: (message: string) => Siwx.SiwxMessageData },
): Promise<Read[]> {
  const rows = await db.orm
    .select()
    .from(table)
    .where(and(eq(table.projectId, projectId), eq(table.chainId, account.chainId), live(options.now)))
    .orderBy(desc(table.createdAt))
  return rows
    .filter((row) => isOf(account, row.chainId, row.address))
    .slice(0, LIST_MAX)
    .map((row) => read(row, options.parse(row.message)))
}

/** A live session of a project by its id (the pci), without its signature, or undefined. */
export async function get(
  db: Db.Db,
  projectId: string,
  id: string,
  options: { now: number; parse: (message: string) => Siwx.SiwxMessageData },
): Promise<Read | undefined> {
  const [row] = await db.orm
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.projectId, projectId), live(options.now)))
  return row ? read(row, options.parse(row.message)) : undefined
}

/**
 * Revokes a live session of a project. The caller proves it holds the session by its signature: the
 * page that signed in has it, and no read answers it (list and get leave it out). `unknown`: no such live session (or not of `options.account` when
 * given); `refused`: the signature is not the session's own.
 */
export async function revoke(
  db: Db.Db,
  projectId: string,
  id: string,
  signature: string,
  options: { now: number; account?: Account | undefined },
): Promise<Revoked> {
  const [row] = await db.orm
    .select({ signature: table.signature, chainId: table.chainId, address: table.address })
    .from(table)
    .where(and(eq(table.id, id), eq(table.projectId, projectId), live(options.now)))
  if (!row || (options.account && !isOf(options.account, row.chainId, row.address))) return 'unknown'
  if (!sameText(row.signature, signature)) return 'refused'
  const revoked = await db.orm
    .update(table)
    .set({ revokedAt: new Date(options.now) })
    .where(and(eq(table.id, id), isNull(table.revokedAt)))
    .returning({ id: table.id })
  return revoked.length > 0 ? 'revoked' : 'unknown'
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
