import type * as Token from '@frontdoor/schemas/entities/token'
import * as Format from '@frontdoor/schemas/presentation/format'
import * as Usd from '../../account/Usd.js'
import { Icon } from '../../ui/Avatar.js'
import * as SendStore from './SendStore.js'

/**
 * The token list of the Send flow (eip155 and solana): each balance, picked with a click (arrow keys
 * move); the token picked becomes the flow's (its error cleared), then `onPicked` runs.
 */
export function TokenPicker({
  tokens,
  loading,
  apiUrl,
  network,
  onPicked,
}: {
  tokens: Token.TokenBalance[]
  loading: boolean
  apiUrl: string
  /** The send's network: no USD values on a testnet. */
  network: Usd.Network
  onPicked: () => void
}) {
  if (loading) return <div className="fd-spinner" role="status" aria-label="Loading tokens" />
  if (tokens.length === 0) return <p className="fd-empty">No tokens to send.</p>
  return (
    <div className="fd-send">
      <p className="fd-placeholder-title">Select token</p>
      <ul
        className="fd-rows"
        aria-label="Select token"
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
          const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')]
          const index = buttons.indexOf(document.activeElement as HTMLButtonElement)
          const next =
            buttons[(index + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length]
          event.preventDefault()
          next?.focus()
        }}
      >
        {tokens.map((token, index) => {
          const usd = Usd.figure(token.value, network)
          return (
            <li key={token.address ?? 'native'}>
              <button
                type="button"
                className="fd-row fd-row-button"
                onClick={() => {
                  SendStore.frame.update({ token, error: undefined })
                  onPicked()
                }}
                {...(index === 0 ? { 'data-autofocus': true } : {})}
              >
                <Icon src={Usd.imageUrl(apiUrl, token.iconUrl)} label={token.symbol} />
                <span className="fd-row-main">
                  <span className="fd-row-title">{token.name}</span>
                  <span className="fd-row-sub">
                    {Format.formatAmount(token.quantity.numeric)} {token.symbol}
                  </span>
                </span>
                {usd ? <span className="fd-row-end">{usd}</span> : null}
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
