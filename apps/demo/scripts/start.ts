// The demo part of the stack: builds the demo when its sources (or MODAL_URL) changed, then serves
// dist/ on DEMO_URL's port.
import { spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { dirname, extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Addresses from '@frontdoor/protocol/addresses'
import * as Build from '../../../scripts/stack/build.js'

const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const root = join(app, '..', '..')
const dist = join(app, 'dist')
const addresses = Addresses.from(process.env)

// The demo imports @frontdoor/host-sdk, /wagmi and /react as their npm packages (dist/): build them first
// (turbo skips what is up to date).
const libraries = spawnSync(
  join(root, 'node_modules', '.bin', 'turbo'),
  ['run', 'build', '--filter=@frontdoor/demo^...', '--output-logs=errors-only'],
  { cwd: root, stdio: 'inherit' },
)
if (libraries.status !== 0) process.exit(libraries.status ?? 1)

const stampPath = join(dist, '.modal-url')
Build.ifStale({
  name: 'demo',
  cwd: app,
  output: join(dist, 'index.html'),
  inputs: [
    ...[
      'src',
      'index.html',
      'script-tag.html',
      'embedded.html',
      'wagmi.html',
      'viem.html',
      'ethers.html',
      'vite.config.ts',
    ].map((p) => join(app, p)),
    join(root, 'apps', 'host-sdk', 'src'),
    join(root, 'apps', 'wagmi', 'src'),
    join(root, 'apps', 'react', 'src'),
    join(root, 'packages', 'protocol', 'src'),
  ],
  key: {
    path: stampPath,
    value: [addresses.MODAL_URL, addresses.DEVNET_31337_URL, addresses.DEVNET_31338_URL].join(' '),
  },
  args: ['--configLoader', 'runner'],
})

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}
const server = createServer(async (request, response) => {
  const pathname = new URL(request.url ?? '/', 'http://demo').pathname
  const path = normalize(join(dist, pathname === '/' ? 'index.html' : pathname))
  if (!path.startsWith(dist) || path === stampPath) {
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
