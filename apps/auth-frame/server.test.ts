import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as Server from './server.js'

const options = { modalUrl: 'http://127.0.0.1:5180', apiUrl: 'http://127.0.0.1:4000' }

describe('contentSecurityPolicy', () => {
  test('framed by the modal origin only; talks to the API only', () => {
    const csp = Server.contentSecurityPolicy(options)
    expect(csp).toContain('frame-ancestors http://127.0.0.1:5180')
    expect(csp).not.toMatch(/frame-ancestors[^;]*\*/)
    expect(csp).toContain('connect-src http://127.0.0.1:4000')
    expect(csp).toContain("default-src 'none'")
  })
  test('refuses an address that is not http(s)', () => {
    expect(() => Server.contentSecurityPolicy({ ...options, modalUrl: 'javascript:alert(1)' })).toThrow()
  })
})

describe('document', () => {
  test('writes the modal origin and the API URL as meta tags, escaped', () => {
    const html = Server.document('<html><head></head><body></body></html>', {
      modalUrl: 'http://127.0.0.1:5180/',
      apiUrl: 'http://127.0.0.1:4000/"x',
    })
    expect(html).toContain('<meta name="frontdoor:modal-origin" content="http://127.0.0.1:5180">')
    expect(html).toContain('content="http://127.0.0.1:4000/&quot;x"')
  })
})

describe('handler', () => {
  const dist = mkdtempSync(join(tmpdir(), 'auth-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<html><head></head><body></body></html>')
  writeFileSync(join(dist, 'assets', 'a.js'), 'console.log(1)')
  let base = ''
  let close = () => {}
  beforeAll(async () => {
    const server = await Server.listen({ ...options, distDir: dist }, 0, '127.0.0.1')
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  test('the document carries the CSP, no-store and the meta tags', async () => {
    const response = await fetch(`${base}/`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe(Server.contentSecurityPolicy(options))
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toContain('frontdoor:modal-origin')
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
