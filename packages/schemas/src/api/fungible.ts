import * as z from 'zod/mini'

/** `POST /v1/fungible/price` body: CAIP-10 token addresses. */
export const FungiblePriceBody = z.object({
  currency: z.literal('usd'),
  addresses: z.array(z.string()),
  projectId: z.string(),
})
/** `POST /v1/fungible/price` body: CAIP-10 token addresses. */
export type FungiblePriceBody = z.infer<typeof FungiblePriceBody>

/** `POST /v1/fungible/price` response. */
export const FungiblePriceResponse = z.object({
  fungibles: z.array(
    z.object({
      address: z.string(),
      name: z.string(),
      symbol: z.string(),
      iconUrl: z.string(),
      price: z.number(),
    }),
  ),
})
/** `POST /v1/fungible/price` response. */
export type FungiblePriceResponse = z.infer<typeof FungiblePriceResponse>
