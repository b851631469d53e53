import { Constants, type Directory } from '@frontdoor/schemas'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type * as Api from '../../api/Api.js'
import * as WalletSearch from './WalletSearch.js'

// The store's own logic (paging, debounce, dedupe, stale answers) against a directory in memory that
// filters like /getWallets does; the e2e tests run the view against the real API.
const DIRECTORY: Directory.Wallet[] = Array.from({ length: 95 }, (_, i) => ({
  id: `w${String(i).padStart(2, '0')}`,
  name: `${i % 2 ? 'Aurora' : 'Birch'} ${i}`,
  chains: i % 3 === 0 ? ['eip155:1'] : ['eip155:31337'],
  image_id: `img${i}`,
}))

function directory(options: { fail?: () => boolean; delayMs?: number } = {}) {
  const queries: Api.WalletsQuery[] = []
  const fetch: WalletSearch.Fetch = async (query) => {
    queries.push(query)
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
    if (options.fail?.()) throw new Error('HTTP 500')
    const matches = DIRECTORY.filter(
      (w) =>
        (!query.search || w.name.toLowerCase().includes(query.search.toLowerCase())) &&
        (!query.include?.length || query.include.includes(w.id)) &&
        !query.exclude?.includes(w.id) &&
        (!query.chains?.length || w.chains.some((c) => query.chains?.includes(c))),
    )
    const start = (query.page - 1) * query.entries
    return { data: matches.slice(start, start + query.entries), count: matches.length }
  }
  return { fetch, queries }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('browsing', () => {
  test('40 per page; more pages until the count is reached; no wallet twice', async () => {
    const { fetch } = directory()
    const search = WalletSearch.create({ fetch, filters: {} })
    expect(search.get().status).toBe('loading')
    await search.start()
    expect(search.get()).toMatchObject({ status: 'idle', count: 95, hasMore: true })
    expect(search.get().wallets).toHaveLength(Constants.WALLETS_PER_PAGE)
    await search.loadMore()
    expect(search.get().wallets).toHaveLength(80)
    await search.loadMore()
    expect(search.get().wallets).toHaveLength(95)
    expect(search.get().hasMore).toBe(false)
    await search.loadMore()
    expect(new Set(search.get().wallets.map((w) => w.id)).size).toBe(95)
  })

  test('include, exclude and chains go to every query', async () => {
    const { fetch, queries } = directory()
    const filters = { include: ['w01', 'w02', 'w03', 'w04'], exclude: ['w02'], chains: ['eip155:31337'] }
    const search = WalletSearch.create({ fetch, filters })
    await search.start()
    expect(search.get().wallets.map((w) => w.id)).toEqual(['w01', 'w04'])
    expect(queries[0]).toMatchObject(filters)
  })

  test('featured wallets first, in their order, at most 4, not repeated below', async () => {
    const { fetch } = directory()
    const featured = ['w50', 'w07', 'w03', 'w60', 'w61', 'w62']
    const search = WalletSearch.create({ fetch, filters: { featured, exclude: ['w03'] } })
    await search.start()
    const ids = search.get().wallets.map((w) => w.id)
    expect(ids.slice(0, 5)).toEqual(['w50', 'w07', 'w60', 'w61', 'w00'])
    expect(ids.filter((id) => id === 'w07')).toHaveLength(1)
    expect(ids).not.toContain('w03')
    expect(search.featuredCount()).toBe(Constants.FEATURED_WALLETS_COUNT)
  })

  test('a failed page shows the error; retry loads it', async () => {
    let failing = true
    const { fetch } = directory({ fail: () => failing })
    const search = WalletSearch.create({ fetch, filters: {} })
    await search.start()
    expect(search.get().status).toBe('error')
    failing = false
    await search.retry()
    expect(search.get()).toMatchObject({ status: 'idle', count: 95 })
    failing = true
    await search.loadMore()
    expect(search.get().status).toBe('error')
    expect(search.get().wallets).toHaveLength(40)
    failing = false
    await search.retry()
    expect(search.get().wallets).toHaveLength(80)
  })
})

describe('searching', () => {
  test('waits for a 500 ms pause, asks for up to 100, shows loading at least 300 ms', async () => {
    const { fetch, queries } = directory()
    const search = WalletSearch.create({ fetch, filters: {} })
    await search.start()
    search.setText('a')
    search.setText('au')
    search.setText('aur')
    await vi.advanceTimersByTimeAsync(Constants.WALLET_SEARCH_DEBOUNCE_MS - 1)
    expect(queries).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(queries).toHaveLength(2)
    expect(queries[1]).toMatchObject({ search: 'aur', entries: Constants.SEARCH_WALLETS_COUNT, page: 1 })
    expect(search.get()).toMatchObject({ status: 'loading', query: 'aur', text: 'aur' })
    await vi.advanceTimersByTimeAsync(Constants.WALLET_SEARCH_MIN_WAIT_MS - 1)
    expect(search.get().status).toBe('loading')
    await vi.advanceTimersByTimeAsync(1)
    expect(search.get()).toMatchObject({ status: 'idle', count: 47, hasMore: false })
    expect(search.get().wallets.every((w) => w.name.startsWith('Aurora'))).toBe(true)
  })

  test('no results: an empty list; clearing the field browses again', async () => {
    const { fetch } = directory()
    const search = WalletSearch.create({ fetch, filters: {} })
    await search.start()
    search.setText('zzz')
    await vi.advanceTimersByTimeAsync(1000)
    expect(search.get()).toMatchObject({ status: 'idle', count: 0, wallets: [] })
    search.setText('')
    await vi.advanceTimersByTimeAsync(1000)
    expect(search.get()).toMatchObject({ status: 'idle', query: '', count: 95 })
  })

  test('the answer of an older search never replaces a newer one', async () => {
    const { fetch } = directory({ delayMs: 800 })
    const search = WalletSearch.create({ fetch, filters: {} })
    const started = search.start()
    await vi.advanceTimersByTimeAsync(800)
    await started
    search.setText('birch')
    await vi.advanceTimersByTimeAsync(600)
    search.setText('aurora')
    await vi.advanceTimersByTimeAsync(3000)
    expect(search.get().query).toBe('aurora')
    expect(search.get().wallets.every((w) => w.name.startsWith('Aurora'))).toBe(true)
  })
})

describe('certified only', () => {
  test('every read asks badge_type certified while on; off again reads any badge', async () => {
    const { fetch, queries } = directory()
    const search = WalletSearch.create({ fetch, filters: { featured: ['w03'] } })
    await search.start()
    expect(queries.every((q) => q.badge === undefined)).toBe(true)
    expect(search.get().certified).toBe(false)

    queries.length = 0
    await search.setCertified(true)
    expect(search.get().certified).toBe(true)
    expect(queries.length).toBeGreaterThan(0)
    expect(queries.every((q) => q.badge === 'certified')).toBe(true)
    await search.loadMore()
    expect(queries.at(-1)).toMatchObject({ page: 2, badge: 'certified' })

    search.setText('Aurora')
    await vi.advanceTimersByTimeAsync(
      Constants.WALLET_SEARCH_DEBOUNCE_MS + Constants.WALLET_SEARCH_MIN_WAIT_MS,
    )
    expect(queries.at(-1)).toMatchObject({ search: 'Aurora', badge: 'certified' })

    void search.setCertified(false)
    await vi.advanceTimersByTimeAsync(Constants.WALLET_SEARCH_MIN_WAIT_MS)
    expect(search.get().certified).toBe(false)
    expect(queries.at(-1)).toMatchObject({ search: 'Aurora' })
    expect(queries.at(-1)?.badge).toBeUndefined()
  })
})
