import { randomInt } from 'node:crypto'
import { afterAll, describe, expect, test } from 'vitest'
import * as Analytics from '../analytics/routes.js'
import * as AuthErrors from '../auth/AuthErrors.js'
import * as Login from '../auth/Login.js'
import * as Users from '../auth/users/Users.js'
import * as Rpc from '../rpc/routes.js'
import * as TestApp from '../TestApp.js'
import * as BodyLimit from './BodyLimit.js'

const t = await TestApp.create()
afterAll(() => t.close())

const AUTH_ORIGIN = t.deps.config.authOrigin
const user = await Users.findOrCreateByIdentity(t.deps.db, {
  kind: 'github',
  subject: `gh-${randomInt(1e9)}`,
})
const { token } = await Login.complete(t.deps, user.id)

/** Every route that reads a body, with the headers it needs to get as far as reading it. */
const ROUTES: [path: string, headers: Record<string, string>][] = [
  ['/v1/auth/email/otp', { origin: AUTH_ORIGIN }],
  ['/v1/auth/email/verify', { origin: AUTH_ORIGIN }],
  ['/v1/auth/email/update', { origin: AUTH_ORIGIN, authorization: `Bearer ${token}` }],
  ['/v1/auth/email/update/verify', { origin: AUTH_ORIGIN, authorization: `Bearer ${token}` }],
  ['/v1/auth/account-type', { origin: AUTH_ORIGIN, authorization: `Bearer ${token}` }],
  ['/v1/auth/social/redeem', { origin: AUTH_ORIGIN }],
  ['/v1/auth/farcaster/channel', { origin: AUTH_ORIGIN }],
  ['/v1/auth/farcaster/redeem', { origin: AUTH_ORIGIN }],
  ['/v1/vault/rpc', { origin: AUTH_ORIGIN, authorization: `Bearer ${token}` }],
  ['/v1/fungible/price', {}],
  ['/e?projectId=demo&st=frontdoor&sv=0.0.0', {}],
  ['/v1/?chainId=eip155:31337&projectId=demo', {}],
  ['/dev/farcaster/some-channel', { origin: t.deps.config.publicUrl }],
]

const MIB = 1024 * 1024

/** A body that sends `bytes` and then never ends: a server that reads it whole never answers. */
function endless(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return new Promise(() => {})
      const chunk = new Uint8Array(Math.min(64 * 1024, bytes - sent)).fill(0x20)
      sent += chunk.length
      controller.enqueue(chunk)
    },
  })
}

/** Resolves the response, or 'no answer' when none came within `ms`. */
async function within(ms: number, response: Response | Promise<Response>): Promise<Response | 'no answer'> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'no answer'>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), ms)
  })
  try {
    return await Promise.race([response, timeout])
  } finally {
    clearTimeout(timer)
  }
}

describe('request body limits', () => {
  test.each(ROUTES)(
    '%s: a declared length over the limit gets 413 naming the limit',
    async (path, headers) => {
      const response = await t.app.request(path, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(8 * MIB) },
        body: endless(8 * MIB),
        duplex: 'half',
      } as RequestInit)
      expect(response.status).toBe(413)
      const body = await response.json()
      expect(body.error.message).toMatch(/larger than \d+ bytes/)
      // The one error body; the JSON-RPC proxy answers in JSON-RPC.
      if (path.startsWith('/v1/?')) expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } })
      else expect(body).toEqual({ error: { code: 'payload_too_large', message: body.error.message } })
    },
  )

  test.each(ROUTES)(
    '%s: a body without a length is cut at the limit, not read to its end',
    async (path, headers) => {
      const response = await within(
        5_000,
        t.app.request(path, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: endless(6 * MIB),
          duplex: 'half',
        } as RequestInit),
      )
      expect(response === 'no answer' ? response : response.status).toBe(413)
    },
  )

  test.each([
    ['/v1/fungible/price', {}, BodyLimit.BODY_MAX_BYTES],
    ['/v1/auth/email/otp', { origin: AUTH_ORIGIN }, AuthErrors.MAX_BODY_BYTES],
    [
      '/v1/vault/rpc',
      { origin: AUTH_ORIGIN, authorization: `Bearer ${token}` },
      AuthErrors.SIGNING_BODY_MAX_BYTES,
    ],
    ['/e?projectId=demo&st=frontdoor&sv=0.0.0', {}, Analytics.EVENT_BODY_MAX_BYTES],
    ['/v1/?chainId=eip155:31337&projectId=demo', {}, Rpc.RPC_BODY_MAX_BYTES],
  ] as const)(
    '%s: a body of its limit is read, one byte more is refused',
    async (path, headers, maxBytes) => {
      const post = (bytes: number) =>
        t.app.request(path, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: `{"pad":"${'x'.repeat(bytes - 10)}"}`,
        })
      expect((await post(maxBytes)).status).not.toBe(413)
      const over = await post(maxBytes + 1)
      expect(over.status).toBe(413)
      expect((await over.json()).error.message).toBe(BodyLimit.tooLargeMessage(maxBytes))
    },
  )

  test('the largest legitimate bodies pass: a 64 KB signing request, an RPC batch of 1000', async () => {
    const message = `0x${'ab'.repeat(64 * 1024)}`
    const vault = await t.app.request('/v1/vault/rpc', {
      method: 'POST',
      headers: { origin: AUTH_ORIGIN, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ chainId: 31337, method: 'personal_sign', params: [message, user.id] }),
    })
    expect(vault.status).not.toBe(413)
    const batch = Array.from({ length: 1000 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_call',
      params: [
        { to: '0x000000000000000000000000000000000000dEaD', data: `0x${'00'.repeat(1024)}` },
        'latest',
      ],
    }))
    const rpc = await t.app.request('/v1/?chainId=eip155:31337&projectId=demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    })
    expect(rpc.status).not.toBe(413)
  })
})
