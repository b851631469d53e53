import * as z from 'zod/mini'
import * as Caip from '../caip.js'

/** `GET /v1/account/{address}/nfts` query (the Account view's NFTs tab). */
export const NftsQuery = z.object({
  projectId: z.string(),
  chainId: z.optional(Caip.Caip2Schema),
})
/** `GET /v1/account/{address}/nfts` query (the Account view's NFTs tab). */
export type NftsQuery = z.infer<typeof NftsQuery>

/** An NFT the account owns: `contract` is CAIP-10, `chainId` CAIP-2; spam collections carry `is_spam`. */
export const OwnedNft = z.object({
  id: z.string(),
  chainId: z.string(),
  contract: z.string(),
  tokenId: z.string(),
  name: z.string(),
  image: z.nullable(z.string()),
  collection: z.object({ name: z.string(), symbol: z.string() }),
  is_spam: z.boolean(),
})
/** An NFT the account owns: `contract` is CAIP-10, `chainId` CAIP-2; spam collections carry `is_spam`. */
export type OwnedNft = z.infer<typeof OwnedNft>

/** `GET /v1/account/{address}/nfts` response. */
export const NftsResponse = z.object({ nfts: z.array(OwnedNft) })
/** `GET /v1/account/{address}/nfts` response. */
export type NftsResponse = z.infer<typeof NftsResponse>
