import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../TestApp.js'

const t = await TestApp.create()
afterAll(() => t.close())

const allowed = async (path: string, origin: string, init: RequestInit = {}) => {
  const response = await t.app.request(path, { ...init, headers: { origin, ...init.headers } })
  return response.headers.get('access-control-allow-origin')
}

describe('allowOrigin', () => {
  test("a project's allowed origin reads the directory, config and image routes (AppKit runs in that page)", async () => {
    for (const path of [
      '/appkit/v1/config?projectId=demo&st=appkit&sv=html-wagmi-1.8.24',
      '/appkit/v1/project-limits?projectId=demo&st=appkit&sv=html-wagmi-1.8.24',
      '/getWallets?projectId=demo&st=appkit&sv=html-wagmi-1.8.24&page=1&entries=4',
      '/projects/v1/origins?projectId=demo&st=appkit&sv=html-wagmi-1.8.24',
      '/getAnalyticsConfig?projectId=demo&st=appkit&sv=html-wagmi-1.8.24',
      '/public/getAssetImage/ba0ba0cd-17c6-4806-ad93-f9d174f17900?projectId=demo&st=appkit&sv=html-wagmi-1.8.24',
    ])
      expect(await allowed(path, TestApp.DEMO_URL), path).toBe(TestApp.DEMO_URL)
  })

  test("the RPC proxy's preflight answers the project's page", async () => {
    const origin = await allowed('/v1/?chainId=eip155:31337&projectId=demo', TestApp.DEMO_URL, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(origin).toBe(TestApp.DEMO_URL)
  })

  test('other origins, unknown projects and requests without a project get no CORS grant', async () => {
    expect(await allowed('/appkit/v1/config?projectId=demo', 'https://evil.example')).toBeNull()
    expect(await allowed('/appkit/v1/config?projectId=ghost', TestApp.DEMO_URL)).toBeNull()
    expect(await allowed('/appkit/v1/config?projectId=a%20b', TestApp.DEMO_URL)).toBeNull()
    expect(await allowed('/v1/supported-chains', TestApp.DEMO_URL)).toBeNull()
  })

  test('our frames keep their grant on every route', async () => {
    expect(await allowed('/v1/supported-chains', TestApp.MODAL_URL)).toBe(TestApp.MODAL_URL)
  })

  test("the embedded wallet's paths answer the auth frame only, even for a project's page", async () => {
    expect(await allowed('/v1/auth/me?projectId=demo', TestApp.DEMO_URL)).toBeNull()
  })
})

describe('middleware', () => {
  test("a simple request's answer carries the grant, the exposed headers and Vary, on errors too", async () => {
    for (const [path, status] of [
      ['/getWallets?projectId=demo&page=1&entries=4', 200],
      ['/getWallets?projectId=demo&page=0&entries=4', 400],
      ['/getWallets?projectId=ghost-project&page=1&entries=4', 401],
    ] as const) {
      const response = await t.app.request(path, { headers: { origin: TestApp.MODAL_URL } })
      expect(response.status, path).toBe(status)
      expect(response.headers.get('access-control-allow-origin'), path).toBe(TestApp.MODAL_URL)
      expect(response.headers.get('access-control-expose-headers'), path).toBe(
        'x-request-id,retry-after,etag',
      )
      expect(response.headers.get('vary'), path).toContain('Origin')
      expect(response.headers.get('x-request-id'), path).toBeTruthy()
    }
  })

  test('a refused origin gets no grant but the same Vary and exposed headers', async () => {
    const response = await t.app.request('/getWallets?projectId=demo&page=1&entries=4', {
      headers: { origin: 'https://evil.example' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(response.headers.get('vary')).toContain('Origin')
    expect(response.headers.get('access-control-expose-headers')).toBe('x-request-id,retry-after,etag')
  })
})
