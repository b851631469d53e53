import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'
import { Project } from '@frontdoor/schemas'
import * as z from 'zod/mini'

/**
 * The auth frame's server: the static Vite build, with a CSP whose `frame-ancestors` lets only the
 * modal frame embed the embedded wallet, inside pages the project allows. CSP checks every ancestor,
 * not only the parent, so the list is the modal's origin plus the project's allowed origins (the pages
 * the modal itself may be framed by); with no project, or when its origins cannot be read, only the
 * modal's origin: nested anywhere, the frame is then refused (fail closed). That the parent is the
 * modal is checked in the frame itself (`location.ancestorOrigins`) and by its bridge, which answers
 * the modal's origin only.
 */

/** Where the server finds its files and the other parts. */
export type Options = {
  /** The auth frame build (vite's dist/). */
  distDir: string
  /** The modal frame: the only origin that may embed this frame and talk to it. */
  modalUrl: string
  /** The API the frame calls (auth, vault, RPC proxy). */
  apiUrl: string
  /** How long a project's allowed origins are kept. */
  originsCacheMs?: number
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/** The origin of an http(s) URL; throws on anything else, so a bad address never reaches a header. */
export function originOf(url: string): string {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`not http(s): ${url}`)
  return parsed.origin
}

/** True when `value` is exactly an http(s) origin, so it is safe to write into a CSP header. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
  } catch {
    return false
  }
}

/** The project's allowed origins (`/projects/v1/origins`), exact origins only; none when unreadable. */
export async function fetchOrigins(apiUrl: string, projectId: string): Promise<string[]> {
  try {
    const query = new URLSearchParams({ projectId, st: 'frontdoor-auth', sv: '0.0.0' })
    const response = await fetch(`${apiUrl}/projects/v1/origins?${query}`, {
      signal: AbortSignal.timeout(3000),
    })
    if (!response.ok) return []
    const body = z.safeParse(Project.AllowedOriginsResponse, await response.json())
    return body.success ? body.data.allowedOrigins.filter(isOrigin) : []
  } catch {
    return []
  }
}

/**
 * The Content-Security-Policy of the frame document: framed by the modal (in pages of `pageOrigins`)
 * only, talks to the API only.
 */
export function contentSecurityPolicy(
  options: Pick<Options, 'modalUrl' | 'apiUrl'>,
  pageOrigins: readonly string[] = [],
): string {
  const ancestors = [...new Set([originOf(options.modalUrl), ...pageOrigins.filter(isOrigin)])]
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${originOf(options.apiUrl)}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.join(' ')}`,
  ].join('; ')
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** index.html with the `<meta>` tags the frame reads (see src/env/Env.ts). */
export function document(html: string, options: Pick<Options, 'modalUrl' | 'apiUrl'>): string {
  const metas = [
    `<meta name="frontdoor:modal-origin" content="${escapeAttr(originOf(options.modalUrl))}">`,
    `<meta name="frontdoor:api-url" content="${escapeAttr(options.apiUrl.replace(/\/$/, ''))}">`,
  ].join('')
  return html.replace('</head>', `${metas}</head>`)
}

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Anything that is not the frame document must not render in a frame either.
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
}

/** Builds the request handler (exported for tests). */
export function handler(options: Options) {
  contentSecurityPolicy(options)
  const cacheMs = options.originsCacheMs ?? 10_000
  const origins = new Map<string, { at: number; value: Promise<string[]> }>()
  const originsOf = (projectId: string) => {
    const hit = origins.get(projectId)
    if (hit && Date.now() - hit.at < cacheMs) return hit.value
    const value = fetchOrigins(options.apiUrl, projectId)
    origins.set(projectId, { at: Date.now(), value })
    if (origins.size > 1000) origins.delete(origins.keys().next().value as string)
    return value
  }
  const files = new Map<string, Promise<{ raw: Buffer; gzip: Buffer }>>()
  const file = (path: string) => {
    let hit = files.get(path)
    if (!hit) {
      hit = readFile(path).then((raw) => ({ raw, gzip: gzipSync(raw, { level: 9 }) }))
      hit.catch(() => files.delete(path))
      files.set(path, hit)
    }
    return hit
  }
  let html: Promise<string> | undefined

  return async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://frame')
    const send = (status: number, body: string | Buffer, headers: Record<string, string>) => {
      response.writeHead(status, { ...COMMON_HEADERS, ...headers })
      response.end(request.method === 'HEAD' ? undefined : body)
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return send(405, 'Method Not Allowed', { 'content-type': 'text/plain', allow: 'GET, HEAD' })
    }
    if (url.pathname === '/healthz') return send(200, 'ok', { 'content-type': 'text/plain' })
    if (url.pathname.startsWith('/assets/')) {
      const path = normalize(join(options.distDir, url.pathname))
      if (!path.startsWith(join(options.distDir, 'assets'))) return send(404, 'Not Found', {})
      try {
        const { raw, gzip } = await file(path)
        const gzipped = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
        return send(200, gzipped ? gzip : raw, {
          'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
          'cache-control': 'public, max-age=31536000, immutable',
          'cross-origin-resource-policy': 'same-origin',
          vary: 'accept-encoding',
          ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
        })
      } catch {
        return send(404, 'Not Found', { 'content-type': 'text/plain' })
      }
    }
    if (url.pathname !== '/' && url.pathname !== '/index.html') {
      return send(404, 'Not Found', { 'content-type': 'text/plain' })
    }
    html ??= readFile(join(options.distDir, 'index.html'), 'utf8')
    const projectId = url.searchParams.get('projectId')
    const pageOrigins =
      projectId && z.safeParse(Project.ProjectId, projectId).success ? await originsOf(projectId) : []
    return send(200, document(await html, options), {
      'content-type': TYPES['.html']!,
      'cache-control': 'no-store',
      'content-security-policy': contentSecurityPolicy(options, pageOrigins),
    })
  }
}

/** Starts the frame server on `port`. */
export function listen(options: Options, port: number, host: string): Promise<Server> {
  const handle = handler(options)
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error)
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}
