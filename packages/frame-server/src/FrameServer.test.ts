import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import * as FrameServer from './FrameServer.js'

const dist = mkdtempSync(join(tmpdir(), 'frame-dist-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'index.html'), '<html><head><title>x</title></head><body></body></html>')
// Over compress()'s 1 KB threshold, so it is gzipped.
const ASSET = `console.log(${JSON.stringify('frame '.repeat(400))})`
writeFileSync(join(dist, 'assets', 'a.js'), ASSET)
writeFileSync(join(dist, 'secret.txt'), 'not an asset')
const SDK = `window.sdk=${JSON.stringify('sdk '.repeat(400))}`
writeFileSync(join(dist, 'sdk.js'), SDK)

const requests: FrameServer.PageRequest[] = []
const frame: FrameServer.Frame = {
  distDir: dist,
  contentSecurityPolicy: { defaultSrc: ["'none'"], scriptSrc: ["'self'"], connectSrc: ['http://api.test'] },
  permissionsPolicy: { camera: [], clipboardWrite: ['self'] },
  page: (request) => {
    requests.push(request)
    return {
      frameAncestors: request.projectId === 'demo' ? ['https://a.example', 'https://b.example'] : ["'none'"],
      meta: { 'frontdoor:project': request.projectId, 'frontdoor:quote': 'a"<b>&' },
    }
  },
  files: {
    '/sdk.js': {
      path: join(dist, 'sdk.js'),
      headers: { 'cache-control': 'public, max-age=300', 'cross-origin-resource-policy': 'cross-origin' },
      missing: 'sdk.js is not built',
    },
    '/missing.js': { path: join(dist, 'missing.js'), headers: {}, missing: 'missing.js is not built' },
  },
}
const app = FrameServer.app(frame)
const get = (path: string, init?: RequestInit) => app.request(`http://frame.test${path}`, init)

/** One directive of a CSP header. */
const directive = (csp: string | null, name: string) =>
  csp
    ?.split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)

describe('document', () => {
  test('writes the meta tags at the end of the head, escaped, and skips undefined ones', () => {
    expect(
      FrameServer.document('<head><title>x</title></head>', {
        'frontdoor:a': 'x"<y>&',
        'frontdoor:b': undefined,
      }),
    ).toBe('<head><title>x</title><meta name="frontdoor:a" content="x&quot;&lt;y>&amp;"></head>')
  })
})

describe('app: the document', () => {
  test("carries the frame's CSP with the page's frame-ancestors, its permissions, no-store and the meta tags", async () => {
    requests.length = 0
    const response = await get('/?projectId=demo', { headers: { referer: 'https://a.example/shop?x=1' } })
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy')
    expect(directive(csp, 'frame-ancestors')).toBe('https://a.example https://b.example')
    expect(directive(csp, 'script-src')).toBe("'self'")
    expect(directive(csp, 'connect-src')).toBe('http://api.test')
    expect(response.headers.get('permissions-policy')).toBe('camera=(), clipboard-write=(self)')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    // Framing is the CSP's to say; the approval window keeps its opener.
    expect(response.headers.get('x-frame-options')).toBeNull()
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull()
    const html = await response.text()
    expect(html).toContain('<meta name="frontdoor:project" content="demo">')
    expect(html).toContain('content="a&quot;&lt;b>&amp;"')
    // The page was asked with the query's project and the referer's origin.
    expect(requests).toEqual([{ projectId: 'demo', referer: 'https://a.example', origin: undefined }])
  })

  test('the `origin` query reaches the page when it is exactly an http(s) origin', async () => {
    requests.length = 0
    await get('/?projectId=demo&origin=https%3A%2F%2Fshop.example')
    await get('/?projectId=demo&origin=https%3A%2F%2Fshop.example%2Fpath')
    await get('/?projectId=demo&origin=javascript%3Aalert(1)')
    expect(requests.map((r) => r.origin)).toEqual(['https://shop.example', undefined, undefined])
  })

  test('another request, another page: /index.html, no project, no referer', async () => {
    requests.length = 0
    const response = await get('/index.html')
    expect(directive(response.headers.get('content-security-policy'), 'frame-ancestors')).toBe("'none'")
    expect(await response.text()).not.toContain('frontdoor:project')
    expect(requests).toEqual([{ projectId: undefined, referer: undefined, origin: undefined }])
  })

  test('HEAD answers the headers without a body', async () => {
    const response = await get('/', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors')
    expect(await response.text()).toBe('')
  })
})

describe('app: the edge document answer', () => {
  test("answers the document's headers and meta tags without the document (204), for the same query and referer", async () => {
    requests.length = 0
    const init = { headers: { referer: 'https://a.example/shop?x=1' } }
    const edge = await get(`${FrameServer.EDGE_DOCUMENT_PATH}?projectId=demo`, init)
    const page = await get('/?projectId=demo', init)
    expect(edge.status).toBe(204)
    expect(await edge.text()).toBe('')
    expect(edge.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'))
    expect(directive(edge.headers.get('content-security-policy'), 'frame-ancestors')).toBe(
      'https://a.example https://b.example',
    )
    expect(edge.headers.get('permissions-policy')).toBe(page.headers.get('permissions-policy'))
    expect(edge.headers.get('cache-control')).toBe('no-store')
    const meta = edge.headers.get(FrameServer.EDGE_META_HEADER)
    expect(meta).toBe(
      '<meta name="frontdoor:project" content="demo"><meta name="frontdoor:quote" content="a&quot;&lt;b>&amp;">',
    )
    // The document the frame server writes has exactly these tags.
    expect(await page.text()).toContain(`${meta}</head>`)
    expect(requests).toHaveLength(2)
    expect(requests[0]).toEqual(requests[1])
  })

  test('another project, another answer; newlines never reach the header', async () => {
    const other = await get(`${FrameServer.EDGE_DOCUMENT_PATH}?projectId=other`)
    expect(directive(other.headers.get('content-security-policy'), 'frame-ancestors')).toBe("'none'")
    expect(FrameServer.metaTags({ a: 'x\ny\rz', b: undefined })).toBe('<meta name="a" content="x y z">')
  })
})

describe('listenAddress', () => {
  test('host:port and [v6]:port; nothing for unset or malformed', () => {
    expect(FrameServer.listenAddress('0.0.0.0:5180')).toEqual({ host: '0.0.0.0', port: 5180 })
    expect(FrameServer.listenAddress('[::1]:6180')).toEqual({ host: '::1', port: 6180 })
    expect(FrameServer.listenAddress(undefined)).toBeUndefined()
    expect(FrameServer.listenAddress('6180')).toBeUndefined()
    expect(FrameServer.listenAddress(':6180')).toBeUndefined()
  })
})

describe('app: files', () => {
  test('assets: immutable, same-origin, gzipped when asked, with an ETag that revalidates', async () => {
    const plain = await get('/assets/a.js')
    expect(plain.status).toBe(200)
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(plain.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(ASSET)
    const etag = plain.headers.get('etag')
    expect(etag).toMatch(/^"[0-9a-f]+"$/)
    const again = await get('/assets/a.js', { headers: { 'if-none-match': etag! } })
    expect(again.status).toBe(304)
    expect(again.headers.get('cache-control')).toContain('immutable')

    const gzipped = await get('/assets/a.js', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(gzipped.headers.get('vary')).toMatch(/accept-encoding/i)
    const body = Buffer.from(await gzipped.arrayBuffer())
    expect(body.length).toBeLessThan(ASSET.length / 4)
    expect(gunzipSync(body).toString()).toBe(ASSET)
  })

  test('a named file with its own headers; its 404 when it is not built', async () => {
    const sdk = await get('/sdk.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(sdk.status).toBe(200)
    expect(sdk.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(sdk.headers.get('cache-control')).toBe('public, max-age=300')
    expect(sdk.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await sdk.arrayBuffer())).toString()).toBe(SDK)
    const missing = await get('/missing.js')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('missing.js is not built')
    expect(missing.headers.get('cache-control')).toBeNull()
  })

  test('nothing outside assets/, no traversal, and what is not a document cannot be framed', async () => {
    for (const path of [
      '/secret.txt',
      '/assets/../secret.txt',
      '/assets/..%2fsecret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets//a.js',
      '/assets/nope.js',
      '/nope',
    ]) {
      const response = await get(path)
      expect({ path, status: response.status }).toEqual({ path, status: 404 })
      expect(directive(response.headers.get('content-security-policy'), 'frame-ancestors')).toBe("'none'")
      expect(await response.text()).not.toContain('not an asset')
    }
    const asset = await get('/assets/a.js')
    expect(directive(asset.headers.get('content-security-policy'), 'default-src')).toBe("'none'")
  })

  test('/healthz; methods other than GET and HEAD are refused', async () => {
    expect(await (await get('/healthz')).text()).toBe('ok')
    const post = await get('/', { method: 'POST', body: 'x' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
    expect((await get('/assets/a.js', { method: 'DELETE' })).status).toBe(405)
  })
})

describe('app: errors', () => {
  test('a page that throws is a 500 (and the server goes on)', async () => {
    const failing = FrameServer.app({
      ...frame,
      page: () => {
        throw new Error('boom')
      },
    })
    const error = console.error
    console.error = () => {}
    try {
      const response = await failing.request('http://frame.test/')
      expect(response.status).toBe(500)
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    } finally {
      console.error = error
    }
    expect((await failing.request('http://frame.test/healthz')).status).toBe(200)
  })

  test('a build without index.html is a 500 until it appears', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'frame-empty-'))
    const later = FrameServer.app({ ...frame, distDir: empty })
    const error = console.error
    console.error = () => {}
    try {
      expect((await later.request('http://frame.test/')).status).toBe(500)
    } finally {
      console.error = error
    }
    writeFileSync(join(empty, 'index.html'), '<html><head></head></html>')
    expect((await later.request('http://frame.test/')).status).toBe(200)
  })
})

describe('listen', () => {
  test('serves the frame over HTTP on a free port', async () => {
    const server = await FrameServer.listen(frame, 0, '127.0.0.1')
    try {
      const { port } = server.address() as AddressInfo
      expect(port).toBeGreaterThan(0)
      const response = await fetch(`http://127.0.0.1:${port}/assets/a.js`)
      // fetch asks for gzip and decodes it.
      expect(response.headers.get('content-encoding')).toBe('gzip')
      expect(await response.text()).toBe(ASSET)
    } finally {
      server.close()
    }
  })

  test('rejects when the port is taken', async () => {
    const server = await FrameServer.listen(frame, 0, '127.0.0.1')
    try {
      const { port } = server.address() as AddressInfo
      await expect(FrameServer.listen(frame, port, '127.0.0.1')).rejects.toThrow(/EADDRINUSE/)
    } finally {
      server.close()
    }
  })
})
