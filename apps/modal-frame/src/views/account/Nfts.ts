import * as z from 'zod/mini'

/** An NFT the account owns (`GET /v1/account/{address}/nfts`). */
export const Nft = z.object({
  chainId: z.optional(z.string()),
  contract: z.string(),
  tokenId: z.string(),
  name: z.nullish(z.string()),
  imageUrl: z.nullish(z.string()),
  collection: z.optional(z.object({ name: z.nullish(z.string()) })),
  flags: z.optional(z.object({ is_spam: z.boolean() })),
})
export type Nft = z.infer<typeof Nft>

/** `GET /v1/account/{address}/nfts` response. */
export const NftsResponse = z.object({ data: z.array(Nft), next: z.nullish(z.string()) })
export type NftsResponse = z.infer<typeof NftsResponse>

/** The NFTs to show: spam collections hidden. */
export function visible(nfts: readonly Nft[]): Nft[] {
  return nfts.filter((nft) => !nft.flags?.is_spam)
}

/** An NFT's name, or its collection and token id. */
export function title(nft: Nft): string {
  return nft.name || `${nft.collection?.name ?? 'NFT'} #${nft.tokenId}`
}
