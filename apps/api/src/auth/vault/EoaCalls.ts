import { randomBytes } from 'node:crypto'
import * as Calls from '@frontdoor/protocol/calls'
import type * as SignRequest from '@frontdoor/protocol/sign-request'
import { and, eq, isNull } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Hex, PublicClient, TransactionReceipt, TransactionSerializable } from 'viem'
import { BaseError, ExecutionRevertedError, numberToHex } from 'viem'
import type * as Db from '../../db/Db.js'
import * as Tables from '../../db/Tables.js'
import * as Transactions from './Transactions.js'

/**
 * EIP-5792 batches of the embedded wallet's EOA, which cannot run calls atomically: when the page does
 * not require atomicity (`atomicRequired: false`), the vault sends each call as its own transaction, in
 * order, each mined before the next is sent, and stops at the first that fails (its estimate reverted,
 * or its receipt). Each batch is a row of `eoa_batches` under a random id (the page cannot forge or
 * guess one): whose it is, its chain, how many calls, each sent call's transaction hash, and how the
 * sending ended. `wallet_sendCalls` answers the id once the first call is broadcast; the rest is sent
 * in the background, past the request's end (a proxy's read timeout cannot cut a batch in two).
 * `wallet_getCallsStatus` reads the row (only its user's) and one receipt per sent hash.
 */

/** Signs a filled transaction with the EOA's key (the vault); answers the serialized signed transaction. */
export type Sign = (transaction: TransactionSerializable) => Promise<Hex>

/** How often a send whose nonce another API node's send took first is filled and signed again. */
const NONCE_RETRIES = 3

/** How long one call's transaction may take to be mined before the batch fails. */
export const RECEIPT_TIMEOUT_MS = 60_000

/** Whether a chain refused a transaction for its nonce: one the account used already, or a pending one's. */
export function nonceTaken(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${(error as { details?: string }).details ?? ''}` : ''
  return /nonce too low|nonce has already been used|already known|replacement transaction underpriced/i.test(
    text,
  )
}

/**
 * Fills `request` from the chain (Transactions.prepare), signs it with `sign` and broadcasts it;
 * answers its hash. A nonce another API node's send took first is filled and signed again (at most
 * {@link NONCE_RETRIES} times) when the request left the nonce out.
 */
export async function sendTransaction(
  client: PublicClient,
  chainId: number,
  request: SignRequest.Transaction,
  sign: Sign,
): Promise<Hex> {
  for (let attempt = 0; ; attempt++) {
    const transaction = await Transactions.prepare(client, chainId, request)
    const signed = await sign(transaction)
    try {
      return await client.sendRawTransaction({ serializedTransaction: signed })
    } catch (error) {
      if (request.nonce === undefined && attempt < NONCE_RETRIES && nonceTaken(error)) continue
      throw error
    }
  }
}

/** How long a batch may go without progress (a call sent or mined) before it is taken as failed. */
export const STALE_MS = 10 * 60_000

/**
 * How a batch's sending ended: every call sent (`done`), stopped at a call that reverted (its estimate
 * or its receipt: `stopped`), or any other failure (`failed`: the chain out of reach, the database, a
 * receipt that never came, an API restart), whose reason is stored and logged.
 */
export type Outcome = 'done' | 'stopped' | 'failed'

/** A stored batch. */
export type Batch = typeof Tables.eoaBatches.$inferSelect

/** A new batch id: 32 random bytes, hex (EIP-5792 lets the wallet choose any string of up to 4,096 bytes). */
export function newId(): string {
  return `0x${randomBytes(32).toString('hex')}`
}

/** Whether `error` is the chain refusing the call itself (it reverts), not a failure to reach it. */
export function reverted(error: unknown): boolean {
  return error instanceof BaseError && error.walk((cause) => cause instanceof ExecutionRevertedError) !== null
}

/**
 * The batch's status code (EIP-5792) from each sent call's receipt (true: mined, false: reverted,
 * undefined: none yet) and whether the sending is over (an outcome, or no progress for {@link STALE_MS}):
 * pending while a sent call has no receipt (and is not abandoned) or more calls are to be sent;
 * confirmed when every call was mined without a revert; reverted when no call ran but one was mined
 * reverted (nothing but gas spent); not included (400) when nothing was mined; partially reverted when
 * some calls ran and the batch stopped.
 */
export function statusOf(
  batch: { calls: number; over: boolean; stale: boolean },
  receipts: readonly (boolean | undefined)[],
): number {
  if (!batch.stale && receipts.some((success) => success === undefined)) return Calls.STATUS.pending
  if (!batch.over && !batch.stale && receipts.length < batch.calls) return Calls.STATUS.pending
  if (receipts.length === batch.calls && receipts.every((success) => success === true))
    return Calls.STATUS.confirmed
  if (receipts.some((success) => success === true)) return Calls.STATUS.partiallyReverted
  if (receipts.some((success) => success === false)) return Calls.STATUS.reverted
  return Calls.STATUS.offchainFailure
}

/** One call of a batch, as the vault sends it. */
export type Call = { to?: Hex | undefined; value: bigint; data: Hex }

/** What sending a batch needs. */
export type Context = {
  orm: Db.Orm
  logger: Pick<Logger, 'warn'>
  client: PublicClient
  chainId: number
  userId: string
  /** The EOA. */
  from: Hex
  sign: Sign
  /** Runs one broadcast under the user's send lock (one transaction at a time per user in this process). */
  lock: <T>(task: () => Promise<T>) => Promise<T>
}

/** How often recording the first call's hash is tried before the batch goes on with it in memory. */
export const FIRST_HASH_ATTEMPTS = 3

/** The pause before recording the first call's hash again (times the attempt). */
const FIRST_HASH_RETRY_MS = 100

/**
 * Stores a batch of `calls` and broadcasts its first call; answers the batch id. A first call that
 * fails (its estimate reverts, the chain is out of reach) fails the request and leaves no batch
 * (nothing happened onchain). Once it is broadcast the request never fails: a failed update of its
 * hash is tried again ({@link FIRST_HASH_ATTEMPTS} times in all), then logged (`eoa batch hash not
 * stored`, warn) and left to {@link run}, which holds the hash in memory and stores every hash on each
 * of its writes. (An error here would make the page send the batch again, with call 1 already on chain.)
 * The other calls are sent in the background ({@link run}).
 */
export async function start(context: Context, calls: readonly Call[]): Promise<string> {
  const { orm, userId, chainId } = context
  const id = newId()
  await orm.insert(Tables.eoaBatches).values({ id, userId, chainId, calls: calls.length })
  let hash: Hex
  try {
    hash = await context.lock(() => sendCall(context, calls[0]!))
  } catch (error) {
    await orm.delete(Tables.eoaBatches).where(eq(Tables.eoaBatches.id, id))
    throw error
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await orm
        .update(Tables.eoaBatches)
        .set({ hashes: [hash], updatedAt: new Date() })
        .where(eq(Tables.eoaBatches.id, id))
      break
    } catch (error) {
      if (attempt >= FIRST_HASH_ATTEMPTS) {
        context.logger.warn({ err: error, batch: id, hash, attempts: attempt }, 'eoa batch hash not stored')
        break
      }
      await new Promise((resolve) => setTimeout(resolve, FIRST_HASH_RETRY_MS * attempt))
    }
  }
  void run(context, id, calls, [hash])
  return id
}

const sendCall = (context: Context, call: Call) =>
  sendTransaction(context.client, context.chainId, { from: context.from, ...call }, context.sign)

/**
 * Sends the rest of batch `id` after `hashes` were broadcast: waits for the last one's receipt, sends
 * the next call, and so on; records each hash and how it ended (every write stores all of `hashes`,
 * so one {@link start} could not store is stored on the next). Never throws: a failure other than a
 * revert is logged (`eoa batch failed`, warn) and stored as the batch's reason. A batch another reader
 * took as abandoned ({@link STALE_MS}) is not sent further.
 */
export async function run(context: Context, id: string, calls: readonly Call[], hashes: Hex[]) {
  const { orm, client } = context
  const where = and(eq(Tables.eoaBatches.id, id), isNull(Tables.eoaBatches.outcome))
  const end = (outcome: Outcome, reason?: string) =>
    orm
      .update(Tables.eoaBatches)
      .set({ hashes: [...hashes], outcome, reason: reason?.slice(0, 1000), updatedAt: new Date() })
      .where(where)
      .catch(() => {})
  try {
    for (;;) {
      const receipt = await client.waitForTransactionReceipt({
        hash: hashes.at(-1)!,
        timeout: RECEIPT_TIMEOUT_MS,
      })
      if (receipt.status !== 'success') return await end('stopped', `call ${hashes.length} reverted`)
      if (hashes.length === calls.length) return await end('done')
      let hash: Hex
      try {
        hash = await context.lock(() => sendCall(context, calls[hashes.length]!))
      } catch (error) {
        if (!reverted(error)) throw error
        return await end('stopped', `call ${hashes.length + 1} reverts: ${(error as Error).message}`)
      }
      hashes.push(hash)
      const saved = await orm
        .update(Tables.eoaBatches)
        .set({ hashes: [...hashes], updatedAt: new Date() })
        .where(where)
        .returning({ id: Tables.eoaBatches.id })
      if (saved.length === 0) return
    }
  } catch (error) {
    const reason =
      error instanceof BaseError ? error.shortMessage : String((error as Error)?.message ?? error)
    context.logger.warn({ err: error, batch: id, sent: hashes.length }, 'eoa batch failed')
    await end('failed', `call ${hashes.length}: ${reason}`)
  }
}

/** `wallet_getCallsStatus`' receipt of one call's transaction. */
function receiptOf(receipt: TransactionReceipt) {
  return {
    logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status: receipt.status === 'success' ? '0x1' : '0x0',
    blockHash: receipt.blockHash,
    blockNumber: numberToHex(receipt.blockNumber),
    gasUsed: numberToHex(receipt.gasUsed),
    transactionHash: receipt.transactionHash,
  }
}

/** The stored batch `id` of user `userId`; undefined for any other id (another user's too). */
export async function find(orm: Db.Orm, userId: string, id: string): Promise<Batch | undefined> {
  if (!/^0x[0-9a-f]{64}$/.test(id)) return undefined
  const [row] = await orm
    .select()
    .from(Tables.eoaBatches)
    .where(and(eq(Tables.eoaBatches.id, id), eq(Tables.eoaBatches.userId, userId)))
  return row
}

/**
 * `wallet_getCallsStatus`' answer (EIP-5792 2.0.0, `atomic: false`) for stored batch `batch`: one
 * receipt read per sent call (at most Calls.MAX_CALLS). A batch without progress for {@link STALE_MS}
 * and no outcome (its API process ended mid-batch) is taken as failed: stored so, and answered with
 * what was mined.
 */
export async function callsStatus(orm: Db.Orm, client: PublicClient, batch: Batch, now = new Date()) {
  const stale = batch.outcome === null && now.getTime() - batch.updatedAt.getTime() > STALE_MS
  if (stale)
    await orm
      .update(Tables.eoaBatches)
      .set({ outcome: 'failed', reason: 'abandoned: no progress for 10 minutes (the API stopped?)' })
      .where(and(eq(Tables.eoaBatches.id, batch.id), isNull(Tables.eoaBatches.outcome)))
  const receipts = await Promise.all(
    batch.hashes.slice(0, Calls.MAX_CALLS).map((hash) =>
      client.getTransactionReceipt({ hash: hash as Hex }).catch((error: { name?: string }) => {
        if (error?.name === 'TransactionReceiptNotFoundError') return undefined
        throw error
      }),
    ),
  )
  const abandoned = stale || (batch.outcome !== null && now.getTime() - batch.updatedAt.getTime() > STALE_MS)
  return {
    version: Calls.VERSION,
    id: batch.id,
    chainId: numberToHex(batch.chainId),
    atomic: false,
    status: statusOf(
      { calls: batch.calls, over: batch.outcome !== null, stale: abandoned },
      receipts.map((r) => (r ? r.status === 'success' : undefined)),
    ),
    receipts: receipts.filter((r) => r !== undefined).map(receiptOf),
  }
}
