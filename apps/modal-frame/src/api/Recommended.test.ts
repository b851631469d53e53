import { Constants, type Directory } from '@frontdoor/schemas'
import { describe, expect, test } from 'vitest'
import type * as Api from './Api.js'
import * as Recommended from './Recommended.js'
import * as WalletFilters from './WalletFilters.js'

const wallet = (id: string): Directory.Wallet => ({
  id,
  name: `Wallet ${id}`,
  chains: ['eip155:31337'],
  image_id: `img-${id}`,
  image_url: `http://api/getWalletImage/img-${id}`,
})

/** A directory of wallets a..l answering include, exclude and paging as `/getWallets` does; queries recorded. */
function directory() {
  const all = 'abcdefghijkl'.split('').map(wallet)
  const queries: Api.WalletsQuery[] = []
  const fetch: Recommended.Fetch = async (query) => {
    queries.push(query)
    const matching = all.filter(
      (w) => (!query.include?.length || query.include.includes(w.id)) && !query.exclude?.includes(w.id),
    )
    return {
      data: matching.slice((query.page - 1) * query.entries, query.page * query.entries),
      count: matching.length,
    }
  }
  return { fetch, queries }
}

const noPreload = async () => {}

describe('load', () => {
  test('without filters: the first page, no featured query', async () => {
    const { fetch, queries } = directory()
    const page = await Recommended.load(fetch, {}, noPreload)
    expect(queries).toHaveLength(1)
    expect(page.data.map((w) => w.id)).toEqual('abcdefghij'.split(''))
    expect(page.count).toBe(12)
  })

  test("featured first in the page's order, then the others; exclude and include sent and kept", async () => {
    const { fetch, queries } = directory()
    const filters = {
      featured: ['k', 'c', 'x', 'd'],
      include: ['a', 'b', 'c', 'd', 'k'],
      exclude: ['b', 'd'],
      chains: ['eip155:31337'],
    }
    const page = await Recommended.load(fetch, filters, noPreload)
    // d is featured but excluded; x is not in the include list.
    expect(queries).toContainEqual(
      expect.objectContaining({
        include: ['k', 'c'],
        exclude: ['b', 'd'],
        entries: 2,
        chains: ['eip155:31337'],
      }),
    )
    expect(queries).toContainEqual(
      expect.objectContaining({
        include: filters.include,
        exclude: filters.exclude,
        chains: ['eip155:31337'],
      }),
    )
    expect(page.data.map((w) => w.id)).toEqual(['k', 'c', 'a'])
    expect(page.count).toBe(3)
  })

  test('at most 4 featured', () => {
    expect(WalletFilters.featuredIds({ featured: ['a', 'b', 'c', 'd', 'e', 'a'] })).toEqual([
      'a',
      'b',
      'c',
      'd',
    ])
    expect(Constants.FEATURED_WALLETS_COUNT).toBe(4)
  })

  test('the icons of the wallets are preloaded before the list is given', async () => {
    const { fetch } = directory()
    const preloaded: (string | undefined)[][] = []
    let release = () => {}
    const preload = (urls: (string | undefined)[]) => {
      preloaded.push(urls)
      return new Promise<void>((resolve) => {
        release = resolve
      })
    }
    let done = false
    const loading = Recommended.load(fetch, { featured: ['c'] }, preload).then(() => {
      done = true
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(preloaded[0]?.[0]).toBe('http://api/getWalletImage/img-c')
    expect(done).toBe(false)
    release()
    await loading
    expect(done).toBe(true)
  })
})

describe('filtersOf', () => {
  test("the page's include, exclude, featured ids and its networks", () => {
    expect(WalletFilters.filtersOf(undefined)).toEqual({
      include: undefined,
      exclude: undefined,
      featured: undefined,
      chains: undefined,
    })
  })
})
