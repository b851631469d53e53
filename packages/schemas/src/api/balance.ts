import * as z from 'zod/mini'
import * as Caip from '../caip.js'
import * as Token from '../entities/token.js'

/** `GET /v1/account/{address}/balance` query. `forceUpdate` is a comma list of CAIP-10 token addresses. */
export const BalanceQuery = z.object({
  projectId: z.string(),
  currency: z.literal('usd'),
  chainId: z.optional(Caip.Caip2Schema),
  forceUpdate: z.optional(z.string()),
})
/** `GET /v1/account/{address}/balance` query. `forceUpdate` is a comma list of CAIP-10 token addresses. */
export type BalanceQuery = z.infer<typeof BalanceQuery>

/** `GET /v1/account/{address}/balance` response. */
export const BalanceResponse = z.object({ balances: z.array(Token.TokenBalance) })
/** `GET /v1/account/{address}/balance` response. */
export type BalanceResponse = z.infer<typeof BalanceResponse>
