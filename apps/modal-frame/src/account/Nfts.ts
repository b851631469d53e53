import type * as NftsApi from '@frontdoor/schemas/api/nfts'

/** The NFTs the NFTs tab shows: spam collections hidden. */
export function visible(nfts: readonly NftsApi.OwnedNft[]): NftsApi.OwnedNft[] {
  return nfts.filter((nft) => !nft.is_spam)
}
