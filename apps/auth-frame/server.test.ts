import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FrameServer } from '@frontdoor/frame-server'
import * as Version from '@frontdoor/protocol/version'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Server from './server.js'

const dist = mkdtempSync(join(tmpdir(), 'auth-dist-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'index.html'), '<html><head></head><body></body></html>')
writeFileSync(join(dist, 'assets', 'a.js'), 'console.log(1)')
const options = { distDir: dist, modalUrl: 'http://127.0.0.1:5180', apiUrl: 'http://127.0.0.1:4000' }

/** The frame-ancestors directive of a CSP header. */
const ancestors = (csp: string | null) => csp?.split('; ').find((d) => d.startsWith('frame-ancestors '))

/** The frame's document for `path`, from its app. */
const documentOf = (frameOptions: Server.Options, path = '/') =>
  FrameServer.app(Server.frame(frameOptions)).request(`http://auth.test${path}`)

describe('frame', () => {
  test('framed by the modal origin only; talks to the API only; no powerful feature', async () => {
    const response = await documentOf(options)
    const csp = response.headers.get('content-security-policy')
    expect(ancestors(csp)).toBe('frame-ancestors http://127.0.0.1:5180')
    expect(csp).not.toMatch(/frame-ancestors[^;]*\*/)
    expect(csp).toContain('connect-src http://127.0.0.1:4000;')
    expect(csp).toContain("default-src 'none'")
    expect(response.headers.get('permissions-policy')).toContain('clipboard-write=()')
    expect(response.headers.get('permissions-policy')).toContain('camera=()')
  })
  test('writes the modal origin and the API URL as meta tags, escaped', async () => {
    const response = await documentOf({
      ...options,
      modalUrl: 'http://127.0.0.1:5180/',
      apiUrl: 'http://127.0.0.1:4000/"x',
    })
    const html = await response.text()
    expect(html).toContain('<meta name="frontdoor:modal-origin" content="http://127.0.0.1:5180">')
    expect(html).toContain('content="http://127.0.0.1:4000/&quot;x"')
  })
  test('a regional API (restricted time zones): its meta tag, and the CSP lets the frame call it', async () => {
    const plain = await (await documentOf(options)).text()
    expect(plain).not.toContain('frontdoor:regional-api-url')
    const response = await documentOf({ ...options, regionalApiUrl: 'https://api.example.cn/' })
    expect(await response.text()).toContain(
      '<meta name="frontdoor:regional-api-url" content="https://api.example.cn">',
    )
    expect(response.headers.get('content-security-policy')).toContain(
      'connect-src http://127.0.0.1:4000 https://api.example.cn;',
    )
  })
  test('refuses an address that is not http(s)', () => {
    expect(() => Server.frame({ ...options, modalUrl: 'javascript:alert(1)' })).toThrow()
    expect(() => Server.frame({ ...options, apiUrl: 'data:,x' })).toThrow()
  })
})

describe('frame, the API unreachable', () => {
  // API_URL points at a closed port: the real "API unreachable" fault. The frame fails closed.
  test('the modal origin only', async () => {
    const server = await FrameServer.listen(
      Server.frame({ ...options, apiUrl: 'http://127.0.0.1:9' }),
      0,
      '127.0.0.1',
    )
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const response = await fetch(`${base}/?projectId=demo`)
    expect(ancestors(response.headers.get('content-security-policy'))).toBe(
      'frame-ancestors http://127.0.0.1:5180',
    )
    server.close()
  })
})

describe('frame, served', () => {
  const versions: (string | null)[] = []
  let base = ''
  let close = () => {}
  beforeAll(async () => {
    // A stand-in for the API's /projects/v1/origins (the real route is tested in apps/api and e2e).
    const api = createServer((request, response) => {
      versions.push(new URL(request.url ?? '/', 'http://api').searchParams.get('sv'))
      const projectId = new URL(request.url ?? '/', 'http://api').searchParams.get('projectId')
      response.writeHead(projectId === 'demo' ? 200 : 401, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify(
          projectId === 'demo'
            ? { allowedOrigins: ['http://localhost:5173', 'https://a.example/x', '*'] }
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

  test('the document carries the CSP, no-store and the meta tags', async () => {
    const response = await fetch(`${base}/`)
    expect(response.status).toBe(200)
    expect(ancestors(response.headers.get('content-security-policy'))).toBe(
      'frame-ancestors http://127.0.0.1:5180',
    )
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toContain('frontdoor:modal-origin')
  })
  test("asks the API as this release: sv is the SDK's version", async () => {
    await fetch(`${base}/?projectId=demo`)
    expect(versions.length).toBeGreaterThan(0)
    expect(new Set(versions)).toEqual(new Set([Version.SDK_VERSION]))
  })
  test("with a project: the modal's origin and the project's exact allowed origins (CSP checks every ancestor); unknown project: modal only", async () => {
    const demo = await fetch(`${base}/?projectId=demo`)
    expect(ancestors(demo.headers.get('content-security-policy'))).toBe(
      'frame-ancestors http://127.0.0.1:5180 http://localhost:5173',
    )
    for (const projectId of ['nope', 'a b', '<x>']) {
      const other = await fetch(`${base}/?${new URLSearchParams({ projectId })}`)
      expect(ancestors(other.headers.get('content-security-policy'))).toBe(
        'frame-ancestors http://127.0.0.1:5180',
      )
    }
  })
  test("the page the modal names: allowed, the wallet's document; not allowed, the unverified-domain one, framed in that page only", async () => {
    const allowed = await fetch(
      `${base}/?${new URLSearchParams({ projectId: 'demo', origin: 'http://localhost:5173' })}`,
    )
    expect(ancestors(allowed.headers.get('content-security-policy'))).toBe(
      'frame-ancestors http://127.0.0.1:5180 http://localhost:5173',
    )
    expect(await allowed.text()).not.toContain('frontdoor:unverified-domain')
    for (const [projectId, origin] of [
      ['demo', 'https://evil.example'],
      ['nope', 'http://localhost:5173'],
    ] as const) {
      const refused = await fetch(`${base}/?${new URLSearchParams({ projectId, origin })}`)
      expect(ancestors(refused.headers.get('content-security-policy'))).toBe(
        `frame-ancestors http://127.0.0.1:5180 ${origin}`,
      )
      expect(await refused.text()).toContain('<meta name="frontdoor:unverified-domain" content="true">')
    }
  })

  test('/healthz, assets, and nothing else', async () => {
    expect(await (await fetch(`${base}/healthz`)).text()).toBe('ok')
    const asset = await fetch(`${base}/assets/a.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    const missing = await fetch(`${base}/other`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect((await fetch(`${base}/assets/../index.html`)).status).not.toBe(500)
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405)
  })
})
