import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * The auth frame's server: the static Vite build, with a CSP whose `frame-ancestors` is the modal's
 * origin only, so no page but the modal frame can embed the embedded wallet.
 */

/** Where the server finds its files and the other parts. */
export type Options = {
  /** The auth frame build (vite's dist/). */
  distDir: string
  /** The modal frame: the only origin that may embed this frame and talk to it. */
  modalUrl: string
  /** The API the frame calls (auth, vault, RPC proxy). */
  apiUrl: string
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

/** The Content-Security-Policy of the frame document: framed by the modal only, talks to the API only. */
export function contentSecurityPolicy(options: Pick<Options, 'modalUrl' | 'apiUrl'>): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${originOf(options.apiUrl)}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${originOf(options.modalUrl)}`,
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
  const csp = contentSecurityPolicy(options)
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
    return send(200, document(await html, options), {
      'content-type': TYPES['.html']!,
      'cache-control': 'no-store',
      'content-security-policy': csp,
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
