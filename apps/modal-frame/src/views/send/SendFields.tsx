import * as Format from '@frontdoor/schemas/presentation/format'
import type { ReactNode } from 'react'
import * as Usd from '../../account/Usd.js'
import { Icon } from '../../ui/Avatar.js'

/**
 * The fields of the Send form that the eip155 and the solana Send views share (both lazy chunks): the
 * token button that opens the token list, the amount with Max, and the receiver.
 */

/** The token chosen (absent: 'Select token'), with its balance; a click opens the token list. */
export function TokenSelect({
  apiUrl,
  token,
  onClick,
}: {
  apiUrl: string
  token: { iconUrl: string | undefined; symbol: string; balance: string } | undefined
  onClick: () => void
}) {
  return (
    <button type="button" className="fd-token-select" onClick={onClick} data-autofocus>
      {token ? (
        <>
          <Icon src={Usd.imageUrl(apiUrl, token.iconUrl)} label={token.symbol} size={32} />
          <span className="fd-row-main">
            <span className="fd-row-title">{token.symbol}</span>
            <span className="fd-row-sub">
              Balance: {Format.formatAmount(token.balance)} {token.symbol}
            </span>
          </span>
        </>
      ) : (
        <span className="fd-row-main">
          <span className="fd-row-title">Select token</span>
        </span>
      )}
      <span className="fd-visually-hidden">, choose token</span>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="fd-chevron">
        <path d="M9 6l6 6-6 6" />
      </svg>
    </button>
  )
}

/**
 * The amount as typed (a comma taken as the decimal point), the token's symbol, Max and the USD value
 * (none on a testnet).
 */
export function Amount({
  id,
  errorId,
  value,
  symbol,
  usd,
  onChange,
  onMax,
}: {
  id: string
  /** The form error's id, which describes the field while there is an error. */
  errorId: string | undefined
  value: string
  symbol: string
  /** The amount's USD figure (Usd.figure), undefined on a testnet. */
  usd: string | undefined
  onChange: (amount: string) => void
  onMax: () => void
}) {
  return (
    <div className="fd-field">
      <label htmlFor={id}>Amount</label>
      <div className="fd-input">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={value}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.value.replace(',', '.'))}
        />
        <span className="fd-input-suffix">{symbol}</span>
        <button type="button" className="fd-chip" onClick={onMax}>
          Max
        </button>
      </div>
      {usd ? <span className="fd-row-sub">{usd}</span> : null}
    </div>
  )
}

/** The receiver as typed; `children` (what it resolves to) show below the input. */
export function Receiver({
  id,
  value,
  placeholder,
  onChange,
  children,
}: {
  id: string
  value: string
  placeholder: string
  onChange: (receiver: string) => void
  children?: ReactNode
}) {
  return (
    <div className="fd-field">
      <label htmlFor={id}>To</label>
      <div className="fd-input">
        <input
          id={id}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {children}
    </div>
  )
}
