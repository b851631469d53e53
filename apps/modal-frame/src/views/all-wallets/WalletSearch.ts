import { Constants, type Directory } from '@frontdoor/schemas'
import type * as Api from '../../api/Api.js'
import * as WalletFilters from '../../api/WalletFilters.js'
import * as Store from '../../store/Store.js'

/**
 * The wallets of the AllWallets view: the directory page by page (40 at a time) with the project's
 * featured wallets first, or the results of a search (up to 100), under the project's include, exclude
 * and chain filters; with "certified only" on, every read asks `badge_type=certified`. Typing waits for
 * a pause (500 ms) and a search shows its loading state at least 300 ms, so results do not flicker in and
 * out (REFERENCE.md).
 */

/** Reads one page of `/getWallets`. */
export type Fetch = (query: Api.WalletsQuery) => Promise<Directory.GetWalletsResponse>

/** What the view renders. */
export type State = {
  /** The search field's text, as typed. */
  text: string
  /** The search whose results are shown ('' while browsing). */
  query: string
  wallets: Directory.Wallet[]
  /** How many wallets match (browsing: the whole filtered directory). */
  count: number
  /** `loading`: a first page or a search is on its way (skeletons); `more`: a next page. */
  status: 'loading' | 'more' | 'idle' | 'error'
  /** More pages to load by scrolling. */
  hasMore: boolean
  /** Only wallets with the certified badge (`badge_type=certified`). */
  certified: boolean
}

/** Options of {@link create}. */
export type Options = {
  fetch: Fetch
  /** The page's include / exclude ids, its chains (CAIP-2) and featured ids. */
  filters: WalletFilters.Filters
  /** Test clocks only. */
  debounceMs?: number
  minWaitMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Wallets of `next` that `known` does not hold yet, so a wallet never shows twice. */
function unseen(known: readonly Directory.Wallet[], next: readonly Directory.Wallet[]) {
  const ids = new Set(known.map((w) => w.id))
  return next.filter((w) => !ids.has(w.id))
}

/**
 * Creates the store. Call `start()` once the view shows; `setText` on every keystroke, `loadMore` when
 * the end of the list scrolls into view, `retry` after an error.
 */
export function create(options: Options) {
  const debounceMs = options.debounceMs ?? Constants.WALLET_SEARCH_DEBOUNCE_MS
  const minWaitMs = options.minWaitMs ?? Constants.WALLET_SEARCH_MIN_WAIT_MS
  const { include, exclude, chains } = options.filters
  const featuredIds = WalletFilters.featuredIds(options.filters)
  const store = Store.create<State>({
    text: '',
    query: '',
    wallets: [],
    count: 0,
    status: 'loading',
    hasMore: false,
    certified: false,
  })
  // Bumped by every new search or browse, so the answer of an older one is dropped.
  let generation = 0
  let page = 0
  let featuredCount = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const base = () => ({
    include,
    exclude,
    chains,
    badge: store.get().certified ? ('certified' as const) : undefined,
  })

  async function browse() {
    const mine = ++generation
    page = 0
    store.set((s) => ({ ...s, query: '', status: 'loading', wallets: [], hasMore: false }))
    try {
      const [featured, first] = await Promise.all([
        featuredIds.length
          ? options.fetch({ ...base(), page: 1, entries: featuredIds.length, include: featuredIds })
          : Promise.resolve({ data: [], count: 0 }),
        options.fetch({ ...base(), page: 1, entries: Constants.WALLETS_PER_PAGE }),
      ])
      if (mine !== generation) return
      const ordered = featuredIds
        .map((id) => featured.data.find((w) => w.id === id))
        .filter((w): w is Directory.Wallet => w !== undefined)
      featuredCount = ordered.length
      page = 1
      store.set((s) => ({
        ...s,
        wallets: [...ordered, ...unseen(ordered, first.data)],
        count: first.count,
        status: 'idle',
        hasMore: first.data.length > 0 && page * Constants.WALLETS_PER_PAGE < first.count,
      }))
    } catch {
      if (mine === generation) store.set((s) => ({ ...s, status: 'error' }))
    }
  }

  async function search(query: string) {
    const mine = ++generation
    const started = Date.now()
    store.set((s) => ({ ...s, query, status: 'loading', hasMore: false }))
    try {
      const result = await options.fetch({
        ...base(),
        page: 1,
        entries: Constants.SEARCH_WALLETS_COUNT,
        search: query,
      })
      await sleep(Math.max(0, minWaitMs - (Date.now() - started)))
      if (mine !== generation) return
      store.set((s) => ({ ...s, wallets: result.data, count: result.count, status: 'idle' }))
    } catch {
      if (mine === generation) store.set((s) => ({ ...s, status: 'error' }))
    }
  }

  /** Loads the next page while browsing (the end of the list came into view). */
  async function loadMore() {
    const s = store.get()
    if (s.query || s.status !== 'idle' || !s.hasMore) return
    const mine = generation
    store.set((prev) => ({ ...prev, status: 'more' }))
    try {
      const next = await options.fetch({ ...base(), page: page + 1, entries: Constants.WALLETS_PER_PAGE })
      if (mine !== generation) return
      page += 1
      store.set((prev) => ({
        ...prev,
        wallets: [...prev.wallets, ...unseen(prev.wallets, next.data)],
        count: next.count,
        status: 'idle',
        hasMore: next.data.length > 0 && page * Constants.WALLETS_PER_PAGE < next.count,
      }))
    } catch {
      if (mine === generation) store.set((prev) => ({ ...prev, status: 'error' }))
    }
  }

  return {
    get: store.get,
    subscribe: store.subscribe,
    /** Loads the first page (and the featured wallets). */
    start: () => browse(),
    /** The search field changed: search after a pause, or browse again when it is emptied. */
    setText(text: string) {
      clearTimeout(timer)
      store.set((s) => ({ ...s, text }))
      const query = text.trim()
      if (query === store.get().query && store.get().status !== 'error') return
      timer = setTimeout(() => void (query ? search(query) : browse()), debounceMs)
    },
    loadMore,
    /** Shows only certified wallets (`badge_type=certified`), or any again: the list is read again. */
    setCertified(certified: boolean) {
      if (certified === store.get().certified) return
      clearTimeout(timer)
      store.set((s) => ({ ...s, certified }))
      const query = store.get().text.trim()
      return query ? search(query) : browse()
    },
    /** Tries again what failed: the search shown, the next page, or the first one. */
    retry() {
      const query = store.get().text.trim()
      if (query) return search(query)
      if (page === 0) return browse()
      store.set((prev) => ({ ...prev, status: 'idle' }))
      return loadMore()
    },
    /** How many featured wallets lead the list while browsing. */
    featuredCount: () => (store.get().query ? 0 : featuredCount),
    /** Stops the pending debounce (the view is leaving). */
    stop() {
      clearTimeout(timer)
      generation++
    },
  }
}
