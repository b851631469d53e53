import * as Constants from '../constants.js'

const amountFormat = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: Constants.TRANSACTION_AMOUNT_DECIMALS,
})

/**
 * A transaction amount with at most 3 decimals, en-US grouping, trailing zeros dropped.
 * @example formatAmount('1234.56789') // '1,234.568'
 */
export function formatAmount(numeric: string | number): string {
  const value = typeof numeric === 'number' ? numeric : Number(numeric)
  return Number.isFinite(value) ? amountFormat.format(value) : '0'
}

/** Significant digits of a network fee below what 3 decimals show. */
const FEE_SIGNIFICANT_DIGITS = 2
const smallFeeFormat = new Intl.NumberFormat('en-US', {
  maximumSignificantDigits: FEE_SIGNIFICANT_DIGITS,
  maximumFractionDigits: 20,
})

/**
 * A network fee in the native coin: as {@link formatAmount} from 0.001 up, and below that with 2
 * significant digits, so a real fee (21,000 gas at 1 gwei is 0.000021 ETH) never shows as 0.
 * @example formatFee('0.0000213') // '0.000021'
 */
export function formatFee(numeric: string | number): string {
  const value = typeof numeric === 'number' ? numeric : Number(numeric)
  if (!Number.isFinite(value)) return '0'
  const floor = 10 ** -Constants.TRANSACTION_AMOUNT_DECIMALS
  return value > 0 && value < floor ? smallFeeFormat.format(value) : amountFormat.format(value)
}

/**
 * An address shortened to its first 4 and last 6 characters around an ellipsis; short ones unchanged.
 * @example truncateAddress('0x1234567890abcdef1234567890abcdef12abcdef') // '0x12…abcdef'
 */
export function truncateAddress(address: string): string {
  const start = Constants.ADDRESS_TRUNCATE_START_CHARS
  const end = Constants.ADDRESS_TRUNCATE_END_CHARS
  if (address.length <= start + end + 1) return address
  return `${address.slice(0, start)}…${address.slice(-end)}`
}

/** The sign shown before an amount: '+' for receive, deposit, borrow, claim; '-' for withdraw, repay, burn; else ''. */
export function operationSign(operationType: string): '+' | '-' | '' {
  if ((Constants.PLUS_OPERATION_TYPES as readonly string[]).includes(operationType)) return '+'
  if ((Constants.MINUS_OPERATION_TYPES as readonly string[]).includes(operationType)) return '-'
  return ''
}

/** The pending-transactions count shown: the count, at most 99. */
export function pendingCount(count: number): string {
  return String(Math.min(Math.max(0, count), Constants.MAX_PENDING_TRANSACTIONS_SHOWN))
}
