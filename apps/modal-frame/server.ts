import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'
import { Project } from '@frontdoor/schemas'
import * as z from 'zod/mini'

/** Where the server finds its files and the other parts. */
export type Options = {
  /** The modal build (vite's dist/). */
  distDir: string
  /** The host SDK script build, served as /sdk.js. */
  sdkPath: string
  apiUrl: string
  authUrl: string
  relayUrl: string
  /** How long allowed origins are kept per project. */
  originsCacheMs?: number
}

/** The answer of the allowed-origins read: the list, or the error class of spec section 8. */
export type Origins = { allowedOrigins: string[]; error: 'RATE_LIMITED' | 'SERVER_ERROR' | undefined }

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
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

/**
 * Reads `/projects/v1/origins`. 429 -> RATE_LIMITED, 5xx or unreachable -> SERVER_ERROR, any other
 * error -> an empty list (spec section 8).
 */
export async function fetchOrigins(apiUrl: string, projectId: string): Promise<Origins> {
  try {
    const url = `${apiUrl}/projects/v1/origins?${new URLSearchParams({ projectId, st: 'frontdoor', sv: '0.0.0' })}`
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) })
    if (response.status === 429) return { allowedOrigins: [], error: 'RATE_LIMITED' }
    if (response.status >= 500) return { allowedOrigins: [], error: 'SERVER_ERROR' }
    if (!response.ok) return { allowedOrigins: [], error: undefined }
    const body = z.safeParse(Project.AllowedOriginsResponse, await response.json())
    return { allowedOrigins: body.success ? body.data.allowedOrigins.filter(isOrigin) : [], error: undefined }
  } catch {
    return { allowedOrigins: [], error: 'SERVER_ERROR' }
  }
}

/**
 * The frame's `frame-ancestors`: the project's allowed origins when the embedding page is one of them
 * (or did not say who it is). When the page is known and not allowed, or the list could not be read,
 * the frame may render anywhere, because the modal then shows only the alert and acts on nothing (its
 * own handshake-origin check): the interactive modal is never framed by an origin that was not checked.
 */
export function frameAncestors(
  origins: Origins,
  embedder: string | undefined,
  projectId: string | undefined,
) {
  if (!projectId || origins.error) return '*'
  if (embedder && !origins.allowedOrigins.includes(embedder)) return '*'
  return origins.allowedOrigins.length ? origins.allowedOrigins.join(' ') : "'none'"
}

/** The Content-Security-Policy of the modal document. */
export function contentSecurityPolicy(options: Options, ancestors: string) {
  const api = new URL(options.apiUrl).origin
  const relay = options.relayUrl.replace(/\/$/, '')
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: ${api}`,
    `connect-src 'self' ${api} ${relay}`,
    `frame-src ${new URL(options.authUrl).origin}`,
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ')
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** index.html with the `<meta>` tags the modal reads (see src/env/Env.ts). */
export function document(
  html: string,
  apiUrl: string,
  origins: Origins,
  embedder?: string,
  relayUrl?: string,
  authUrl?: string,
) {
  const metas = [
    embedder && isOrigin(embedder)
      ? `<meta name="frontdoor:embedder" content="${escapeAttr(embedder)}">`
      : '',
    `<meta name="frontdoor:api-url" content="${escapeAttr(apiUrl)}">`,
    relayUrl ? `<meta name="frontdoor:relay-url" content="${escapeAttr(relayUrl)}">` : '',
    authUrl && isOrigin(new URL(authUrl).origin)
      ? `<meta name="frontdoor:auth-url" content="${escapeAttr(new URL(authUrl).origin)}">`
      : '',
    `<meta name="frontdoor:allowed-origins" content="${escapeAttr(JSON.stringify(origins.allowedOrigins))}">`,
    origins.error ? `<meta name="frontdoor:origins-error" content="${origins.error}">` : '',
  ].join('')
  return html.replace('</head>', `${metas}</head>`)
}

/** The origin of a Referer header, or undefined. */
function refererOrigin(request: IncomingMessage): string | undefined {
  const referer = request.headers.referer
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}

/** Static files, read once and gzipped once (they change only with a new build and a restart). */
function staticFiles() {
  const cache = new Map<string, Promise<{ raw: Buffer; gzip: Buffer }>>()
  return (path: string) => {
    let hit = cache.get(path)
    if (!hit) {
      hit = readFile(path).then((raw) => ({ raw, gzip: gzipSync(raw, { level: 9 }) }))
      hit.catch(() => cache.delete(path))
      cache.set(path, hit)
    }
    return hit
  }
}

const acceptsGzip = (request: IncomingMessage) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

/** Builds the request handler (exported for tests). */
export function handler(options: Options) {
  const cacheMs = options.originsCacheMs ?? 10_000
  const cache = new Map<string, { at: number; value: Promise<Origins> }>()
  const originsOf = (projectId: string) => {
    const hit = cache.get(projectId)
    if (hit && Date.now() - hit.at < cacheMs) return hit.value
    const value = fetchOrigins(options.apiUrl, projectId)
    cache.set(projectId, { at: Date.now(), value })
    if (cache.size > 1000) cache.delete(cache.keys().next().value as string)
    return value
  }
  let html: Promise<string> | undefined
  const files = staticFiles()
  const sendFile = async (request: IncomingMessage, path: string, headers: Record<string, string>) => {
    const file = await files(path)
    const gzip = acceptsGzip(request)
    return {
      body: gzip ? file.gzip : file.raw,
      headers: { ...headers, vary: 'accept-encoding', ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
    }
  }

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
    if (url.pathname === '/sdk.js') {
      try {
        const file = await sendFile(request, options.sdkPath, {
          'content-type': TYPES['.js']!,
          'cache-control': 'public, max-age=300',
          'cross-origin-resource-policy': 'cross-origin',
          'access-control-allow-origin': '*',
          'timing-allow-origin': '*',
        })
        return send(200, file.body, file.headers)
      } catch {
        return send(404, 'sdk.js is not built', { 'content-type': 'text/plain' })
      }
    }
    if (url.pathname.startsWith('/assets/')) {
      const path = normalize(join(options.distDir, url.pathname))
      if (!path.startsWith(join(options.distDir, 'assets'))) return send(404, 'Not Found', {})
      try {
        const file = await sendFile(request, path, {
          'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
          'cache-control': 'public, max-age=31536000, immutable',
          'cross-origin-resource-policy': 'same-origin',
        })
        return send(200, file.body, file.headers)
      } catch {
        return send(404, 'Not Found', { 'content-type': 'text/plain' })
      }
    }
    if (url.pathname !== '/' && url.pathname !== '/index.html') {
      return send(404, 'Not Found', { 'content-type': 'text/plain' })
    }
    html ??= readFile(join(options.distDir, 'index.html'), 'utf8')
    const projectId = url.searchParams.get('projectId') || undefined
    const origins: Origins = projectId ? await originsOf(projectId) : { allowedOrigins: [], error: undefined }
    const embedder = refererOrigin(request)
    const ancestors = frameAncestors(origins, embedder, projectId)
    return send(
      200,
      document(await html, options.apiUrl, origins, embedder, options.relayUrl, options.authUrl),
      {
        'content-type': TYPES['.html']!,
        'cache-control': 'no-store',
        'content-security-policy': contentSecurityPolicy(options, ancestors),
      },
    )
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
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)))
}
