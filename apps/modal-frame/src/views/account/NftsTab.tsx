import { useQuery } from '@tanstack/react-query'
import { useQueries } from '../../account/Context.js'
import * as Nfts from '../../account/Nfts.js'
import type * as Queries from '../../account/Queries.js'
import * as Usd from '../../account/Usd.js'

/** The NFTs tab: the account's NFTs on the connected chain, spam collections hidden. */
export function NftsTab({ scope }: { scope: Queries.Scope }) {
  const queries = useQueries()
  const nfts = useQuery(queries.nfts(scope))
  if (nfts.isPending) return <div className="fd-spinner" role="status" aria-label="Loading NFTs" />
  if (nfts.isError) return <p className="fd-empty">NFTs are unavailable right now.</p>
  const shown = Nfts.visible(nfts.data)
  if (shown.length === 0) return <p className="fd-empty">No NFTs yet.</p>
  return (
    <ul className="fd-nfts" aria-label="NFTs">
      {shown.map((nft) => {
        const image = Usd.imageUrl(scope.context.apiUrl, nft.image ?? undefined)
        return (
          <li key={nft.id} className="fd-nft" aria-label={nft.name}>
            <span className="fd-nft-image">
              {image ? <img src={image} alt="" /> : <span aria-hidden="true">#{nft.tokenId}</span>}
            </span>
            <span className="fd-nft-name">{nft.name}</span>
            <span className="fd-nft-collection">{nft.collection.name}</span>
          </li>
        )
      })}
    </ul>
  )
}
