import * as Calls from '@frontdoor/protocol/calls'
import type * as SignRequest from '@frontdoor/protocol/sign-request'
import type { Hex, PublicClient, TransactionReceipt, TransactionSerializable } from 'viem'
import { numberToHex } from 'viem'
import * as Transactions from './Transactions.js'

/**
 * EIP-5792 batches of the embedded wallet's EOA, which cannot run calls atomically: when the page does
 * not require atomicity (`atomicRequired: false`), the vault sends each call as its own transaction, in
 * order, waiting for each to be mined, and stops at the first that fails (its estimate, or its receipt
 * reverted). The batch id names where those transactions were mined (chain, number of calls, and each
 * sent call's block number and index), so `wallet_getCallsStatus` reads them back from the chain without
 * storing anything; each must be the EOA's, or the id is unknown (5730).
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

/** Where one call's transaction was mined. */
export type Position = { blockNumber: bigint; index: number }

/** A batch of the EOA: its chain, how many calls it had, and where each call sent so far was mined. */
export type Batch = { chainId: number; calls: number; positions: Position[] }

const ID = /^0x([0-9a-f]{16})([0-9a-f]{4})((?:[0-9a-f]{24}){1,100})$/

/**
 * The batch id: `0x`, the chain id (8 bytes), the number of calls (2 bytes), then each sent call's
 * block number (8 bytes) and transaction index (4 bytes). At most 2,422 characters for 100 calls
 * (EIP-5792 allows 4,096 bytes); never the 66 characters of a user operation hash.
 */
export function encodeId(batch: Batch): string {
  const hex = (value: number | bigint, bytes: number) => value.toString(16).padStart(bytes * 2, '0')
  return `0x${hex(batch.chainId, 8)}${hex(batch.calls, 2)}${batch.positions
    .map((p) => `${hex(p.blockNumber, 8)}${hex(p.index, 4)}`)
    .join('')}`
}

/** Reads a batch id of {@link encodeId}; undefined for any other string. */
export function decodeId(id: string): Batch | undefined {
  const match = ID.exec(id)
  if (!match) return undefined
  const [, chain, count, sent] = match as unknown as [string, string, string, string]
  const chainId = Number.parseInt(chain, 16)
  const calls = Number.parseInt(count, 16)
  const positions = (sent.match(/.{24}/g) ?? []).map((p) => ({
    blockNumber: BigInt(`0x${p.slice(0, 16)}`),
    index: Number.parseInt(p.slice(16), 16),
  }))
  if (!Number.isSafeInteger(chainId) || chainId <= 0 || positions.length > calls) return undefined
  return { chainId, calls, positions }
}

/**
 * The batch's status code (EIP-5792): pending while a sent call has no receipt; confirmed when every
 * call was mined without a revert; reverted when its only mined call reverted (nothing but gas spent);
 * partially reverted when some calls ran and the batch stopped (a later call reverted, or failed
 * before it was sent).
 */
export function statusOf(batch: Pick<Batch, 'calls'>, receipts: readonly (boolean | undefined)[]): number {
  if (receipts.some((success) => success === undefined)) return Calls.STATUS.pending
  if (receipts.length === batch.calls && receipts.every(Boolean)) return Calls.STATUS.confirmed
  if (!receipts.some(Boolean)) return Calls.STATUS.reverted
  return Calls.STATUS.partiallyReverted
}

/** One call of a batch, as the vault sends it. */
export type Call = { to?: Hex | undefined; value: bigint; data: Hex }

/**
 * Sends `calls` from the EOA `from`, one transaction each, in order, each waited for; stops at the
 * first whose estimate fails or whose receipt reverted. The first call's failure before it was sent
 * fails the request (nothing happened onchain); later ones leave a partial batch. Answers the batch.
 */
export async function send(
  client: PublicClient,
  chainId: number,
  from: Hex,
  calls: readonly Call[],
  sign: Sign,
): Promise<Batch> {
  const batch: Batch = { chainId, calls: calls.length, positions: [] }
  for (const call of calls) {
    let hash: Hex
    try {
      hash = await sendTransaction(client, chainId, { from, ...call }, sign)
    } catch (error) {
      if (batch.positions.length === 0) throw error
      break
    }
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS })
    batch.positions.push({ blockNumber: receipt.blockNumber, index: receipt.transactionIndex })
    if (receipt.status !== 'success') break
  }
  return batch
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

/**
 * `wallet_getCallsStatus`' answer (EIP-5792 2.0.0, `atomic: false`) for batch `id` of the EOA `eoa`,
 * read from the chain; undefined when a position holds no transaction of `eoa` (not this user's batch).
 */
export async function callsStatus(client: PublicClient, id: string, batch: Batch, eoa: Hex) {
  const receipts: (TransactionReceipt | undefined)[] = []
  for (const { blockNumber, index } of batch.positions) {
    const transaction = await client
      .getTransaction({ blockNumber, index })
      .catch((error: { name?: string }) => {
        if (error?.name === 'TransactionNotFoundError') return undefined
        throw error
      })
    if (!transaction || transaction.from.toLowerCase() !== eoa.toLowerCase()) return undefined
    receipts.push(
      await client.getTransactionReceipt({ hash: transaction.hash }).catch((error: { name?: string }) => {
        if (error?.name === 'TransactionReceiptNotFoundError') return undefined
        throw error
      }),
    )
  }
  return {
    version: Calls.VERSION,
    id,
    chainId: numberToHex(batch.chainId),
    atomic: false,
    status: statusOf(
      batch,
      receipts.map((r) => (r ? r.status === 'success' : undefined)),
    ),
    receipts: receipts.filter((r) => r !== undefined).map(receiptOf),
  }
}
