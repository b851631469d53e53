import * as Calls from '@frontdoor/protocol/calls'

/**
 * What the CallsStatus view shows of a `wallet_getCallsStatus` answer (EIP-5792): the batch's status
 * in words, whether it ran atomically, and each receipt's transaction hash, block and outcome. The
 * answer comes from the connected wallet, so every field is read defensively.
 */

/** The batch's status codes in words (EIP-5792's meanings). */
const STATUS_TEXT: Record<number, string> = {
  [Calls.STATUS.pending]: 'Pending',
  [Calls.STATUS.confirmed]: 'Confirmed',
  [Calls.STATUS.offchainFailure]: 'Failed before it was sent',
  [Calls.STATUS.reverted]: 'Reverted',
  [Calls.STATUS.partiallyReverted]: 'Partially completed: some calls ran, then one failed',
}

/**
 * One receipt as the view lists it; `key` is its position in the answer and its hash (the React key:
 * a wallet's answer may list a hash twice, or none).
 */
type Receipt = { key: string; hash: string; block: string; success: boolean }

/** A batch status as the view shows it. */
export type Shown = {
  status: string
  pending: boolean
  failed: boolean
  atomic: boolean
  chainId: number | undefined
  receipts: Receipt[]
}

const hexNumber = (value: unknown) =>
  typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? Number(BigInt(value)) : undefined

/** Reads a `wallet_getCallsStatus` answer for the view. */
export function read(answer: unknown): Shown {
  const a = (answer ?? {}) as Record<string, unknown>
  const code = typeof a.status === 'number' ? a.status : 0
  const receipts = Array.isArray(a.receipts) ? (a.receipts as Record<string, unknown>[]) : []
  return {
    status: STATUS_TEXT[code] ?? `Status ${code}`,
    pending: code >= 100 && code < 200,
    failed: code >= 400,
    atomic: a.atomic === true,
    chainId: hexNumber(a.chainId),
    receipts: receipts.map((r, position) => {
      const hash = typeof r.transactionHash === 'string' ? r.transactionHash : ''
      return {
        key: `${position}:${hash}`,
        hash,
        block: String(hexNumber(r.blockNumber) ?? ''),
        success: r.status === '0x1',
      }
    }),
  }
}

/** A transaction hash shortened as 0x1234…abcd (whole in its title and for screen readers). */
export function short(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash
}
