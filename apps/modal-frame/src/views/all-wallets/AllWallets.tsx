import type { Directory } from '@frontdoor/schemas'
import { useEffect, useId, useRef, useState } from 'react'
import * as Api from '../../api/Api.js'
import * as Images from '../../api/Images.js'
import * as WalletFilters from '../../api/WalletFilters.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { WalletGrid } from './WalletGrid.js'
import * as WalletSearch from './WalletSearch.js'
import './all-wallets.css'

const SKELETONS = 8

function Skeletons({ count }: { count: number }) {
  return (
    <ul className="fd-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li key={i} className="fd-grid-skeleton">
          <span />
          <span />
        </li>
      ))}
    </ul>
  )
}

/**
 * AllWallets: the whole wallet directory, 40 at a time as the list scrolls, with a search (up to 100
 * results), a "Certified only" switch (`badge_type=certified`) and the page's include / exclude / chain
 * filters; the featured wallets first. Picking a
 * wallet the page has installed connects it directly; any other pairs by WalletConnect.
 */
export default function AllWallets() {
  const controller = useController()
  const state = useStore(controller.state)
  const [search] = useState(() =>
    WalletSearch.create({
      // Each page shows once its icons are loaded, or after the spec's 2000 ms preload wait.
      fetch: Images.withIcons((query: Api.WalletsQuery) =>
        Api.wallets(controller.env.apiUrl, controller.env.projectId ?? '', query),
      ),
      filters: WalletFilters.filtersOf(controller.state.get().host?.info),
    }),
  )
  const s = useStore(search)
  const sentinel = useRef<HTMLDivElement>(null)
  const inputId = useId()

  useEffect(() => {
    void search.start()
    // Most visitors here pick a wallet to pair with: fetch the WalletConnect code meanwhile.
    controller.prefetchWalletConnect()
    return () => search.stop()
  }, [controller, search])

  // Infinite scroll: the next page when the end of the list comes near.
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe again after each page (the end moved)
  useEffect(() => {
    const end = sentinel.current
    if (!end || !s.hasMore || s.query || s.status !== 'idle') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void search.loadMore()
      },
      { rootMargin: '160px' },
    )
    observer.observe(end)
    return () => observer.disconnect()
  }, [search, s.hasMore, s.query, s.status, s.wallets.length])

  const installed = new Set(state.injected.map((w) => w.rdns))
  const pick = (wallet: Directory.Wallet) => {
    const injected = wallet.rdns ? state.injected.find((w) => w.rdns === wallet.rdns) : undefined
    if (injected) controller.router.push('ConnectingExternal', { rdns: injected.rdns, name: injected.name })
    else controller.router.push('ConnectingWalletConnect', { id: wallet.id, name: wallet.name, wallet })
  }

  const loadingFirst = s.status === 'loading'
  return (
    <div className="fd-all-wallets">
      <div className="fd-all-search">
        <label htmlFor={inputId} className="fd-visually-hidden">
          Search wallet
        </label>
        <input
          id={inputId}
          type="search"
          placeholder="Search wallet"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={s.text}
          onChange={(event) => search.setText(event.target.value)}
          data-autofocus
        />
        <label className="fd-all-certified">
          <input
            type="checkbox"
            checked={s.certified}
            onChange={(event) => void search.setCertified(event.target.checked)}
          />
          Certified only
        </label>
      </div>
      <p className="fd-visually-hidden" role="status">
        {loadingFirst
          ? 'Loading wallets'
          : s.status === 'error'
            ? ''
            : s.query
              ? `${s.count} ${s.count === 1 ? 'wallet' : 'wallets'} found`
              : ''}
      </p>
      {loadingFirst ? (
        <Skeletons count={SKELETONS} />
      ) : s.wallets.length > 0 ? (
        <WalletGrid
          wallets={s.wallets}
          installed={installed}
          label={s.query ? 'Search results' : 'All wallets'}
          onPick={pick}
        />
      ) : s.status !== 'error' ? (
        <div className="fd-placeholder" role="status">
          <p className="fd-placeholder-title">No wallet found</p>
          <p className="fd-muted">
            {s.query
              ? `Nothing matches "${s.query}". Try another name.`
              : 'The directory has no wallet for this page.'}
          </p>
        </div>
      ) : null}
      {s.status === 'more' ? <Skeletons count={SKELETONS / 2} /> : null}
      {s.status === 'error' ? (
        <div className="fd-placeholder" role="alert">
          <p className="fd-placeholder-title fd-error-text">Wallets could not be loaded</p>
          <p className="fd-muted">Check your connection and retry.</p>
          <button type="button" className="fd-button" onClick={() => void search.retry()}>
            Retry
          </button>
        </div>
      ) : null}
      <div ref={sentinel} className="fd-all-end" aria-hidden="true" />
    </div>
  )
}
