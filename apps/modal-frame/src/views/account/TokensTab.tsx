import type * as Token from '@frontdoor/schemas/entities/token'
import * as BalancesView from '@frontdoor/schemas/presentation/balances'
import * as Format from '@frontdoor/schemas/presentation/format'
import * as Usd from '../../account/Usd.js'
import { Icon } from '../../ui/Avatar.js'

/** The Tokens tab: each balance with its icon, name, amount (3 decimals) and USD value (none on a testnet). */
export function TokensTab({
  balances,
  status,
  apiUrl,
  network,
}: {
  balances: Token.TokenBalance[] | undefined
  status: 'pending' | 'error' | 'success'
  apiUrl: string
  network: Usd.Network
}) {
  if (status === 'pending') return <div className="fd-spinner" role="status" aria-label="Loading tokens" />
  const list = BalancesView.filterZeroDecimals(balances ?? [])
  if (list.length === 0)
    return (
      <p className="fd-empty">
        {status === 'error' ? 'Balances are unavailable right now.' : 'No tokens yet.'}
      </p>
    )
  return (
    <ul className="fd-rows" aria-label="Tokens">
      {list.map((balance) => {
        const usd = Usd.figure(balance.value, network)
        return (
          <li key={balance.address ?? `native:${balance.chainId}`} className="fd-row">
            <Icon src={Usd.imageUrl(apiUrl, balance.iconUrl)} label={balance.symbol} />
            <span className="fd-row-main">
              <span className="fd-row-title">{balance.name}</span>
              <span className="fd-row-sub">
                {Format.formatAmount(balance.quantity.numeric)} {balance.symbol}
              </span>
            </span>
            {usd ? <span className="fd-row-end">{usd}</span> : null}
          </li>
        )
      })}
    </ul>
  )
}
