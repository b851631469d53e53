import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'

/**
 * The AppKit page's origin. Its port is outside the stack's (5190 is the on-ramp sandbox's,
 * ARCHITECTURE.md); the global setup has the `demo` project allow it.
 */
export const PAGE_URL = process.env.APPKIT_PAGE_URL ?? 'http://localhost:5191'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
}

/** Serves the files of `dir` on `PAGE_URL` (a real server: the page gets the loopback address space, as our stack's parts have). */
export async function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const url = new URL(PAGE_URL)
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', PAGE_URL).pathname
    const relative = normalize(path === '/' ? 'index.html' : path.slice(1))
    if (relative.startsWith('..')) return response.writeHead(404).end()
    try {
      const body = await readFile(join(dir, relative))
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(relative)] ?? 'application/octet-stream',
        'content-length': body.byteLength,
      })
      // The Coinbase Wallet SDK reads the page's COOP with a HEAD of the page.
      response.end(request.method === 'HEAD' ? undefined : body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(Number(url.port), '127.0.0.1', resolve)
  })
  return {
    url: url.origin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
