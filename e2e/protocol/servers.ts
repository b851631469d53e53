import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures')

/** The fixture scripts bundled for the browser (the real bridge, penpal and zod inside). */
export async function bundle(): Promise<Record<string, string>> {
  const result = await build({
    entryPoints: ['host', 'frame', 'attacker'].map((name) => join(fixtures, `${name}.ts`)),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: 'out',
    write: false,
    logLevel: 'silent',
  })
  return Object.fromEntries(result.outputFiles.map((file) => [`/${file.path.split('/').pop()}`, file.text]))
}

const page = (script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${script}</title>
<style>body{font:14px system-ui;margin:12px}iframe{width:420px;height:140px;border:1px solid #888;margin:4px}
pre{background:#f4f4f4;padding:8px;white-space:pre-wrap}</style></head>
<body><h1>${script}</h1><pre id="log"></pre><div id="frames"></div>
<script type="module" src="/${script}.js"></script></body></html>`

/**
 * A static server on a free port, reached as `http://<hostname>:<port>` (`localhost` listens on
 * 127.0.0.1): `/<name>.html` is a page that runs `/<name>.js`.
 */
export async function serve(
  hostname: string,
  scripts: Record<string, string>,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const script = scripts[path]
    const name = path.match(/^\/(\w+)\.html$/)?.[1]
    if (script !== undefined) {
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
      })
      response.end(script)
    } else if (name && scripts[`/${name}.js`] !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      response.end(page(name))
    } else {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, hostname === 'localhost' ? '127.0.0.1' : hostname, resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://${hostname}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
