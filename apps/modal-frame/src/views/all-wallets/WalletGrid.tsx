import type { Directory } from '@frontdoor/schemas'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'

/** Wallets per row of the grid (the CSS grid has as many columns). */
const COLUMNS = 4

/** The index arrow keys, Home and End move to in a grid of `count` items; undefined for other keys. */
export function nextIndex(key: string, index: number, count: number, columns = COLUMNS): number | undefined {
  if (count === 0) return undefined
  const clamp = (n: number) => Math.min(count - 1, Math.max(0, n))
  switch (key) {
    case 'ArrowRight':
      return clamp(index + 1)
    case 'ArrowLeft':
      return clamp(index - 1)
    case 'ArrowDown':
      return index + columns < count ? index + columns : index
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return undefined
  }
}

/**
 * The wallets as a grid of buttons named by the wallet. One button is in the Tab order at a time; the
 * arrow keys, Home and End move between them.
 */
export function WalletGrid(props: {
  wallets: Directory.Wallet[]
  installed: ReadonlySet<string>
  label: string
  onPick: (wallet: Directory.Wallet) => void
}) {
  const { wallets, installed } = props
  const [active, setActive] = useState(0)
  const list = useRef<HTMLUListElement>(null)
  const current = Math.min(active, Math.max(0, wallets.length - 1))

  // A new list (a search) starts again at its first wallet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the first wallet changes
  useEffect(() => setActive(0), [wallets[0]?.id])

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const next = nextIndex(event.key, current, wallets.length)
    if (next === undefined) return
    event.preventDefault()
    setActive(next)
    list.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus()
  }

  return (
    <ul ref={list} className="fd-grid" aria-label={props.label} onKeyDown={onKeyDown}>
      {wallets.map((wallet, index) => (
        <li key={wallet.id}>
          <button
            type="button"
            className="fd-grid-wallet"
            aria-label={wallet.name}
            tabIndex={index === current ? 0 : -1}
            onFocus={() => setActive(index)}
            onClick={() => props.onPick(wallet)}
          >
            <span className="fd-grid-icon-box">
              {wallet.image_url ? (
                <img src={wallet.image_url} alt="" width={56} height={56} loading="lazy" decoding="async" />
              ) : (
                <span aria-hidden="true">{wallet.name[0]}</span>
              )}
              {wallet.rdns && installed.has(wallet.rdns) ? (
                <span className="fd-grid-badge">Installed</span>
              ) : null}
            </span>
            <span className="fd-grid-name">{wallet.name}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
