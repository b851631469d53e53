import { readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { etag } from 'hono/etag'
import { secureHeaders } from 'hono/secure-headers'
import * as Origins from './Origins.js'

/**
 * The server of both frames (the modal and the auth frame): the frame's document with its headers,
 * its Vite build's assets, and any file it names (the modal's `/sdk.js`). What differs between the
 * frames is data, declared in each app: the document's CSP and Permissions-Policy, who may frame it,
 * the `<meta>` tags it reads.
 */

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>
/** A Content-Security-Policy, directive by directive (Hono's `secureHeaders` form). */
export type ContentSecurityPolicy = Omit<
  NonNullable<SecureHeadersOptions['contentSecurityPolicy']>,
  'frameAncestors'
>
/** A Permissions-Policy, feature by feature (Hono's `secureHeaders` form). */
export type PermissionsPolicy = NonNullable<SecureHeadersOptions['permissionsPolicy']>

/** What the frame's document request says about its context. */
export type PageRequest = {
  /** The `projectId` query parameter, if any. */
  projectId: string | undefined
  /** The origin of the Referer (the embedding page when the frame is loaded in an iframe), if any. */
  referer: string | undefined
  /**
   * The `origin` query parameter when it is exactly an http(s) origin: the page a frame nested in the
   * modal serves, as the modal names it (a claim, for the frame's server to check).
   */
  origin: string | undefined
}

/** The document for one request: who may frame it, and the `<meta>` tags written into its head. */
export type Page = {
  /** The `frame-ancestors` sources (`'none'`, `*` or origins). */
  frameAncestors: readonly string[]
  /** `<meta name content>` pairs; an undefined content writes no tag. Contents are escaped here. */
  meta: Readonly<Record<string, string | undefined>>
}

/** A file served at a fixed path, with the headers of a found file. */
export type File = {
  path: string
  headers: Readonly<Record<string, string>>
  /** The 404 body when the file is missing. */
  missing?: string
}

/** A frame, as its app declares it. */
export type Frame = {
  /** The Vite build: `index.html` and `assets/`. */
  distDir: string
  /** The document's Content-Security-Policy, but for `frame-ancestors` (per request: {@link Page}). */
  contentSecurityPolicy: ContentSecurityPolicy
  /** The document's Permissions-Policy. */
  permissionsPolicy: PermissionsPolicy
  /** The document for a request. */
  page: (request: PageRequest) => Page | Promise<Page>
  /** Files at fixed paths beside the build, by path (`/sdk.js`). */
  files?: Readonly<Record<string, File>>
}

/**
 * Powerful features neither frame uses, refused to the frame and anything it embeds; a frame's
 * Permissions-Policy spreads these and adds what it does use.
 */
export const UNUSED_FEATURES = {
  camera: [],
  microphone: [],
  displayCapture: [],
  geolocation: [],
  payment: [],
  usb: [],
  serial: [],
  hid: [],
  midi: [],
  clipboardRead: [],
} satisfies PermissionsPolicy

/** Hashed build files: cached for a year, never revalidated. */
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** The headers of every response; a frame's document overrides the CSP. */
const COMMON_HEADERS = {
  referrerPolicy: 'strict-origin-when-cross-origin',
  // Set per file below: assets same-origin, a file such as sdk.js cross-origin.
  crossOriginResourcePolicy: false,
  // The auth frame's approval window must keep its opener (the auth frame inside the modal).
  crossOriginOpenerPolicy: false,
  // Who may frame a document is its CSP's frame-ancestors.
  xFrameOptions: false,
} satisfies SecureHeadersOptions

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The page's `<meta>` tags, escaped, on one line (undefined contents write no tag). */
export function metaTags(meta: Page['meta']): string {
  return Object.entries(meta)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(
      ([name, content]) =>
        `<meta name="${escapeAttr(name)}" content="${escapeAttr(content).replace(/[\r\n]/g, ' ')}">`,
    )
    .join('')
}

/** `html` with the page's `<meta>` tags at the end of its head. */
export function document(html: string, meta: Page['meta']): string {
  return html.replace('</head>', `${metaTags(meta)}</head>`)
}

/**
 * The path at which the frame answers, for a document request's query and Referer, the headers and
 * `<meta>` tags of the document without the document (204): what an edge web server that serves the
 * build as static files asks before it answers `/` (nginx's `auth_request`, deploy/nginx/). The
 * `<meta>` tags come in {@link EDGE_META_HEADER}.
 */
export const EDGE_DOCUMENT_PATH = '/_edge/document'
/** The header of {@link EDGE_DOCUMENT_PATH}'s answer that carries the document's `<meta>` tags. */
export const EDGE_META_HEADER = 'x-frontdoor-meta'

/** The origin of a Referer header, or undefined. */
function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}

/** Sets `headers` on a found file's response. */
const fileHeaders =
  (headers: Readonly<Record<string, string>>): MiddlewareHandler =>
  async (c, next) => {
    await next()
    if (c.res.ok) for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
  }

/** The frame's Hono app (`app.request()` in tests, {@link listen} to serve it). */
export function app(frame: Frame) {
  const app = new Hono<{ Variables: { page: Page } }>()
  let html: Promise<string> | undefined

  app.use(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    return c.text('Method Not Allowed', 405, { allow: 'GET, HEAD' })
  })
  // Anything that is not a frame's document must not render in a frame either.
  app.use(
    secureHeaders({
      ...COMMON_HEADERS,
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      overwrite: false,
    }),
  )
  app.use(compress())
  app.use(etag())

  app.get('/healthz', (c) => c.text('ok'))
  for (const [path, file] of Object.entries(frame.files ?? {}))
    app.get(path, fileHeaders(file.headers), serveStatic({ path: file.path }), (c) =>
      c.text(file.missing ?? 'Not Found', 404),
    )
  app.use(
    '/assets/*',
    fileHeaders({ 'cache-control': ASSET_CACHE_CONTROL, 'cross-origin-resource-policy': 'same-origin' }),
    serveStatic({ root: frame.distDir }),
  )
  app.on(
    'GET',
    ['/', '/index.html', EDGE_DOCUMENT_PATH],
    async (c, next) => {
      const request = {
        projectId: c.req.query('projectId') || undefined,
        referer: originOf(c.req.header('referer')),
        origin: Origins.isOrigin(c.req.query('origin') ?? '') ? c.req.query('origin') : undefined,
      }
      c.set('page', await frame.page(request))
      return next()
    },
    secureHeaders({
      ...COMMON_HEADERS,
      contentSecurityPolicy: {
        ...frame.contentSecurityPolicy,
        frameAncestors: [(c) => (c.get('page') as Page).frameAncestors.join(' ')],
      },
      permissionsPolicy: frame.permissionsPolicy,
    }),
    async (c) => {
      if (c.req.path === EDGE_DOCUMENT_PATH) {
        c.header(EDGE_META_HEADER, metaTags(c.var.page.meta))
        c.header('cache-control', 'no-store')
        return c.body(null, 204)
      }
      if (!html) {
        html = readFile(join(frame.distDir, 'index.html'), 'utf8')
        // Read once (a new build comes with a restart), but a failed read is tried again.
        html.catch(() => {
          html = undefined
        })
      }
      c.header('cache-control', 'no-store')
      return c.html(document(await html, c.var.page.meta))
    },
  )
  app.notFound((c) => c.text('Not Found', 404))
  app.onError((error, c) => {
    console.error(error)
    return c.text('Internal Server Error', 500)
  })
  return app
}

/**
 * Where to listen from a `host:port` (or `[v6]:port`) setting such as FRAME_LISTEN, used behind an
 * edge whose address is the frame's public one; undefined when unset or malformed.
 */
export function listenAddress(value: string | undefined): { host: string; port: number } | undefined {
  const match = value ? /^\[?([^\]]*?)\]?:(\d+)$/.exec(value.trim()) : null
  if (!match?.[1]) return undefined
  return { host: match[1], port: Number(match[2]) }
}

/** Serves `frame` on `host:port` (port 0: any free port); resolves once it listens. */
export function listen(frame: Frame, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app(frame).fetch, port, hostname: host }, () => resolve(server as Server))
    server.once('error', reject)
  })
}
