import * as z from 'zod/mini'

/** A transaction's status. */
export const TransactionStatus = z.enum(['confirmed', 'failed', 'pending'])
/** A transaction's status. */
export type TransactionStatus = z.infer<typeof TransactionStatus>

/** A transfer's direction relative to the account. */
export const TransferDirection = z.enum(['in', 'out', 'self'])
/** A transfer's direction relative to the account. */
export type TransferDirection = z.infer<typeof TransferDirection>

/** The token of a fungible transfer. */
export const FungibleInfo = z.object({
  name: z.optional(z.string()),
  symbol: z.optional(z.string()),
  icon: z.optional(z.object({ url: z.string() })),
})
/** The token of a fungible transfer. */
export type FungibleInfo = z.infer<typeof FungibleInfo>

/** The item of an NFT transfer; `flags.is_spam` marks spam collections. */
export const NftInfo = z.object({
  name: z.optional(z.string()),
  content: z.optional(z.object({ preview: z.optional(z.object({ url: z.string() })) })),
  flags: z.object({ is_spam: z.boolean() }),
})
/** The item of an NFT transfer; `flags.is_spam` marks spam collections. */
export type NftInfo = z.infer<typeof NftInfo>

/** One transfer of a transaction: fungible or NFT, a direction and a quantity (a decimal string). */
export const Transfer = z.object({
  fungible_info: z.optional(FungibleInfo),
  nft_info: z.optional(NftInfo),
  direction: TransferDirection,
  quantity: z.object({ numeric: z.string() }),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
})
/** One transfer of a transaction: fungible or NFT, a direction and a quantity (a decimal string). */
export type Transfer = z.infer<typeof Transfer>

/** What a transaction is about; `operationType` is e.g. send, receive, trade, deposit, withdraw, mint, burn. */
export const TransactionMetadata = z.object({
  operationType: z.string(),
  hash: z.string(),
  /** CAIP-2 network id. */
  chain: z.string(),
  /** ISO 8601 time it was mined. */
  minedAt: z.string(),
  sentFrom: z.string(),
  sentTo: z.string(),
  status: TransactionStatus,
  nonce: z.number().check(z.int(), z.nonnegative()),
})
/** What a transaction is about; `operationType` is e.g. send, receive, trade, deposit, withdraw, mint, burn. */
export type TransactionMetadata = z.infer<typeof TransactionMetadata>

/** A transaction of the account history (REFERENCE.md). */
export const Transaction = z.object({
  id: z.string(),
  metadata: TransactionMetadata,
  transfers: z.array(Transfer),
})
/** A transaction of the account history (REFERENCE.md). */
export type Transaction = z.infer<typeof Transaction>
