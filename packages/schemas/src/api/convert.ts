import * as z from 'zod/mini'

/** A swappable token; `address` is CAIP-10. */
export const ConvertToken = z.object({
  name: z.string(),
  symbol: z.string(),
  address: z.string(),
  decimals: z.number().check(z.int(), z.nonnegative()),
  logoUri: z.string(),
  eip2612: z.optional(z.boolean()),
})
/** A swappable token; `address` is CAIP-10. */
export type ConvertToken = z.infer<typeof ConvertToken>

/** `GET /v1/convert/tokens` response. */
export const TokensResponse = z.object({ tokens: z.array(ConvertToken) })
/** `GET /v1/convert/tokens` response. */
export type TokensResponse = z.infer<typeof TokensResponse>

/** `GET /v1/convert/quotes` query: amount in base units, addresses as CAIP-10. */
export const QuotesQuery = z.object({
  projectId: z.string(),
  amount: z.string(),
  userAddress: z.string(),
  from: z.string(),
  to: z.string(),
  gasPrice: z.optional(z.string()),
})
/** `GET /v1/convert/quotes` query: amount in base units, addresses as CAIP-10. */
export type QuotesQuery = z.infer<typeof QuotesQuery>

/** `GET /v1/convert/quotes` response. */
export const QuotesResponse = z.object({
  quotes: z.array(
    z.object({
      id: z.nullish(z.string()),
      fromAmount: z.string(),
      fromAccount: z.string(),
      toAmount: z.string(),
      toAccount: z.string(),
    }),
  ),
})
/** `GET /v1/convert/quotes` response. */
export type QuotesResponse = z.infer<typeof QuotesResponse>

/** `GET /v1/convert/allowance` response. */
export const AllowanceResponse = z.object({ allowance: z.string() })
/** `GET /v1/convert/allowance` response. */
export type AllowanceResponse = z.infer<typeof AllowanceResponse>

/** `GET /v1/convert/gas-price` response (wei, decimal strings). */
export const GasPriceResponse = z.object({ standard: z.string(), fast: z.string(), instant: z.string() })
/** `GET /v1/convert/gas-price` response (wei, decimal strings). */
export type GasPriceResponse = z.infer<typeof GasPriceResponse>

const eip155Fees = z.object({ gas: z.string(), gasPrice: z.string() })

/** `GET /v1/convert/build-approve` response. */
export const BuildApproveResponse = z.object({
  tx: z.object({ from: z.string(), to: z.string(), data: z.string(), value: z.string(), eip155: eip155Fees }),
})
/** `GET /v1/convert/build-approve` response. */
export type BuildApproveResponse = z.infer<typeof BuildApproveResponse>

/** `POST /v1/convert/build-transaction` body; slippage in percent. */
export const BuildTransactionBody = z.object({
  amount: z.string(),
  eip155: z.object({ slippage: z.union([z.string(), z.number()]) }),
  projectId: z.string(),
  from: z.string(),
  to: z.string(),
  userAddress: z.string(),
  disableEstimate: z.optional(z.boolean()),
})
/** `POST /v1/convert/build-transaction` body; slippage in percent. */
export type BuildTransactionBody = z.infer<typeof BuildTransactionBody>

/** `POST /v1/convert/build-transaction` response. */
export const BuildTransactionResponse = z.object({
  tx: z.object({
    from: z.string(),
    to: z.string(),
    data: z.string(),
    amount: z.string(),
    eip155: eip155Fees,
  }),
})
/** `POST /v1/convert/build-transaction` response. */
export type BuildTransactionResponse = z.infer<typeof BuildTransactionResponse>
