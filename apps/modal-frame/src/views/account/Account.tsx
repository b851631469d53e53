import * as Caip from '@frontdoor/schemas/caip'
import * as BalancesView from '@frontdoor/schemas/presentation/balances'
import * as Format from '@frontdoor/schemas/presentation/format'
import * as TransactionsView from '@frontdoor/schemas/presentation/transactions'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useActiveNamespaceAccount, useActiveSolana } from '../../account/ActiveChain.js'
import { AccountRoot, useQueries, useScope } from '../../account/Context.js'
import * as Heads from '../../account/Heads.js'
import * as Pending from '../../account/Pending.js'
import * as Queries from '../../account/Queries.js'
import * as Usd from '../../account/Usd.js'
import * as Served from '../../chain/Served.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { Avatar } from '../../ui/Avatar.js'
import * as AccountParts from './AccountParts.js'
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
// The Account view on Bitcoin, Polkadot or Cosmos (SwitchActiveChain), for the embedded wallet: a chunk too.
const NamespaceAccount = lazy(() => import('./NamespaceAccount.js'))
// The Account view on an EVM network this server has no node of: a chunk too.
const UnservedAccount = lazy(() => import('./UnservedAccount.js'))

const LOADING = <div className="fd-spinner" role="status" aria-label="Loading account" />

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
  const controller = useController()
  const scope = useScope()
  const solana = useActiveSolana()
  const other = useActiveNamespaceAccount()
  const served = Served.useServed(controller.env.apiUrl, scope ? Queries.caip2(scope.chainId) : '')
  if (solana)
    return (
      <Suspense fallback={LOADING}>
        <SolanaAccount account={solana} />
      </Suspense>
    )
  if (other)
    return (
      <Suspense fallback={LOADING}>
        <NamespaceAccount account={other} />
      </Suspense>
    )
  if (!scope) return null
  // Until the API has said which chains it serves (once per frame load), nothing is read.
  if (served === undefined) return LOADING
  if (!served)
    return (
      <Suspense fallback={LOADING}>
        <UnservedAccount scope={scope}>
          <EmbeddedFoot />
        </UnservedAccount>
      </Suspense>
    )
  return <AccountView scope={scope} />
}

/** The embedded wallet's part of the footer: its settings and its other addresses (chunks of their own). */
function EmbeddedFoot() {
  const controller = useController()
  const connection = useStore(controller.connection)
  if (connection.connectorId !== 'embedded') return null
  return (
    <>
      <Suspense fallback={null}>
        <EmbeddedSettings />
      </Suspense>
      <Suspense fallback={null}>
        <NamespaceAccounts />
      </Suspense>
    </>
  )
}

function AccountView({ scope }: { scope: Queries.Scope }) {
  const controller = useController()
  const state = useStore(controller.state)
  const pending = useStore(Pending.frame)
  const queries = useQueries()
  const [tab, setTab] = useState(lastTab)
  const features = state.features
  const identity = useQuery(queries.identity(scope.context, scope.address))
  const balances = useQuery(queries.balance(scope))
  Heads.useFreshBalances(scope)
  // With the on-ramp on, the history shows the purchases too.
  const history = useInfiniteQuery({
    ...queries.history(scope, features.onramp[0]),
    enabled: features.activity,
  })
  AccountParts.useRefetchOnOpen()

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

  const select = (id: string) => {
    lastTab = id
    setTab(id)
  }

  return (
    <div className="fd-account">
      <AccountParts.Head
        address={scope.address}
        avatar={
          <Avatar
            address={scope.address}
            src={Usd.imageUrl(scope.context.apiUrl, identity.data?.avatar ?? undefined)}
          />
        }
        title={name ?? truncated}
        balances={balances}
        tokens={tokens}
        network={network}
        chainId={scope.chainId}
      >
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
      </AccountParts.Head>

      <div className="fd-actions">
        {features.send ? <AccountParts.SendAction /> : null}
        {features.receive ? (
          <AccountParts.Action label="Receive" onClick={() => controller.router.push('Receive')}>
            <path d="M12 5v14M6 13l6 6 6-6" />
          </AccountParts.Action>
        ) : null}
        {features.swaps.length > 0 ? (
          <AccountParts.Action label="Swap" onClick={() => controller.router.push('Swap')}>
            <path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" />
          </AccountParts.Action>
        ) : null}
        {features.onramp.length > 0 ? (
          <AccountParts.Action label="Buy" onClick={() => controller.router.push('Buy')}>
            <path d="M3 7h18v10H3zM3 11h18" />
          </AccountParts.Action>
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
              <TokensTab
                balances={balances.data}
                status={balances.status}
                apiUrl={scope.context.apiUrl}
                network={network}
              />
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

      <AccountParts.Foot>
        <EmbeddedFoot />
      </AccountParts.Foot>
    </div>
  )
}
