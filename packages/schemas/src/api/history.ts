import * as z from 'zod/mini'
import * as Caip from '../caip.js'
import * as Transaction from '../entities/transaction.js'

/** `GET /v1/account/{address}/history` query. */
export const HistoryQuery = z.object({
  projectId: z.string(),
  cursor: z.optional(z.string()),
  chainId: z.optional(Caip.Caip2Schema),
  onramp: z.optional(z.enum(['coinbase', 'meld'])),
})
/** `GET /v1/account/{address}/history` query. */
export type HistoryQuery = z.infer<typeof HistoryQuery>

/** `GET /v1/account/{address}/history` response: a page of transactions and the next cursor. */
export const HistoryResponse = z.object({
  data: z.array(Transaction.Transaction),
  next: z.nullish(z.string()),
})
/** `GET /v1/account/{address}/history` response: a page of transactions and the next cursor. */
export type HistoryResponse = z.infer<typeof HistoryResponse>
