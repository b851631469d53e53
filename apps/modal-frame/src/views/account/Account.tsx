import * as Caip from '@frontdoor/schemas/caip'
import * as BalancesView from '@frontdoor/schemas/presentation/balances'
import * as Format from '@frontdoor/schemas/presentation/format'
import * as TransactionsView from '@frontdoor/schemas/presentation/transactions'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import { useActiveSolana } from '../../account/ActiveChain.js'
import { AccountRoot, useQueries, useScope } from '../../account/Context.js'
import * as Pending from '../../account/Pending.js'
import type * as Queries from '../../account/Queries.js'
import * as Usd from '../../account/Usd.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { Avatar, Icon } from '../../ui/Avatar.js'
import { copyAddress } from '../../ui/Clipboard.js'
import * as Toast from '../../ui/Toast.js'
import * as Activity from './Activity.js'
import { ActivityTab } from './ActivityTab.js'
import { NftsTab } from './NftsTab.js'
import { Tabs } from './Tabs.js'
import { TokensTab } from './TokensTab.js'
import '../../ui/account.css'

// The embedded wallet's settings (update email, account type): a chunk of its own, for embedded accounts only.
const EmbeddedSettings = lazy(() => import('./EmbeddedSettings.js'))
// The embedded wallet's Bitcoin, Polkadot and Cosmos addresses: a chunk of its own too.
const NamespaceAccounts = lazy(() => import('./NamespaceAccounts.js'))
// The Account view on solana (SwitchActiveChain), for a connection with a Solana account: a chunk too.
const SolanaAccount = lazy(() => import('./SolanaAccount.js'))

/** The tab the Account view shows, kept while the user visits Send, Receive ... and comes back. */
let lastTab = 'tokens'

/** The Account view (spec section 2): who is connected, what they own, and what they can do. */
export default function Account() {
  return (
    <AccountRoot>
      <Connected />
    </AccountRoot>
  )
}

function Connected() {
  const scope = useScope()
  const solana = useActiveSolana()
  if (solana)
    return (
      <Suspense fallback={<div className="fd-spinner" role="status" aria-label="Loading account" />}>
        <SolanaAccount account={solana} />
      </Suspense>
    )
  return scope ? <AccountView scope={scope} /> : null
}

function AccountView({ scope }: { scope: Queries.Scope }) {
  const controller = useController()
  const state = useStore(controller.state)
  const connection = useStore(controller.connection)
  const pending = useStore(Pending.frame)
  const queries = useQueries()
  const [tab, setTab] = useState(lastTab)
  const [busy, setBusy] = useState(false)
  const features = state.features
  const identity = useQuery(queries.identity(scope.context, scope.address))
  const balances = useQuery(queries.balance(scope))
  // With the on-ramp on, the history shows the purchases too.
  const history = useInfiniteQuery({
    ...queries.history(scope, features.onramp[0]),
    enabled: features.activity,
  })
  // The view stays rendered while the modal is hidden: opening it reads again what its cache let go
  // stale (portfolio 30 s, history 15 s, identity 5 min).
  const { open } = useStore(controller.modal)
  const wasOpen = useRef(open)
  useEffect(() => {
    if (open && !wasOpen.current)
      void queries.client.refetchQueries({ type: 'active', stale: true }, { cancelRefetch: false })
    wasOpen.current = open
  }, [open, queries])

  const chain = Caip.formatCaip2('eip155', scope.chainId)
  const network = state.host?.info.networks.find((n) => n.caipNetworkId === chain)
  const name = identity.data?.name ?? undefined
  const truncated = Format.truncateAddress(scope.address)
  const tokens = BalancesView.filterZeroDecimals(balances.data ?? [])
  // Spec section 5: spam-NFT-only transactions are dropped, and only the connected chain's are kept.
  // 'Failed to fetch transactions' empties the list.
  const fetched = history.isError ? [] : (history.data?.pages.flatMap((page) => page.data) ?? [])
  const transactions = TransactionsView.filter(Pending.merge(fetched, pending, scope.address, chain), chain)
  const groups = TransactionsView.groupByYearMonth(transactions)
  const pendingCount = Activity.pendingOf(transactions)

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
  const select = (id: string) => {
    lastTab = id
    setTab(id)
  }

  return (
    <div className="fd-account">
      <div className="fd-account-head">
        <Avatar
          address={scope.address}
          src={Usd.imageUrl(scope.context.apiUrl, identity.data?.avatar ?? undefined)}
        />
        <div className="fd-account-name">
          <p className="fd-account-title" title={scope.address}>
            {name ?? truncated}
          </p>
          <button
            type="button"
            className="fd-icon-button fd-small-icon"
            aria-label="Copy address"
            onClick={() => void copyAddress(scope.address)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <rect x="8" y="8" width="12" height="12" rx="2" />
              <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
            </svg>
          </button>
        </div>
        {name ? (
          <p className="fd-muted">{truncated}</p>
        ) : identity.isSuccess ? (
          <button
            type="button"
            className="fd-text-button"
            onClick={() => controller.router.push('RegisterAccountName')}
          >
            Choose name
          </button>
        ) : null}
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
          aria-label={`Network: ${network?.name ?? `chain ${scope.chainId}`}`}
          onClick={() => controller.router.push('SwitchNetwork')}
        >
          <Icon label={network?.name ?? String(scope.chainId)} size={20} />
          <span>{network?.name ?? `Chain ${scope.chainId}`}</span>
          <svg viewBox="0 0 24 24" aria-hidden="true" className="fd-chevron">
            <path d="M9 6l6 6-6 6" />
          </svg>
        </button>
      </div>

      <div className="fd-actions">
        {features.send ? (
          <Action label="Send" onClick={() => controller.router.push('Send')}>
            <path d="M12 19V5M6 11l6-6 6 6" />
          </Action>
        ) : null}
        {features.receive ? (
          <Action label="Receive" onClick={() => controller.router.push('Receive')}>
            <path d="M12 5v14M6 13l6 6 6-6" />
          </Action>
        ) : null}
        {features.swaps.length > 0 ? (
          <Action label="Swap" onClick={() => controller.router.push('Swap')}>
            <path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" />
          </Action>
        ) : null}
        {features.onramp.length > 0 ? (
          <Action label="Buy" onClick={() => controller.router.push('Buy')}>
            <path d="M3 7h18v10H3zM3 11h18" />
          </Action>
        ) : null}
      </div>

      <Tabs
        label="Account"
        selected={tab}
        onSelect={select}
        tabs={[
          {
            id: 'tokens',
            label: 'Tokens',
            panel: () => (
              <TokensTab balances={balances.data} status={balances.status} apiUrl={scope.context.apiUrl} />
            ),
          },
          { id: 'nfts', label: 'NFTs', panel: () => <NftsTab scope={scope} /> },
          ...(features.activity
            ? [
                {
                  id: 'activity',
                  label: 'Activity',
                  ...(pendingCount > 0
                    ? {
                        badge: {
                          text: Format.pendingCount(pendingCount),
                          description: `${Format.pendingCount(pendingCount)} pending`,
                        },
                      }
                    : {}),
                  panel: () => (
                    <ActivityTab
                      groups={groups}
                      status={history.status}
                      apiUrl={scope.context.apiUrl}
                      hasMore={Boolean(history.hasNextPage) && !history.isError}
                      loadingMore={history.isFetchingNextPage}
                      onMore={() => void history.fetchNextPage()}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />

      <div className="fd-account-foot">
        {connection.connectorId === 'embedded' ? (
          <Suspense fallback={null}>
            <EmbeddedSettings />
          </Suspense>
        ) : null}
        {connection.connectorId === 'embedded' ? (
          <Suspense fallback={null}>
            <NamespaceAccounts />
          </Suspense>
        ) : null}
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

/** A round action button with its label below; `soon` marks a flow that is not there yet. */
function Action({
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
