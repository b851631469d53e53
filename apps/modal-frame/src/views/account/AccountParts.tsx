import type * as Token from '@frontdoor/schemas/entities/token'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useQueries } from '../../account/Context.js'
import * as Usd from '../../account/Usd.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { Icon } from '../../ui/Avatar.js'
import { copyAddress } from '../../ui/Clipboard.js'
import * as Toast from '../../ui/Toast.js'

/**
 * The parts of the Account view that the eip155 and the solana Account views share (both lazy chunks):
 * the head (avatar, address, balance, network), the action buttons, the wallet's footer, and the
 * reading again of stale data when the modal opens.
 */

/**
 * The views stay rendered while the modal is hidden: opening it reads again what their cache let go
 * stale (portfolio 30 s, history 15 s, identity 5 min).
 */
export function useRefetchOnOpen() {
  const controller = useController()
  const queries = useQueries()
  const { open } = useStore(controller.modal)
  const wasOpen = useRef(open)
  useEffect(() => {
    if (open && !wasOpen.current)
      void queries.client.refetchQueries({ type: 'active', stale: true }, { cancelRefetch: false })
    wasOpen.current = open
  }, [open, queries])
}

/**
 * Who is connected: the avatar, the title (name or address) with its copy button, what `children`
 * add below it, the USD total of `tokens` (on a testnet the spec's 0.00, marked Testnet: Usd.ts), and
 * the network (a click opens SwitchNetwork).
 */
export function Head({
  address,
  avatar,
  title,
  titleTestId,
  children,
  balances,
  tokens,
  network,
  chainId,
}: {
  address: string
  avatar: ReactNode
  title: string
  titleTestId?: string
  children?: ReactNode
  balances: { isPending: boolean; isSuccess: boolean; fetchStatus: string }
  tokens: readonly Pick<Token.TokenBalance, 'value'>[]
  /** The network as the page declared it (absent: named by `chainId`). */
  network: { name: string; testnet?: boolean | undefined } | undefined
  chainId: number | string
}) {
  const controller = useController()
  return (
    <div className="fd-account-head">
      {avatar}
      <div className="fd-account-name">
        <p className="fd-account-title" title={address} data-testid={titleTestId}>
          {title}
        </p>
        <CopyButton address={address} label="Copy address" />
      </div>
      {children}
      <p
        className="fd-account-balance"
        aria-live="polite"
        aria-busy={balances.isPending && balances.fetchStatus !== 'idle'}
      >
        <span className="fd-visually-hidden">Balance </span>
        {balances.isSuccess ? Usd.total(tokens, network) : Usd.isTestnet(network) ? '—' : '$—'}
        {Usd.isTestnet(network) ? (
          <span className="fd-testnet-mark" title="Tokens on a testnet have no USD value">
            <span className="fd-visually-hidden">, </span>Testnet
          </span>
        ) : null}
      </p>
      <button
        type="button"
        className="fd-network-button"
        aria-label={`Network: ${network?.name ?? `chain ${chainId}`}`}
        onClick={() => controller.router.push('SwitchNetwork')}
      >
        <Icon label={network?.name ?? String(chainId)} size={20} />
        <span>{network?.name ?? `Chain ${chainId}`}</span>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="fd-chevron">
          <path d="M9 6l6 6-6 6" />
        </svg>
      </button>
    </div>
  )
}

/** The small button that copies `address` (toasted), named `label` for screen readers. */
export function CopyButton({ address, label }: { address: string; label: string }) {
  return (
    <button
      type="button"
      className="fd-icon-button fd-small-icon"
      aria-label={label}
      onClick={() => void copyAddress(address)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <rect x="8" y="8" width="12" height="12" rx="2" />
        <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
      </svg>
    </button>
  )
}

/** A round action button with its label below; `soon` marks a flow that is not there yet. */
export function Action({
  label,
  onClick,
  soon,
  children,
}: {
  label: string
  onClick: () => void
  soon?: boolean
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className="fd-action"
      onClick={onClick}
      {...(soon ? { 'aria-disabled': true, 'aria-describedby': `fd-soon-${label}`, 'data-soon': true } : {})}
    >
      <span className="fd-action-icon">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          {children}
        </svg>
      </span>
      {label}
      {soon ? (
        <span id={`fd-soon-${label}`} hidden>
          Coming soon
        </span>
      ) : null}
    </button>
  )
}

/** Send's action: an arrow up, to the Send view. */
export function SendAction() {
  const controller = useController()
  return (
    <Action label="Send" onClick={() => controller.router.push('Send')}>
      <path d="M12 19V5M6 11l6-6 6 6" />
    </Action>
  )
}

/** The footer: what `children` add, the connected wallet (a click opens ProfileWallets) and Disconnect. */
export function Foot({ children }: { children?: ReactNode }) {
  const controller = useController()
  const connection = useStore(controller.connection)
  const [busy, setBusy] = useState(false)

  const disconnect = async () => {
    setBusy(true)
    try {
      await controller.connection.disconnect()
    } catch (error) {
      // 'Failed to disconnect chains: …' (spec section 8): the wallet could not be told.
      Toast.frame.show((error as Error).message, 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="fd-account-foot">
      {children}
      <button type="button" className="fd-wallet" onClick={() => controller.router.push('ProfileWallets')}>
        <Icon
          src={connection.session?.wallet.icon}
          label={connection.session?.wallet.name ?? 'W'}
          size={32}
        />
        <span className="fd-wallet-name">
          <span className="fd-ellipsis">{connection.session?.wallet.name ?? 'Wallet'}</span>
          <span className="fd-row-sub">Manage wallets</span>
        </span>
      </button>
      <button
        type="button"
        className="fd-button"
        data-variant="secondary"
        disabled={busy}
        onClick={disconnect}
      >
        {busy ? 'Disconnecting…' : 'Disconnect'}
      </button>
    </div>
  )
}
