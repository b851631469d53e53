import type { KeyboardEvent, ReactNode } from 'react'

/** One row of the wallet list: a button named by the wallet, with its icon and an optional tag. */
export type Row = {
  key: string
  name: string
  icon: ReactNode
  tag?: string | undefined
  onPick: () => void
  /** The user is about to pick the row (hover, focus): a chance to fetch what it needs. */
  onHint?: (() => void) | undefined
}

/** Arrow keys move between the rows; Tab leaves the list. */
function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')]
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement)
  if (index === -1) return
  event.preventDefault()
  const next = buttons[(index + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length]
  next?.focus()
}

/** The list of wallets (installed, recent, featured) and the WalletConnect and All Wallets entries. */
export function WalletList({ rows, autoFocus }: { rows: Row[]; autoFocus: boolean }) {
  return (
    <ul className="fd-list" aria-label="Wallets" onKeyDown={onKeyDown}>
      {rows.map((row, index) => (
        <li key={row.key}>
          <button
            type="button"
            className="fd-wallet"
            aria-label={row.name}
            onClick={row.onPick}
            onPointerEnter={row.onHint}
            onFocus={row.onHint}
            {...(autoFocus && index === 0 ? { 'data-autofocus': true } : {})}
          >
            <span className="fd-wallet-icon">{row.icon}</span>
            <span className="fd-wallet-name">{row.name}</span>
            {row.tag ? <span className="fd-tag">{row.tag}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  )
}
