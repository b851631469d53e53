import type { History, Transaction } from '@frontdoor/schemas'
import type * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import * as Tokens from '../account/Tokens.js'

/**
 * On-ramp purchases in the account history (`GET /v1/account/{address}/history?onramp=`): each paid
 * order is a 'buy' transaction, pending until delivered, then confirmed with the delivery's hash (or
 * failed). Orders never paid (status created) are not shown.
 */

/** The operation type of a purchase. */
export const OPERATION_TYPE = 'buy'

const STATUS = { pending: 'pending', completed: 'confirmed', failed: 'failed' } as const

/** A paid order as a history transaction; undefined for an order not paid yet. */
export function toTransaction(
  order: OnrampRule.Order,
  publicUrl: string,
): Transaction.Transaction | undefined {
  if (order.status === 'created') return undefined
  const symbol = order.quote.purchaseAmount.currency
  return {
    id: order.id,
    metadata: {
      operationType: OPERATION_TYPE,
      hash: order.txHash ?? '',
      chain: order.quote.network,
      minedAt: order.updatedAt,
      sentFrom: order.deliveredFrom ?? '',
      sentTo: order.address,
      status: STATUS[order.status],
      nonce: 0,
    },
    transfers: [
      {
        fungible_info: { symbol, icon: { url: Tokens.iconUrl(publicUrl, symbol) } },
        direction: 'in',
        quantity: { numeric: order.quote.purchaseAmount.amount },
      },
    ],
  }
}

/**
 * The first page of history with the purchases of `orders` (on `chainId` when given) among its
 * transactions, newest first; the chain's own record of a delivery (a plain receive of the same hash)
 * gives way to its purchase.
 */
export function merge(
  page: History.HistoryResponse,
  orders: readonly OnrampRule.Order[],
  options: { publicUrl: string; chainId?: string | undefined },
): History.HistoryResponse {
  const purchases = orders
    .filter((order) => !options.chainId || order.quote.network === options.chainId)
    .map((order) => toTransaction(order, options.publicUrl))
    .filter((tx): tx is Transaction.Transaction => tx !== undefined)
  const delivered = new Set(purchases.map((tx) => tx.metadata.hash.toLowerCase()).filter(Boolean))
  const chain = page.data.filter((tx) => !delivered.has(tx.metadata.hash.toLowerCase()))
  const time = (tx: Transaction.Transaction) => Date.parse(tx.metadata.minedAt) || 0
  return { ...page, data: [...purchases, ...chain].sort((a, b) => time(b) - time(a)) }
}
