import { gunzipSync } from 'node:zlib'
import { Directory } from '@frontdoor/schemas'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, test, vi } from 'vitest'
import * as z from 'zod/mini'
import * as Tables from '../db/Tables.js'
import * as TestApp from '../TestApp.js'
import * as DirectoryRoutes from './routes.js'
import * as Seed from './Seed.js'

const t = await TestApp.create()
afterAll(() => t.close())

type Wallet = {
  id: string
  name: string
  order: number
  badge_type: string
  chains: string[]
  image_url: string
}
const wallets = async (query: string) => {
  const { status, body } = await t.getJson(`/getWallets?projectId=demo&st=appkit&sv=4&${query}`)
  expect(status).toBe(200)
  expect(z.safeParse(Directory.GetWalletsResponse, body).error).toBeUndefined()
  return body as { data: Wallet[]; count: number }
}

describe('GET /getWallets', () => {
  test('pages through every wallet in a stable order (order, then id)', async () => {
    const first = await wallets('page=1&entries=40')
    const second = await wallets('page=2&entries=40')
    expect(first.count).toBe(Seed.WALLET_NAMES.length)
    expect(first.count).toBeGreaterThanOrEqual(60)
    expect(first.data).toHaveLength(40)
    expect(second.data).toHaveLength(first.count - 40)
    const all = [...first.data, ...second.data]
    expect(new Set(all.map((w) => w.id)).size).toBe(all.length)
    const sorted = [...all].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id))
    expect(all.map((w) => w.id)).toEqual(sorted.map((w) => w.id))
    expect((await wallets('page=3&entries=40')).data).toEqual([])
  })

  test('returns complete entries with an image URL on this API', async () => {
    const [wallet] = (await wallets('page=1&entries=1')).data
    expect(Object.keys(wallet!).sort()).toEqual(
      [
        'id',
        'name',
        'badge_type',
        'description',
        'chains',
        'homepage',
        'image_id',
        'image_url',
        'order',
        'mobile_link',
        'desktop_link',
        'webapp_link',
        'app_store',
        'play_store',
        'chrome_store',
        'rdns',
        'injected',
        'supports_wc',
      ].sort(),
    )
    expect(wallet!.image_url).toMatch(/^http:\/\/127\.0\.0\.1:4000\/getWalletImage\/[0-9a-f-]{36}$/)
  })

  test('searches names case-insensitively', async () => {
    const found = await wallets('page=1&entries=100&search=VAULT')
    expect(found.count).toBeGreaterThan(3)
    expect(found.data.every((w) => /vault/i.test(w.name))).toBe(true)
    expect((await wallets('page=1&entries=10&search=%25')).count).toBe(0)
  })

  test('filters by badge_type, include, exclude and chains', async () => {
    const certified = await wallets('page=1&entries=100&badge_type=certified')
    expect(certified.count).toBe(12)
    expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true)
    const [a, b, c] = (await wallets('page=1&entries=3')).data
    const included = await wallets(`page=1&entries=10&include=${a!.id},${c!.id}`)
    expect(included.data.map((w) => w.id)).toEqual([a!.id, c!.id])
    const excluded = await wallets(`page=1&entries=2&exclude=${a!.id}`)
    expect(excluded.data.map((w) => w.id)).toEqual([b!.id, c!.id])
    const solana = await wallets('page=1&entries=100&chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(solana.count).toBeGreaterThan(0)
    expect(solana.data.every((w) => w.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(true)
    const either = await wallets(
      'page=1&entries=100&chains=eip155:31338,bip122:000000000019d6689c085ae165831e93',
    )
    expect(either.count).toBeGreaterThan(0)
    expect(
      either.data.every((w) =>
        w.chains.some((chain) => ['eip155:31338', 'bip122:000000000019d6689c085ae165831e93'].includes(chain)),
      ),
    ).toBe(true)
  })

  test("AppKit's ranking query (names, rdns, badge) keeps only its connectors' wallets", async () => {
    // What AppKit's ApiController.prefetchWalletRanks sends when no wallet of ours is among its connectors.
    const none = await wallets(
      'page=1&entries=20&badge=certified&names=Browser+Wallet%2CBase+Account%2CCoinbase%2CWalletConnect%2CAuth&rdns=baseAccount%2CcoinbaseWalletSDK',
    )
    expect(none).toEqual({ data: [], count: 0 })
    const all = (await wallets('page=1&entries=100')).data
    const certified = all.filter((w) => w.badge_type === 'certified')
    const [byName, byRdns] = certified
    const other = all.find((w) => w.badge_type !== 'certified')!
    const rdnsOf = (id: string) => Seed.wallets().find((w) => w.id === id)!.rdns!
    const found = await wallets(
      `page=1&entries=20&badge=certified&names=${encodeURIComponent(`Browser Wallet,${byName!.name.toUpperCase()},${other.name}`)}&rdns=${rdnsOf(byRdns!.id)},${rdnsOf(other.id)}`,
    )
    expect(found.data.map((w) => w.id).sort()).toEqual([byName!.id, byRdns!.id].sort())
    expect(found.count).toBe(2)
    // Without the badge, the uncertified one comes too; names alone and rdns alone filter as well.
    const anyBadge = await wallets(`page=1&entries=20&names=${encodeURIComponent(other.name)}`)
    expect(anyBadge.data.map((w) => w.id)).toEqual([other.id])
    const byRdnsOnly = await wallets(`page=1&entries=20&rdns=${rdnsOf(byRdns!.id)}`)
    expect(byRdnsOnly.data.map((w) => w.id)).toEqual([byRdns!.id])
  })

  test("badge is AppKit's name for badge_type", async () => {
    const certified = await wallets('page=1&entries=100&badge=certified')
    expect(certified.count).toBe(12)
    expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true)
  })

  test("AppKit's All Wallets page query (include_pay_only, sort, exclude, chains) is answered", async () => {
    const recommended = (await wallets('page=1&entries=4&chains=eip155:31337,eip155:31338')).data
    const page = await wallets(
      `page=1&entries=40&exclude=${recommended.map((w) => w.id).join(',')}&include_pay_only=true&sort=default&chains=eip155%3A31337%2Ceip155%3A31338`,
    )
    expect(page.data.length).toBeGreaterThan(0)
    expect(page.data.some((w) => recommended.some((r) => r.id === w.id))).toBe(false)
    expect(
      (await t.getJson('/getWallets?projectId=demo&page=1&entries=4&sort=best')).body.error.issues[0].field,
    ).toBe('sort')
  })

  test('bad input: 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['page=0&entries=10', 'page'],
      ['page=1&entries=1000', 'entries'],
      ['page=1', 'entries'],
      ['page=1&entries=10&badge_type=gold', 'badge_type'],
      ['page=1&entries=10&chains=eip155', 'chains.0'],
      ['page=1&entries=10&include=a%20b', 'include.0'],
    ]
    for (const [query, field] of cases) {
      const { status, body } = await t.getJson(`/getWallets?projectId=demo&${query}`)
      expect(status, query).toBe(400)
      expect(body.error.issues[0].field, query).toBe(field)
    }
    const caip = await t.getJson('/getWallets?projectId=demo&page=1&entries=10&chains=eip155')
    expect(caip.body.error.message).toContain('Invalid CAIP-2 network id: eip155')
    const badge = await t.getJson('/getWallets?projectId=demo&page=1&entries=10&badge_type=gold')
    expect(badge.body.error.message).toBe(
      'Invalid query field \'badge_type\': Invalid option: expected one of "none"|"certified"',
    )
  })

  test('a repeated query string gets the page served for it, byte for byte; its project is still checked', async () => {
    const url = '/getWallets?projectId=demo&page=1&entries=3&badge_type=certified'
    const first = await t.app.request(url)
    const again = await t.app.request(url)
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(again.headers.get('content-type')).toBe('application/json')
    expect(await again.text()).toBe(await first.text())
    // The same filter for another project is another query string: parsed, and its project looked up.
    expect(
      (await t.getJson('/getWallets?projectId=ghost&page=1&entries=3&badge_type=certified')).status,
    ).toBe(401)
    expect((await t.getJson('/getWallets?projectId=demo&page=1&entries=3&badge_type=gold')).status).toBe(400)
  })

  test('a page served for a query string expires with the page: never served past the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now() + 60_000
    const name = async (query: string) => (await wallets(query)).data[0]?.name
    const [first] = (await wallets('page=1&entries=1')).data
    try {
      vi.setSystemTime(start)
      // The page, and the same filter under another query string 9 s later (the page is 9 s old).
      expect(await name('page=1&entries=1&ttl=a')).toBe(first?.name)
      vi.setSystemTime(start + DirectoryRoutes.DIRECTORY_CACHE_TTL_MS - 1_000)
      expect(await name('entries=1&page=1&ttl=a')).toBe(first?.name)
      await t.deps.db.orm
        .update(Tables.wallets)
        .set({ name: 'Renamed Wallet' })
        .where(eq(Tables.wallets.id, first?.id ?? ''))
      vi.setSystemTime(start + DirectoryRoutes.DIRECTORY_CACHE_TTL_MS + 1_000)
      expect(await name('entries=1&page=1&ttl=a')).toBe('Renamed Wallet')
    } finally {
      await t.deps.db.orm
        .update(Tables.wallets)
        .set({ name: first?.name ?? '' })
        .where(eq(Tables.wallets.id, first?.id ?? ''))
      vi.useRealTimers()
    }
  })

  test('unknown project: 401', async () => {
    expect((await t.getJson('/getWallets?projectId=ghost&page=1&entries=1')).status).toBe(401)
  })
})

describe('image routes', () => {
  test('/getWalletImage/{id}: SVG with Cache-Control and ETag, 304 on If-None-Match, 404 unknown', async () => {
    const [wallet] = (await wallets('page=1&entries=1')).data
    const path = new URL(wallet!.image_url).pathname
    const response = await t.app.request(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
    const etag = response.headers.get('etag')!
    expect(await response.text()).toMatch(/^<svg [^>]*>.*>AV<\/text><\/svg>$/)
    const again = await t.app.request(path, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect((await t.app.request('/getWalletImage/00000000-0000-4000-a000-000000000000')).status).toBe(404)
  })

  test.each(['/public/getAssetImage/', '/public/getCurrencyImage/', '/public/getTokenImage/'])(
    '%s{id}: deterministic SVG, 304 on If-None-Match, 400 on a bad id',
    async (prefix) => {
      const first = await t.app.request(`${prefix}USDC`)
      const second = await t.app.request(`${prefix}USDC`)
      expect(first.status).toBe(200)
      expect(await first.text()).toBe(await second.text())
      const etag = first.headers.get('etag')!
      expect(
        (await t.app.request(`${prefix}USDC`, { headers: { 'if-none-match': `W/${etag}` } })).status,
      ).toBe(304)
      expect((await t.app.request(`${prefix}usd%20c`)).status).toBe(400)
    },
  )
})

describe('GET /getWallets, compressed', () => {
  const path = '/getWallets?projectId=demo&page=1&entries=40'
  test('a client that accepts gzip gets the same page gzipped; one that does not, plain JSON', async () => {
    const plain = await t.app.request(path)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toContain('Accept-Encoding')
    const text = await plain.text()
    for (const accept of ['gzip, deflate, br, zstd', 'br;q=1, gzip;q=0.5', '*']) {
      const zipped = await t.app.request(path, { headers: { 'accept-encoding': accept } })
      expect(zipped.status, accept).toBe(200)
      expect(zipped.headers.get('content-encoding'), accept).toBe('gzip')
      expect(zipped.headers.get('content-type'), accept).toBe('application/json')
      expect(zipped.headers.get('vary'), accept).toContain('Accept-Encoding')
      expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString(), accept).toBe(text)
    }
    for (const accept of ['br', 'gzip;q=0', 'identity'])
      expect(
        (await t.app.request(path, { headers: { 'accept-encoding': accept } })).headers.get(
          'content-encoding',
        ),
        accept,
      ).toBeNull()
  })

  test('errors are not compressed', async () => {
    const response = await t.app.request('/getWallets?projectId=demo&page=0&entries=40', {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-encoding')).toBeNull()
  })
})

test('acceptsGzip', () => {
  expect(DirectoryRoutes.acceptsGzip(undefined)).toBe(false)
  expect(DirectoryRoutes.acceptsGzip('GZIP')).toBe(true)
  expect(DirectoryRoutes.acceptsGzip('gzip;q=0.0')).toBe(false)
  expect(DirectoryRoutes.acceptsGzip('deflate, gzip;q=0.1')).toBe(true)
})
