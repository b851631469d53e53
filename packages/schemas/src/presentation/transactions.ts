import type * as Transaction from '../entities/transaction.js'

/** A month of transactions (`month` 0-11, UTC), newest first. */
export type MonthGroup = { month: number; transactions: Transaction.Transaction[] }

/** A year of transactions, its months newest first. */
export type YearGroup = { year: number; months: MonthGroup[] }

/** Whether every transfer of a transaction is a spam NFT (such transactions are dropped). */
export function isSpamOnly(transaction: Transaction.Transaction): boolean {
  return (
    transaction.transfers.length > 0 &&
    transaction.transfers.every((transfer) => transfer.nft_info?.flags.is_spam)
  )
}

/** Keeps transactions on `caipNetworkId` (the connected chain) that are not spam-NFT-only. */
export function filter(
  transactions: readonly Transaction.Transaction[],
  caipNetworkId: string,
): Transaction.Transaction[] {
  return transactions.filter((tx) => tx.metadata.chain === caipNetworkId && !isSpamOnly(tx))
}

const time = (tx: Transaction.Transaction) => Date.parse(tx.metadata.minedAt) || 0

/** Groups transactions by year, then month (UTC, from `minedAt`), newest first at every level. */
export function groupByYearMonth(transactions: readonly Transaction.Transaction[]): YearGroup[] {
  const sorted = [...transactions].sort((a, b) => time(b) - time(a))
  const years: YearGroup[] = []
  for (const tx of sorted) {
    const date = new Date(time(tx))
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth()
    let yearGroup = years.at(-1)
    if (yearGroup?.year !== year) {
      yearGroup = { year, months: [] }
      years.push(yearGroup)
    }
    let monthGroup = yearGroup.months.at(-1)
    if (monthGroup?.month !== month) {
      monthGroup = { month, transactions: [] }
      yearGroup.months.push(monthGroup)
    }
    monthGroup.transactions.push(tx)
  }
  return years
}
