import { type Context, Hono } from 'hono'
import * as z from 'zod'
import type * as Deps from '../Deps.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
import * as TtlCache from '../http/TtlCache.js'
import * as Validate from '../http/Validate.js'
import * as Icon from './Icon.js'
import * as Wallets from './Wallets.js'

/** Spec section 9: wallets per page 40, search 100 (the largest page a client asks for). */
export const MAX_ENTRIES = 100
/** Images never change for an id; clients and proxies may keep them a day, then revalidate by ETag. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400'

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be 1-128 letters, digits, _ or -')
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** A comma list in a query string: `a,b,c` -> ['a', 'b', 'c'] (empty items dropped). */
const commaList = (item: z.ZodType<string, string>, max: number) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max, `must list at most ${max} items`))
    .optional()

/** The query of `/getWallets`, coerced from strings. */
export const GetWalletsQuery = z.looseObject({
  ...Query.ProjectQuery.shape,
  page: z.coerce.number<string>().int('must be an integer').min(1, 'must be at least 1').max(100_000),
  entries: z.coerce
    .number<string>()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(MAX_ENTRIES, `must be at most ${MAX_ENTRIES}`),
  search: z.string().max(100, 'must be at most 100 characters').optional(),
  badge_type: z.enum(['none', 'certified']).optional(),
  include: commaList(Id, 500),
  exclude: commaList(Id, 500),
  chains: commaList(
    z.string().refine((value) => CAIP2.test(value), {
      error: (issue) => `Invalid CAIP-2 network id: ${issue.input}`,
    }),
    100,
  ),
})

const IdParam = z.object({ id: Id })

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

/** `/getWallets` and the four image routes. */
export function routes(deps: Deps.Deps) {
  const pages = TtlCache.create<Awaited<ReturnType<typeof Wallets.query>>>({
    ttlMs: DIRECTORY_CACHE_TTL_MS,
    max: DIRECTORY_CACHE_MAX,
  })
  return new Hono()
    .get('/getWallets', async (c) => {
      const query = Validate.query(c, GetWalletsQuery)
      await deps.projects.require(query.projectId)
      const filter: Wallets.Filter = {
        page: query.page,
        entries: query.entries,
        search: query.search?.trim() || undefined,
        badge_type: query.badge_type,
        include: query.include,
        exclude: query.exclude,
        chains: query.chains,
      }
      const page = await pages.get(JSON.stringify(filter), () =>
        Wallets.query(deps.db.orm, filter, deps.config.publicUrl),
      )
      return c.json(page)
    })
    .get('/getWalletImage/:id', async (c) => {
      const { id } = Validate.params(c, IdParam)
      const wallet = await Wallets.byImageId(deps.db.orm, id)
      if (!wallet) throw Errors.http(404, { error: 'Not Found', message: `No wallet image '${id}'` })
      return image(c, Icon.svg({ seed: wallet.id, label: wallet.name }))
    })
    .get('/public/getAssetImage/:id', (c) => {
      const { id } = Validate.params(c, IdParam)
      return image(c, Icon.svg({ seed: `asset:${id}`, label: id }))
    })
    .get('/public/getCurrencyImage/:id', (c) => {
      const { id } = Validate.params(c, IdParam)
      return image(c, Icon.svg({ seed: `currency:${id.toUpperCase()}`, label: id, shape: 'circle' }))
    })
    .get('/public/getTokenImage/:id', (c) => {
      const { id } = Validate.params(c, IdParam)
      return image(c, Icon.svg({ seed: `token:${id.toUpperCase()}`, label: id, shape: 'circle' }))
    })
}
