// The demo part of the stack: builds the demo when its sources (or MODAL_URL) changed (build.ts), then
// serves dist/ on DEMO_URL's port.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { dirname, extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as DemoBuild from './build.js'

const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(app, 'dist')
const addresses = Addresses.from(process.env)

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}
const server = createServer(async (request, response) => {
  const pathname = new URL(request.url ?? '/', 'http://demo').pathname
  const path = normalize(join(dist, pathname === '/' ? 'index.html' : pathname))
  if (!path.startsWith(dist) || path === DemoBuild.STAMP_PATH) {
    response.writeHead(404).end()
    return
  }
  try {
    const body = await readFile(path)
    response.writeHead(200, {
      'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
      'cache-control': path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    })
    response.end(body)
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found')
  }
})
const url = new URL(addresses.DEMO_URL)
// `localhost` may resolve to 127.0.0.1 or ::1: listen on the loopback addresses that exist.
const hosts = url.hostname === 'localhost' ? ['127.0.0.1', '::1'] : [url.hostname.replace(/^\[|\]$/g, '')]
for (const [index, host] of hosts.entries()) {
  const listener = index === 0 ? server : createServer((req, res) => server.emit('request', req, res))
  listener.on('error', (error) => {
    if (index === 0) throw error
    console.log(`demo: not listening on ${host} (${(error as Error).message})`)
  })
  listener.listen(Addresses.port(addresses.DEMO_URL), host)
}
console.log(`demo: serving ${addresses.DEMO_URL}`)
