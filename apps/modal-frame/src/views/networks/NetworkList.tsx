import type * as Network from '@frontdoor/schemas/entities/network'
import * as Errors from '@frontdoor/schemas/errors'
import { useState } from 'react'
import { Icon } from '../../ui/Avatar.js'

/** What a failed switch says: the wallet's or the connector's message ('Chain is not supported' ...). */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message ? message : Errors.CHAIN_NOT_SUPPORTED
}

/**
 * The page's networks as buttons: the current one marked, those this server has no node of said so,
 * a spinner on the one being switched to, and the reason under a row whose switch failed. Arrow keys
 * move between rows.
 */
export function NetworkList({
  networks,
  current,
  onPick,
  label = 'Networks',
  unserved,
}: {
  networks: Network.Network[]
  /** The CAIP-2 id of the current network. */
  current: string | undefined
  /** Switches to `network`; rejects with the reason shown under its row. */
  onPick: (network: Network.Network) => Promise<void>
  label?: string
  /** Whether this server has no node of a network (CAIP-2): its row says 'Not available on this server'. */
  unserved?: ((caipNetworkId: string) => boolean) | undefined
}) {
  const [busy, setBusy] = useState<string>()
  const [failed, setFailed] = useState<{ id: string; message: string }>()
  const pick = async (network: Network.Network) => {
    if (busy) return
    setBusy(network.caipNetworkId)
    setFailed(undefined)
    try {
      await onPick(network)
    } catch (error) {
      setFailed({ id: network.caipNetworkId, message: messageOf(error) })
    } finally {
      setBusy(undefined)
    }
  }
  return (
    <ul
      className="fd-rows"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
        const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')]
        const index = buttons.indexOf(document.activeElement as HTMLButtonElement)
        const next = buttons[(index + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length]
        event.preventDefault()
        next?.focus()
      }}
    >
      {networks.map((network, index) => {
        const id = network.caipNetworkId
        const isCurrent = id === current
        const error = failed?.id === id ? failed.message : undefined
        return (
          <li key={id}>
            <button
              type="button"
              className="fd-row fd-row-button fd-network-row"
              aria-current={isCurrent ? 'true' : undefined}
              aria-busy={busy === id}
              aria-describedby={error ? `fd-network-error-${index}` : undefined}
              disabled={busy !== undefined && busy !== id}
              onClick={() => void pick(network)}
              {...(index === 0 ? { 'data-autofocus': true } : {})}
            >
              <Icon label={network.name} size={32} />
              <span className="fd-row-main">
                <span className="fd-row-title">{network.name}</span>
                {unserved?.(id) ? (
                  <span className="fd-row-sub">{Errors.NOT_AVAILABLE_ON_THIS_SERVER}</span>
                ) : network.testnet ? (
                  <span className="fd-row-sub">Testnet</span>
                ) : null}
              </span>
              {busy === id ? (
                <span className="fd-button-spinner fd-network-spinner" role="status" aria-label="Switching" />
              ) : isCurrent ? (
                <span className="fd-status">Current</span>
              ) : null}
            </button>
            {error ? (
              <p id={`fd-network-error-${index}`} className="fd-error-text fd-network-error" role="alert">
                {error}
              </p>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
