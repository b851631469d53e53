import { Sessions as SessionSchemas, SiwxMessage } from '@frontdoor/schemas'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../TestApp.js'
import * as Routes from './routes.js'

// The spec's session routes (`/v1/sessions/{id}`) beside the first forms (`/v1/siwx/sessions`). EOA
// signatures are recovered locally, so no chain is needed.
const t = await TestApp.create()
afterAll(() => t.close())

const site = TestApp.DEMO_URL
const post = (path: string, body?: unknown) =>
  t.getJson(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

/** A fresh account signs in to the demo site; the API's answer (201) is the stored session. */
async function signIn(options: { expirationTime?: string; cacao?: unknown } = {}) {
  const { cacao, ...fields } = options
  const account = privateKeyToAccount(generatePrivateKey())
  const { body: issued } = await post('/v1/siwx/nonce?projectId=demo')
  const message = SiwxMessage.format({
    domain: new URL(site).host,
    accountAddress: account.address,
    chainId: 'eip155:31337',
    uri: site,
    version: '1',
    nonce: issued.nonce,
    issuedAt: new Date(t.deps.auth.now()).toISOString(),
    ...fields,
  })
  const signature = await account.signMessage({ message })
  const { status, body } = await post('/v1/siwx/sessions?projectId=demo', {
    message,
    signature,
    ...(cacao ? { cacao } : {}),
  })
  expect(status).toBe(201)
  return { account, caip: `eip155:31337:${account.address}`, id: body.id as string, signature, stored: body }
}

const unknownId = '0'.repeat(32)

describe('GET /v1/sessions/{id}', () => {
  test('a session id answers the stored session as signing in answered it, but for its signature', async () => {
    const { id, stored } = await signIn()
    const { status, body } = await t.getJson(`/v1/sessions/${id}?projectId=demo`)
    expect(status).toBe(200)
    const { signature: _, ...session } = stored.session
    expect(body).toEqual({ id, session })
    expect(SessionSchemas.ReadSession.parse(body).id).toBe(id)
  })

  test('a CAIP-10 account answers its live sessions, newest first (any address case), as /v1/siwx/sessions does', async () => {
    const first = await signIn()
    const { body: empty } = await t.getJson(
      `/v1/sessions/eip155:31338:${first.account.address}?projectId=demo`,
    )
    expect(empty).toEqual({ sessions: [] })
    const { status, body } = await t.getJson(`/v1/sessions/${first.caip.toLowerCase()}?projectId=demo`)
    expect(status).toBe(200)
    expect(SessionSchemas.SessionsResponse.parse(body).sessions.map((s) => s.id)).toEqual([first.id])
    const old = await t.getJson(
      `/v1/siwx/sessions?projectId=demo&chainId=eip155:31337&address=${first.account.address}`,
    )
    expect(old.body).toEqual(body)
    // The CAIP-10 form may come percent-encoded.
    expect((await t.getJson(`/v1/sessions/${encodeURIComponent(first.caip)}?projectId=demo`)).body).toEqual(
      body,
    )
  })

  test('an unknown id is a 404', async () => {
    const { status, body } = await t.getJson(`/v1/sessions/${unknownId}?projectId=demo`)
    expect(status).toBe(404)
    expect(body.error).toMatchObject({ code: 'not_found', message: Routes.NO_SESSION })
  })

  test('an expired session is no longer answered', async () => {
    const now = t.deps.auth.now
    const { id } = await signIn({ expirationTime: new Date(Date.now() + 60_000).toISOString() })
    expect((await t.getJson(`/v1/sessions/${id}?projectId=demo`)).status).toBe(200)
    t.deps.auth.now = () => Date.now() + 120_000
    try {
      expect((await t.getJson(`/v1/sessions/${id}?projectId=demo`)).status).toBe(404)
    } finally {
      t.deps.auth.now = now
    }
  })

  test.each([
    ['nope', "Invalid path parameter field 'id': must be a session id or a CAIP-10 account"],
    ['A'.repeat(32), "Invalid path parameter field 'id': must be a session id or a CAIP-10 account"],
    ['eip155:31337', "Invalid path parameter field 'id': must be a session id or a CAIP-10 account"],
    ['eip155:1:0x\u0000', "Invalid path parameter field 'id': must be a session id or a CAIP-10 account"],
  ])('a bad id (%s) is a 400 naming the field', async (id, message) => {
    const { status, body } = await t.getJson(`/v1/sessions/${encodeURIComponent(id)}?projectId=demo`)
    expect(status).toBe(400)
    expect(body.error).toMatchObject({ code: 'invalid_request', message })
  })

  test('the project is required and must exist', async () => {
    const missing = await t.getJson(`/v1/sessions/${unknownId}`)
    expect(missing.status).toBe(400)
    expect(missing.body.error.message).toMatch(/^Invalid query field 'projectId'/)
    expect((await t.getJson(`/v1/sessions/${unknownId}?projectId=nope`)).status).toBe(401)
  })
})

describe('POST /v1/sessions/{id}/revoke', () => {
  test('the holder revokes with {pci, signature}: gone by id and from the account; a second revoke is a 404', async () => {
    const { caip, id, signature } = await signIn()
    const revoke = await post(`/v1/sessions/${id}/revoke?projectId=demo`, { pci: id, signature })
    expect(revoke).toMatchObject({ status: 200, body: { ok: true } })
    expect((await t.getJson(`/v1/sessions/${id}?projectId=demo`)).status).toBe(404)
    expect((await t.getJson(`/v1/sessions/${caip}?projectId=demo`)).body).toEqual({ sessions: [] })
    expect((await post(`/v1/sessions/${id}/revoke?projectId=demo`, { pci: id, signature })).status).toBe(404)
  })

  test('a wrong signature is refused and the session stays', async () => {
    const { id } = await signIn()
    const other = await signIn()
    const wrong = await post(`/v1/sessions/${id}/revoke?projectId=demo`, {
      pci: id,
      signature: other.signature,
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body.error).toMatchObject({ code: 'unauthorized', message: Routes.NOT_ITS_SIGNATURE })
    expect((await t.getJson(`/v1/sessions/${id}?projectId=demo`)).status).toBe(200)
  })

  test('an unknown pci is a 404', async () => {
    const { signature } = await signIn()
    const { status, body } = await post(`/v1/sessions/${unknownId}/revoke?projectId=demo`, {
      pci: unknownId,
      signature,
    })
    expect(status).toBe(404)
    expect(body.error.message).toBe(Routes.NO_SESSION)
  })

  test("REFERENCE's form: the path names the account, which must own the pci", async () => {
    const mine = await signIn()
    const theirs = await signIn()
    const foreign = await post(`/v1/sessions/${theirs.caip}/revoke?projectId=demo`, {
      pci: mine.id,
      signature: mine.signature,
    })
    expect(foreign.status).toBe(404)
    expect((await t.getJson(`/v1/sessions/${mine.id}?projectId=demo`)).status).toBe(200)
    const own = await post(`/v1/sessions/${mine.caip}/revoke?projectId=demo`, {
      pci: mine.id,
      signature: mine.signature,
    })
    expect(own).toMatchObject({ status: 200, body: { ok: true } })
    expect((await t.getJson(`/v1/sessions/${mine.id}?projectId=demo`)).status).toBe(404)
  })

  test.each([
    ['no signature', (id: string) => ({ pci: id }), /^Invalid body field 'signature'/],
    ['an empty signature', (id: string) => ({ pci: id, signature: '' }), /^Invalid body field 'signature'/],
    [
      'a pci that is no session id',
      () => ({ pci: 'p1', signature: '0x00' }),
      /^Invalid body field 'pci': must be a session id/,
    ],
    [
      'a pci other than the path',
      () => ({ pci: unknownId, signature: '0x00' }),
      /^Invalid body field 'pci': must be the session id of the path/,
    ],
    [
      'a signature too long',
      (id: string) => ({ pci: id, signature: `0x${'0'.repeat(Routes.SIGNATURE_MAX_CHARS)}` }),
      /^Invalid body field 'signature'/,
    ],
  ])('%s is a 400 naming the field', async (_, body, message) => {
    const { id } = await signIn()
    const answer = await post(`/v1/sessions/${id}/revoke?projectId=demo`, body(id))
    expect(answer.status).toBe(400)
    expect(answer.body.error.message).toMatch(message)
    expect((await t.getJson(`/v1/sessions/${id}?projectId=demo`)).status).toBe(200)
  })

  test('the first form, POST /v1/siwx/sessions/{id}/revoke with {signature}, revokes the same way', async () => {
    const { id, signature } = await signIn()
    const other = await signIn()
    const wrong = await post(`/v1/siwx/sessions/${id}/revoke?projectId=demo`, { signature: other.signature })
    expect(wrong.status).toBe(401)
    expect((await post(`/v1/siwx/sessions/${id}/revoke?projectId=demo`, { signature })).body).toEqual({
      ok: true,
    })
    expect((await t.getJson(`/v1/sessions/${id}?projectId=demo`)).status).toBe(404)
    expect((await post(`/v1/sessions/${id}/revoke?projectId=demo`, { pci: id, signature })).status).toBe(404)
  })
})

describe('a third party (anyone who knows the address)', () => {
  test("reads an account's sessions, by account and by id, without their signatures, and cannot revoke them", async () => {
    const cacao = { h: { t: 'caip122' }, p: { iss: 'did:pkh:x' }, s: { t: 'eip191', s: '0xcacao' } }
    const holder = await signIn({ cacao })
    const reads = [
      ...(await t.getJson(`/v1/sessions/${holder.caip}?projectId=demo`)).body.sessions,
      ...(
        await t.getJson(
          `/v1/siwx/sessions?projectId=demo&chainId=eip155:31337&address=${holder.account.address}`,
        )
      ).body.sessions,
      (await t.getJson(`/v1/sessions/${holder.id}?projectId=demo`)).body,
    ]
    expect(reads).toHaveLength(3)
    for (const read of reads) {
      // Whatever the read gave, nothing in it revokes the session, by either route.
      for (const guess of [read.session.signature, read.session.cacao?.s?.s, read.id, read.session.message])
        if (typeof guess === 'string' && guess) {
          const spec = await post(`/v1/sessions/${holder.id}/revoke?projectId=demo`, {
            pci: holder.id,
            signature: guess,
          })
          const first = await post(`/v1/siwx/sessions/${holder.id}/revoke?projectId=demo`, {
            signature: guess,
          })
          expect([spec.status, first.status]).toEqual([401, 401])
        }
      // What a page needs to know the session exists: its id, its message and what it says.
      expect(read).toEqual({
        id: holder.id,
        session: {
          data: holder.stored.session.data,
          message: holder.stored.session.message,
          cacao: { h: cacao.h, p: cacao.p },
        },
      })
      expect(JSON.stringify(read)).not.toContain(holder.signature)
      expect(SessionSchemas.ReadSession.parse(read)).toEqual(read)
    }
    expect((await t.getJson(`/v1/sessions/${holder.id}?projectId=demo`)).status).toBe(200)
    // The holder (the page that signed in, which has the signature from signing) still can.
    const own = await post(`/v1/sessions/${holder.id}/revoke?projectId=demo`, {
      pci: holder.id,
      signature: holder.signature,
    })
    expect(own).toMatchObject({ status: 200, body: { ok: true } })
  })

  test('signing in answers the session with its signature: the caller sent it', async () => {
    const { signature, stored } = await signIn()
    expect(SessionSchemas.StoredSession.parse(stored).session.signature).toBe(signature)
  })
})

describe('rate limit', () => {
  test('the session routes count against the account budget, per client and project', async () => {
    const limited = await TestApp.create({ limits: { account: { limit: 2, windowMs: 60_000 } } })
    try {
      const get = () =>
        limited.app.request(`/v1/sessions/${unknownId}?projectId=demo`, {
          headers: { 'x-forwarded-for': '203.0.113.7' },
        })
      expect((await get()).status).toBe(404)
      expect((await get()).status).toBe(404)
      expect((await get()).status).toBe(429)
    } finally {
      await limited.close()
    }
  }, 30_000)
})
