import { gzipSync } from 'node:zlib'
import { Directory, Query } from '@frontdoor/schemas'
import { type Context, Hono } from 'hono'
import * as z from 'zod/mini'
import type * as Deps from '../Deps.js'
import * as Answer from '../http/Answer.js'
import * as Errors from '../http/Errors.js'
import * as TtlCache from '../http/TtlCache.js'
import * as Validate from '../http/Validate.js'
import * as KnownProject from '../projects/KnownProject.js'
import * as Icon from './Icon.js'
import * as Wallets from './Wallets.js'

/** Images never change for an id; clients and proxies may keep them a day, then revalidate by ETag. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400'

/** A wallet name or reverse-DNS id as AppKit lists its connectors' (`Browser Wallet`, `io.metamask`). */
const ConnectorKey = z.string().check(z.minLength(1), z.maxLength(128, 'must be at most 128 characters'))

/**
 * The query of `/getWallets`, coerced from strings: the shared schema plus what AppKit's client sends
 * (its ApiController): `names` and `rdns` (comma lists: the wallets of its connectors, for ranking),
 * `badge` (its name for `badge_type`), `include_pay_only` and `sort` (accepted; every seeded wallet
 * speaks WalletConnect v2 and none WalletConnect Pay, so neither changes an answer).
 */
export const GetWalletsQuery = z.extend(Directory.GetWalletsQuery, {
  names: z.optional(Query.commaList(ConnectorKey, 100)),
  rdns: z.optional(Query.commaList(ConnectorKey, 100)),
  badge: z.optional(Directory.BadgeType),
  include_pay_only: z.optional(z.enum(['true', 'false'])),
  sort: z.optional(z.enum(['default', 'wcpay'])),
})

const IdParam = z.object({ id: Directory.WalletId })

/** Directory pages are the same for every project and change only with the seed: keep them briefly. */
export const DIRECTORY_CACHE_TTL_MS = 10_000
const DIRECTORY_CACHE_MAX = 1_000

function image(c: Context, body: string): Response {
  const etag = Icon.etag(body)
  const headers = { etag, 'cache-control': IMAGE_CACHE_CONTROL }
  const match = c.req.header('if-none-match')
  if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return c.body(null, 304, headers)
  }
  return c.body(body, 200, { ...headers, 'content-type': 'image/svg+xml' })
}

/**
 * A directory page as sent: its JSON as UTF-8 bytes (a string would be encoded again for every answer:
 * 35 KB for 40 wallets), when it expires (ms epoch), and its gzip once a client asked for it.
 */
type Page = { json: Uint8Array<ArrayBuffer>; expires: number; gzip?: Uint8Array<ArrayBuffer> }

const PAGE_HEADERS = { 'content-type': 'application/json', vary: 'Accept-Encoding' }
const GZIP_PAGE_HEADERS = { ...PAGE_HEADERS, 'content-encoding': 'gzip' }

/**
 * Whether an `Accept-Encoding` header accepts gzip (`gzip` or `*`, with no `q=0`).
 * @example acceptsGzip('gzip, deflate, br') // true
 * @example acceptsGzip('gzip;q=0, br') // false
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  return header.split(',').some((entry) => {
    const [name, ...params] = entry.split(';').map((part) => part.trim().toLowerCase())
    if (name !== 'gzip' && name !== '*') return false
    const q = params.find((param) => param.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

/** The query string of a request URL (after `?`), as sent. */
function queryString(url: string): string {
  const start = url.indexOf('?')
  return start === -1 ? '' : url.slice(start + 1)
}

/** `/getWallets` and the four image routes. */
export function routes(deps: Deps.Deps) {
  // Pages are kept serialized: stringifying a 40-wallet page is most of a request's cost. A page is
  // 35 KB of JSON for 40 wallets; its gzip (6 KB) is made once, the first time a client accepts it.
  const pages = TtlCache.create<Page>({
    ttlMs: DIRECTORY_CACHE_TTL_MS,
    max: DIRECTORY_CACHE_MAX,
  })
  // The same query string always parses the same way: a page served for it is kept under the string
  // itself, so a repeated query skips its parsing and the filter's key (the project is still checked,
  // by the group's KnownProject).
  // Each entry expires with its page (never serving it past the TTL); any string is a key, so the least
  // recently used goes at the cap, not the strings in use.
  const served = TtlCache.create<Page>({
    ttlMs: DIRECTORY_CACHE_TTL_MS,
    max: DIRECTORY_CACHE_MAX,
  })
  const send = (c: Context, page: Page) => {
    if (acceptsGzip(c.req.header('accept-encoding'))) {
      page.gzip ??= new Uint8Array(gzipSync(page.json))
      return Answer.of(c, page.gzip, 200, GZIP_PAGE_HEADERS)
    }
    return Answer.of(c, page.json, 200, PAGE_HEADERS)
  }
  return new Hono<KnownProject.Env>()
    .use('/getWallets', KnownProject.required(deps))
    .get('/getWallets', async (c, next) => {
      const hit = served.peek(queryString(c.req.url))
      if (!hit) return next()
      return send(c, await hit)
    })
    .get('/getWallets', Validate.query(GetWalletsQuery), async (c) => {
      const query = c.req.valid('query')
      const filter: Wallets.Filter = {
        page: query.page,
        entries: query.entries,
        search: query.search?.trim() || undefined,
        badge_type: query.badge_type ?? query.badge,
        include: query.include,
        exclude: query.exclude,
        chains: query.chains,
        names: query.names,
        rdns: query.rdns,
      }
      const page = await pages.get(JSON.stringify(filter), async () => ({
        json: new TextEncoder().encode(
          JSON.stringify(await Wallets.query(deps.db.orm, filter, deps.config.publicUrl)),
        ) as Uint8Array<ArrayBuffer>,
        expires: Date.now() + DIRECTORY_CACHE_TTL_MS,
      }))
      await served.get(queryString(c.req.url), async () => page, {
        expires: page.expires,
      })
      return send(c, page)
    })
    .get('/getWalletImage/:id', Validate.param(IdParam), async (c) => {
      const { id } = c.req.valid('param')
      const wallet = await Wallets.byImageId(deps.db.orm, id)
      if (!wallet) throw Errors.fail(404, Errors.CODE.notFound, `No wallet image '${id}'`)
      return image(c, Icon.svg({ seed: wallet.id, label: wallet.name }))
    })
    .get('/public/getAssetImage/:id', Validate.param(IdParam), (c) => {
      const { id } = c.req.valid('param')
      return image(c, Icon.svg({ seed: `asset:${id}`, label: id }))
    })
    .get('/public/getCurrencyImage/:id', Validate.param(IdParam), (c) => {
      const { id } = c.req.valid('param')
      return image(c, Icon.svg({ seed: `currency:${id.toUpperCase()}`, label: id, shape: 'circle' }))
    })
    .get('/public/getTokenImage/:id', Validate.param(IdParam), (c) => {
      const { id } = c.req.valid('param')
      return image(c, Icon.svg({ seed: `token:${id.toUpperCase()}`, label: id, shape: 'circle' }))
    })
}
