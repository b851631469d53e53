// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as DefaultSiwx from './DefaultSiwx.js'

const api = 'http://api.test'
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const session = (n: number) => ({
  data: { accountAddress: address, chainId: 'eip155:1', domain: 'a', uri: 'b', version: '1', nonce: `n${n}` },
  message: `message ${n}`,
  signature: `0x0${n}`,
})

/** Stubs fetch with the API's answers; returns the requests made (method, URL, body). */
function stubApi() {
  const calls: { method: string; url: string; body?: unknown }[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({
      method: init.method ?? 'GET',
      url,
      ...(init.body ? { body: JSON.parse(String(init.body)) } : {}),
    })
    const answer = url.includes('/revoke')
      ? { ok: true }
      : {
          sessions: [
            { id: 'a'.repeat(32), session: session(1) },
            { id: 'b'.repeat(32), session: session(2) },
          ],
        }
    return new Response(JSON.stringify(answer), { status: 200 })
  })
  return calls
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('create', () => {
  test("reads an account's sessions by the spec's GET /v1/sessions/{caipAddress}", async () => {
    const calls = stubApi()
    const sessions = await DefaultSiwx.create(api, 'demo').getSessions('eip155:1', address)
    expect(sessions).toEqual([session(1), session(2)])
    expect(calls).toEqual([
      {
        method: 'GET',
        url: `${api}/v1/sessions/${encodeURIComponent(`eip155:1:${address}`)}?projectId=demo`,
      },
    ])
  })

  test('revokes each of them by POST /v1/sessions/{id}/revoke with {pci, signature}', async () => {
    const calls = stubApi()
    await DefaultSiwx.create(api, 'demo').revokeSession('eip155:1', address)
    expect(calls.slice(1)).toEqual([
      {
        method: 'POST',
        url: `${api}/v1/sessions/${'a'.repeat(32)}/revoke?projectId=demo`,
        body: { pci: 'a'.repeat(32), signature: '0x01' },
      },
      {
        method: 'POST',
        url: `${api}/v1/sessions/${'b'.repeat(32)}/revoke?projectId=demo`,
        body: { pci: 'b'.repeat(32), signature: '0x02' },
      },
    ])
  })

  test("an API error's message is the error thrown", async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ error: { message: 'No such session' } }), { status: 404 }),
    )
    await expect(DefaultSiwx.create(api, 'demo').revokeSession('eip155:1', address)).rejects.toThrow(
      'No such session',
    )
  })
})
