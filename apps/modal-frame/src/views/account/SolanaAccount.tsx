import type * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import * as BalancesView from '@frontdoor/schemas/presentation/balances'
import * as Format from '@frontdoor/schemas/presentation/format'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import * as ActiveChain from '../../account/ActiveChain.js'
import { useQueries } from '../../account/Context.js'
import * as SolanaAvatar from '../../account/SolanaAvatar.js'
import * as Usd from '../../account/Usd.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { Avatar, Icon } from '../../ui/Avatar.js'
import { copyAddress } from '../../ui/Clipboard.js'
import * as Toast from '../../ui/Toast.js'
import { TokensTab } from './TokensTab.js'

/**
 * The Account view while solana is the active chain family (a chunk of its own): the connection's
 * Solana address, its SOL and SPL balances from the balance API, the network (to switch back), Send,
 * and the wallet's footer. Activity and names are eip155 only (spec section 1), so neither shows.
 */
export default function SolanaAccount({ account }: { account: SolanaWallet.Account }) {
  const controller = useController()
  const connection = useStore(controller.connection)
  const { features } = useStore(controller.state)
  const queries = useQueries()
  const { apiUrl, projectId } = controller.env
  const network = ActiveChain.SOLANA_NETWORK
  const context = { apiUrl, projectId: projectId ?? '' }
  const balances = useQuery(queries.solanaBalance(context, account.address, network.caipNetworkId))
  const [busy, setBusy] = useState(false)
  // Opening the modal again reads again what the cache let go stale.
  const { open } = useStore(controller.modal)
  const wasOpen = useRef(open)
  useEffect(() => {
    if (open && !wasOpen.current)
      void queries.client.refetchQueries({ type: 'active', stale: true }, { cancelRefetch: false })
    wasOpen.current = open
  }, [open, queries])
  const tokens = BalancesView.filterZeroDecimals(balances.data ?? [])
  const truncated = Format.truncateAddress(account.address)

  const disconnect = async () => {
    setBusy(true)
    try {
      await controller.connection.disconnect()
    } catch (error) {
      Toast.frame.show((error as Error).message, 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="fd-account" data-namespace="solana">
      <div className="fd-account-head">
        <Avatar address={SolanaAvatar.seed(account.address)} />
        <div className="fd-account-name">
          <p className="fd-account-title" title={account.address} data-testid="solana-address">
            {truncated}
          </p>
          <button
            type="button"
            className="fd-icon-button fd-small-icon"
            aria-label="Copy address"
            onClick={() => void copyAddress(account.address)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <rect x="8" y="8" width="12" height="12" rx="2" />
              <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
            </svg>
          </button>
        </div>
        <p
          className="fd-account-balance"
          aria-live="polite"
          aria-busy={balances.isPending && balances.fetchStatus !== 'idle'}
        >
          <span className="fd-visually-hidden">Balance </span>
          {balances.isSuccess ? Usd.total(tokens, network) : '$—'}
        </p>
        <button
          type="button"
          className="fd-network-button"
          aria-label={`Network: ${network.name}`}
          onClick={() => controller.router.push('SwitchNetwork')}
        >
          <Icon label={network.name} size={20} />
          <span>{network.name}</span>
          <svg viewBox="0 0 24 24" aria-hidden="true" className="fd-chevron">
            <path d="M9 6l6 6-6 6" />
          </svg>
        </button>
      </div>

      {features.send ? (
        <div className="fd-actions">
          <button type="button" className="fd-action" onClick={() => controller.router.push('Send')}>
            <span className="fd-action-icon">
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 19V5M6 11l6-6 6 6" />
              </svg>
            </span>
            Send
          </button>
        </div>
      ) : null}

      <TokensTab balances={balances.data} status={balances.status} apiUrl={apiUrl} />

      <div className="fd-account-foot">
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
    </div>
  )
}
