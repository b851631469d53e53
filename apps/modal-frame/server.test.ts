import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Server from './server.js'

describe('isOrigin', () => {
  test('accepts exact origins only', () => {
    expect(Server.isOrigin('http://localhost:5173')).toBe(true)
    expect(Server.isOrigin('https://app.example')).toBe(true)
    expect(Server.isOrigin('http://localhost:5173/')).toBe(false)
    expect(Server.isOrigin('https://a.example; script-src *')).toBe(false)
    expect(Server.isOrigin('javascript:alert(1)')).toBe(false)
  })
})

describe('frameAncestors', () => {
  const origins = { allowedOrigins: ['http://localhost:5173', 'https://a.example'], error: undefined }
  test('the allowed origins when the embedder is allowed or unknown', () => {
    expect(Server.frameAncestors(origins, 'http://localhost:5173', 'demo')).toBe(
      'http://localhost:5173 https://a.example',
    )
    expect(Server.frameAncestors(origins, undefined, 'demo')).toBe('http://localhost:5173 https://a.example')
    expect(Server.frameAncestors({ allowedOrigins: [], error: undefined }, undefined, 'demo')).toBe("'none'")
  })
  test('anywhere (alert-only modal) when the embedder is not allowed or the list failed', () => {
    expect(Server.frameAncestors(origins, 'http://localhost:5199', 'demo')).toBe('*')
    expect(Server.frameAncestors({ allowedOrigins: [], error: 'SERVER_ERROR' }, undefined, 'demo')).toBe('*')
    expect(Server.frameAncestors(origins, undefined, undefined)).toBe('*')
  })
})

describe('handler', () => {
  const dist = mkdtempSync(join(tmpdir(), 'modal-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<html><head></head><body></body></html>')
  writeFileSync(join(dist, 'assets', 'a.js'), 'console.log(1)')
  writeFileSync(join(dist, 'sdk.js'), 'window.frontdoor=1')
  let base = ''
  let close = () => {}
  beforeAll(async () => {
    // API_URL points at a closed port: the real "API unreachable" fault.
    const server = await Server.listen(
      {
        distDir: dist,
        sdkPath: join(dist, 'sdk.js'),
        apiUrl: 'http://127.0.0.1:9',
        authUrl: 'http://127.0.0.1:5181',
        relayUrl: 'ws://127.0.0.1:4001',
      },
      0,
      '127.0.0.1',
    )
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  test('the document carries the CSP and the origins error when the API is unreachable', async () => {
    const response = await fetch(`${base}/?projectId=demo`)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain('frame-ancestors *')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const html = await response.text()
    expect(html).toContain('<meta name="frontdoor:origins-error" content="SERVER_ERROR">')
    expect(html).toContain('<meta name="frontdoor:api-url" content="http://127.0.0.1:9">')
    expect(html).toContain('<meta name="frontdoor:relay-url" content="ws://127.0.0.1:4001">')
    expect(html).toContain('<meta name="frontdoor:auth-url" content="http://127.0.0.1:5181">')
    expect(csp).toContain('connect-src')
    expect(csp).toContain('ws://127.0.0.1:4001')
  })

  test('serves sdk.js cross-origin, assets immutable, nothing outside dist', async () => {
    const sdk = await fetch(`${base}/sdk.js`)
    expect(sdk.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(await sdk.text()).toBe('window.frontdoor=1')
    // fetch asks for gzip and decodes it.
    expect(sdk.headers.get('content-encoding')).toBe('gzip')
    const asset = await fetch(`${base}/assets/a.js`)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await fetch(`${base}/assets/..%2f..%2fetc/passwd`)).status).toBe(404)
    expect((await fetch(`${base}/nope`)).status).toBe(404)
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
  })
})
