// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as DefaultSiwx from './DefaultSiwx.js'

const api = 'http://api.test'
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const data = (n: number) => ({
  accountAddress: address,
  chainId: 'eip155:1',
  domain: 'a',
  uri: 'b',
  version: '1',
  nonce: `n${n}`,
})
const id = (n: number) => String(n).repeat(32)
/** A session as the page signed it (the signature is the wallet's). */
const session = (n: number) => ({ data: data(n), message: `message ${n}`, signature: `0x0${n}` })
/** The same session as the API's public reads answer it: no signature. */
const read = (n: number) => ({ id: id(n), session: { data: data(n), message: `message ${n}` } })

/** Stubs fetch with the API's answers (the account's sessions: `listed`); returns the requests made. */
function stubApi(listed: number[]) {
  const calls: { method: string; url: string; body?: unknown }[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method: init.method ?? 'GET', url, ...(body ? { body } : {}) })
    const n = Number(body?.message?.split(' ')[1])
    const answer = url.includes('/revoke')
      ? { ok: true }
      : url.includes('/siwx/sessions')
        ? { id: id(n), session: session(n) }
        : { sessions: listed.map(read) }
    return new Response(JSON.stringify(answer), { status: url.includes('/siwx/sessions') ? 201 : 200 })
  })
  return calls
}

beforeEach(() => localStorage.clear())
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('create', () => {
  test("reads an account's sessions by the spec's GET /v1/sessions/{caipAddress}; another browser's count, with no signature", async () => {
    const calls = stubApi([1, 2])
    const sessions = await DefaultSiwx.create(api, 'demo').getSessions('eip155:1', address)
    expect(sessions).toEqual([
      { ...session(1), signature: '' },
      { ...session(2), signature: '' },
    ])
    expect(calls).toEqual([
      {
        method: 'GET',
        url: `${api}/v1/sessions/${encodeURIComponent(`eip155:1:${address}`)}?projectId=demo`,
      },
    ])
  })

  test("keeps the signature of the sessions it adds, in the page's storage: its own sessions come first, with it", async () => {
    stubApi([1, 2])
    await DefaultSiwx.create(api, 'demo').addSession(session(2))
    expect(Object.keys(localStorage)).toEqual([`frontdoor:siwx:demo:eip155:1:${address.toLowerCase()}`])
    // A reload: a new instance reads the page's storage.
    const sessions = await DefaultSiwx.create(api, 'demo').getSessions('eip155:1', address.toLowerCase())
    expect(sessions).toEqual([session(2), { ...session(1), signature: '' }])
    // Another project's instance keeps its own.
    expect(await DefaultSiwx.create(api, 'other').getSessions('eip155:1', address)).toEqual([
      { ...session(1), signature: '' },
      { ...session(2), signature: '' },
    ])
  })

  test('revokes the sessions it holds by POST /v1/sessions/{id}/revoke with {pci, signature}; not the ones it cannot', async () => {
    const calls = stubApi([1, 2, 3])
    const siwx = DefaultSiwx.create(api, 'demo')
    await siwx.addSession(session(1))
    await siwx.addSession(session(3))
    await siwx.revokeSession('eip155:1', address)
    expect(calls.filter((c) => c.url.includes('/revoke'))).toEqual([
      {
        method: 'POST',
        url: `${api}/v1/sessions/${id(1)}/revoke?projectId=demo`,
        body: { pci: id(1), signature: '0x01' },
      },
      {
        method: 'POST',
        url: `${api}/v1/sessions/${id(3)}/revoke?projectId=demo`,
        body: { pci: id(3), signature: '0x03' },
      },
    ])
    expect(localStorage.length).toBe(0)
  })

  test('forgets the signatures of sessions the API no longer has (revoked elsewhere, expired)', async () => {
    stubApi([1])
    const siwx = DefaultSiwx.create(api, 'demo')
    await siwx.addSession(session(1))
    stubApi([])
    expect(await siwx.getSessions('eip155:1', address)).toEqual([])
    expect(localStorage.length).toBe(0)
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
