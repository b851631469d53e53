import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FrameServer } from '@frontdoor/frame-server'
import * as Version from '@frontdoor/protocol/version'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Server from './server.js'

/** One directive of a CSP header. */
const directive = (csp: string | null, name: string) =>
  csp
    ?.split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)

describe('frameAncestors', () => {
  const origins = { allowedOrigins: ['http://localhost:5173', 'https://a.example'], error: undefined }
  test('the allowed origins when the embedder is allowed or unknown', () => {
    expect(Server.frameAncestors(origins, 'http://localhost:5173', 'demo')).toEqual([
      'http://localhost:5173',
      'https://a.example',
    ])
    expect(Server.frameAncestors(origins, undefined, 'demo')).toEqual([
      'http://localhost:5173',
      'https://a.example',
    ])
    expect(Server.frameAncestors({ allowedOrigins: [], error: undefined }, undefined, 'demo')).toEqual([
      "'none'",
    ])
  })
  test('anywhere (alert-only modal) when the embedder is not allowed or the list failed', () => {
    expect(Server.frameAncestors(origins, 'http://localhost:5199', 'demo')).toEqual(['*'])
    expect(Server.frameAncestors({ allowedOrigins: [], error: 'SERVER_ERROR' }, undefined, 'demo')).toEqual([
      '*',
    ])
    expect(Server.frameAncestors(origins, undefined, undefined)).toEqual(['*'])
  })
})

const dist = mkdtempSync(join(tmpdir(), 'modal-dist-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'index.html'), '<html><head></head><body></body></html>')
writeFileSync(join(dist, 'assets', 'a.js'), 'console.log(1)')
// Over the 1 KB below which nothing is gzipped.
const SDK = `window.frontdoor=${JSON.stringify('sdk '.repeat(400))}`
writeFileSync(join(dist, 'sdk.js'), SDK)
// The script build's Solana entry, beside sdk.js as the host SDK's build puts it; dist/solana.js there is
// the npm build's (an ES module), never served.
const SOLANA = `window.solana=${JSON.stringify('solana '.repeat(300))}`
writeFileSync(join(dist, 'sdk-solana.js'), SOLANA)
writeFileSync(join(dist, 'solana.js'), 'export const npm = 1')
const options = {
  distDir: dist,
  sdkPath: join(dist, 'sdk.js'),
  sdkVersionedPath: '/sdk/9.8.7/sdk.js',
  authUrl: 'http://127.0.0.2:5181',
  relayUrl: 'ws://127.0.0.1:4001',
}

describe('frame, the API unreachable', () => {
  let base = ''
  let close = () => {}
  beforeAll(async () => {
    // API_URL points at a closed port: the real "API unreachable" fault.
    const server = await FrameServer.listen(
      Server.frame({ ...options, apiUrl: 'http://127.0.0.1:9' }),
      0,
      '127.0.0.1',
    )
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  test('the document carries the CSP; the failed read takes the empty-list path, not SERVER_ERROR', async () => {
    const response = await fetch(`${base}/?projectId=demo`, { headers: { referer: 'http://page.test/' } })
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(directive(csp, 'script-src')).toBe("'self'")
    // The page is not on the (empty) list: the frame may render only the alert, anywhere.
    expect(directive(csp, 'frame-ancestors')).toBe('*')
    expect(directive(csp, 'connect-src')).toBe("'self' http://127.0.0.1:9 ws://127.0.0.1:4001")
    expect(directive(csp, 'frame-src')).toBe('http://127.0.0.2:5181')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('permissions-policy')).toContain('clipboard-write=(self)')
    expect(response.headers.get('permissions-policy')).toContain('camera=()')
    const html = await response.text()
    expect(html).not.toContain('frontdoor:origins-error')
    expect(html).toContain('<meta name="frontdoor:api-url" content="http://127.0.0.1:9">')
    expect(html).toContain('<meta name="frontdoor:relay-url" content="ws://127.0.0.1:4001">')
    expect(html).toContain('<meta name="frontdoor:auth-url" content="http://127.0.0.2:5181">')
    expect(html).toContain('<meta name="frontdoor:allowed-origins" content="[]">')
  })

  test('serves sdk.js cross-origin and gzipped, assets immutable, nothing outside dist', async () => {
    const sdk = await fetch(`${base}/sdk.js`)
    expect(sdk.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(sdk.headers.get('access-control-allow-origin')).toBe('*')
    expect(sdk.headers.get('cache-control')).toBe('public, max-age=300')
    expect(sdk.headers.get('etag')).toMatch(/^W\/"/)
    expect(await sdk.text()).toBe(SDK)
    // fetch asks for gzip and decodes it.
    expect(sdk.headers.get('content-encoding')).toBe('gzip')
    const asset = await fetch(`${base}/assets/a.js`)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await fetch(`${base}/assets/..%2f..%2fetc/passwd`)).status).toBe(404)
    expect((await fetch(`${base}/nope`)).status).toBe(404)
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
  })

  test("serves the same sdk.js at its version's path, immutable, and no other version", async () => {
    const sdk = await fetch(`${base}/sdk/9.8.7/sdk.js`)
    expect(sdk.status).toBe(200)
    expect(sdk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // CORS lets a page with crossorigin="anonymous" check the integrity hash.
    expect(sdk.headers.get('access-control-allow-origin')).toBe('*')
    expect(sdk.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(await sdk.text()).toBe(SDK)
    for (const other of ['/sdk/9.8.6/sdk.js', '/sdk/latest/sdk.js', '/sdk/9.8.7/../sdk.js.map'])
      expect((await fetch(`${base}${other}`)).status, other).toBe(404)
  })

  test("serves solana.js (the script build's Solana entry) beside sdk.js at both paths, with sdk.js's headers", async () => {
    for (const [path, cacheControl] of [
      ['/solana.js', 'public, max-age=300'],
      ['/sdk/9.8.7/solana.js', 'public, max-age=31536000, immutable'],
    ] as const) {
      const solana = await fetch(`${base}${path}`)
      expect(solana.status, path).toBe(200)
      expect(solana.headers.get('cache-control'), path).toBe(cacheControl)
      // CORS for sdk.js's crossorigin load with the integrity hash.
      expect(solana.headers.get('access-control-allow-origin'), path).toBe('*')
      expect(solana.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin')
      expect(solana.headers.get('content-type'), path).toMatch(/javascript/)
      expect(await solana.text(), path).toBe(SOLANA)
    }
    expect((await fetch(`${base}/sdk/9.8.6/solana.js`)).status).toBe(404)
  })

  test('solana.js is beside a versioned sdk.js of any name, never in its place', () => {
    const files = Server.frame({
      ...options,
      apiUrl: 'http://127.0.0.1:9',
      sdkVersionedPath: '/sdk/9.8.7/frontdoor.js',
    }).files
    expect(files?.['/sdk/9.8.7/frontdoor.js']?.path).toBe(options.sdkPath)
    expect(files?.['/sdk/9.8.7/solana.js']?.path).toBe(join(dist, 'sdk-solana.js'))
  })
})

describe('frame, solana.js not built', () => {
  test('answers 404 with why, sdk.js still served', async () => {
    const server = await FrameServer.listen(
      Server.frame({ ...options, apiUrl: 'http://127.0.0.1:9', solanaPath: join(dist, 'absent.js') }),
      0,
      '127.0.0.1',
    )
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const solana = await fetch(`${base}/solana.js`)
      expect(solana.status).toBe(404)
      expect(await solana.text()).toBe('solana.js is not built')
      expect((await fetch(`${base}/sdk.js`)).status).toBe(200)
    } finally {
      server.close()
    }
  })
})

describe('frame, with the API', () => {
  // A stand-in for the API's /projects/v1/origins (the real route is tested in apps/api and e2e).
  let reads = 0
  const versions: (string | null)[] = []
  let base = ''
  let close = () => {}
  beforeAll(async () => {
    const api = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://api').searchParams
      reads++
      versions.push(query.get('sv'))
      const demo = query.get('projectId') === 'demo' && query.get('st') === 'frontdoor'
      // The API's answer for a project it does not know (apps/api http/Errors.unknownProject).
      const unknown = { error: { code: 'invalid_key', message: 'Unauthorized: invalid key' } }
      response.writeHead(demo ? 200 : 401, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify(
          demo
            ? { allowedOrigins: ['http://localhost:5173', 'https://a.example'] }
            : query.get('projectId') === 'nobody'
              ? unknown
              : {},
        ),
      )
    })
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
    const server = await FrameServer.listen(Server.frame({ ...options, apiUrl }), 0, '127.0.0.1')
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => {
      server.close()
      api.close()
    }
  })
  afterAll(() => close())

  test("asks the API as this release: sv is the SDK's version", async () => {
    await fetch(`${base}/?projectId=demo`, { headers: { referer: 'http://localhost:5173/app' } })
    expect(versions.length).toBeGreaterThan(0)
    expect(new Set(versions)).toEqual(new Set([Version.SDK_VERSION]))
  })

  test("an allowed page: framed by the project's origins only, its origin as the embedder", async () => {
    const response = await fetch(`${base}/?projectId=demo`, {
      headers: { referer: 'http://localhost:5173/app' },
    })
    expect(directive(response.headers.get('content-security-policy'), 'frame-ancestors')).toBe(
      'http://localhost:5173 https://a.example',
    )
    const html = await response.text()
    expect(html).toContain('<meta name="frontdoor:embedder" content="http://localhost:5173">')
    expect(html).toContain(
      '<meta name="frontdoor:allowed-origins" content="[&quot;http://localhost:5173&quot;,&quot;https://a.example&quot;]">',
    )
    expect(html).not.toContain('frontdoor:origins-error')
  })

  test('a page not allowed: anywhere (the modal shows only the alert); the origins read once per project', async () => {
    const before = reads
    const response = await fetch(`${base}/?projectId=demo`, {
      headers: { referer: 'http://localhost:5199/' },
    })
    expect(directive(response.headers.get('content-security-policy'), 'frame-ancestors')).toBe('*')
    expect(await response.text()).toContain(
      '<meta name="frontdoor:embedder" content="http://localhost:5199">',
    )
    // Within the cache time the first test's read answers.
    expect(reads).toBe(before)
    const unknown = await fetch(`${base}/?projectId=other`)
    expect(directive(unknown.headers.get('content-security-policy'), 'frame-ancestors')).toBe("'none'")
    expect(reads).toBe(before + 1)
  })

  test("an unknown project id ('Unauthorized: invalid key'): INVALID_PROJECT_ID, shown anywhere", async () => {
    const response = await fetch(`${base}/?projectId=nobody`)
    expect(directive(response.headers.get('content-security-policy'), 'frame-ancestors')).toBe('*')
    const html = await response.text()
    expect(html).toContain('<meta name="frontdoor:origins-error" content="INVALID_PROJECT_ID">')
    expect(html).toContain('<meta name="frontdoor:allowed-origins" content="[]">')
  })
})

describe('frame, the API answering 5xx', () => {
  let base = ''
  const closers: (() => void)[] = []
  beforeAll(async () => {
    const api = createServer((_request, response) => response.writeHead(503).end())
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
    const server = await FrameServer.listen(Server.frame({ ...options, apiUrl }), 0, '127.0.0.1')
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    closers.push(
      () => server.close(),
      () => api.close(),
    )
  })
  afterAll(() => {
    for (const close of closers) close()
  })

  test("only a 5xx gives 'Server Error' (the origins-error meta the modal turns into that alert)", async () => {
    const html = await (await fetch(`${base}/?projectId=demo`)).text()
    expect(html).toContain('<meta name="frontdoor:origins-error" content="SERVER_ERROR">')
  })
})
