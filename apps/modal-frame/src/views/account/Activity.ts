import type * as Transaction from '@frontdoor/schemas/entities/transaction'
import * as Format from '@frontdoor/schemas/presentation/format'

/** How the Activity tab shows transactions: titles, signed amounts (3 decimals), months, pending count. */

/** One amount or item of a transaction, with the sign of its operation type. */
export type Part = { text: string; iconUrl: string | undefined }

const MONTHS = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' })
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** The name of month `month` (0-11). */
export function monthName(month: number): string {
  return MONTHS.format(new Date(Date.UTC(2000, month, 1)))
}

/** The day a transaction was mined, e.g. 'Nov 23'. */
export function day(transaction: Transaction.Transaction): string {
  const time = Date.parse(transaction.metadata.minedAt)
  return Number.isFinite(time) ? DAY.format(new Date(time)) : ''
}

/** A transaction's title: its operation type, capitalized ('Send', 'Receive', 'Approve' ...). */
export function title(transaction: Transaction.Transaction): string {
  const type = transaction.metadata.operationType
  return type ? type[0]!.toUpperCase() + type.slice(1) : 'Transaction'
}

/**
 * The amounts of a transaction, each with the sign of spec section 9 for its operation type ('+' for
 * receive, deposit, borrow, claim; '-' for withdraw, repay, burn): `+0.1 ETH`, `-2 FUSD`, `+Key #3`.
 * Approvals name the token only. Outgoing transfers come first (a trade reads 'A -> B').
 */
export function parts(transaction: Transaction.Transaction): Part[] {
  const type = transaction.metadata.operationType
  const sign = Format.operationSign(type)
  const order = { out: 0, self: 1, in: 2 } as const
  const transfers = [...transaction.transfers].sort((a, b) => order[a.direction] - order[b.direction])
  return transfers.map((transfer) => {
    if (transfer.nft_info)
      return {
        text: `${sign}${transfer.nft_info.name ?? 'NFT'}`,
        iconUrl: transfer.nft_info.content?.preview?.url,
      }
    const symbol = transfer.fungible_info?.symbol ?? ''
    const iconUrl = transfer.fungible_info?.icon?.url
    if (type === 'approve') return { text: symbol, iconUrl }
    return { text: `${sign}${Format.formatAmount(transfer.quantity.numeric)} ${symbol}`.trim(), iconUrl }
  })
}

/** The separator between a transaction's parts: an arrow for trades, a comma otherwise. */
export function separator(transaction: Transaction.Transaction): string {
  return transaction.metadata.operationType === 'trade' ? ' → ' : ', '
}

/** How many of `transactions` are pending. */
export function pendingOf(transactions: readonly Transaction.Transaction[]): number {
  return transactions.filter((tx) => tx.metadata.status === 'pending').length
}
