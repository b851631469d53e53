import { generateKeyPairSync, sign as signBytes } from 'node:crypto'
import * as RelayAuth from '@walletconnect/relay-auth'
import { describe, expect, test } from 'vitest'
import * as Auth from './Auth.js'

const AUDIENCE = 'ws://127.0.0.1:4001'
const NOW_S = 1_800_000_000
const DAY_S = 86_400

function sign(options: { aud?: string; iat?: number; ttl?: number; keyPair?: RelayAuth.Keypair } = {}) {
  const keyPair = options.keyPair ?? RelayAuth.generateKeyPair()
  return RelayAuth.signJWT(
    'subject',
    options.aud ?? AUDIENCE,
    options.ttl ?? DAY_S,
    keyPair,
    options.iat ?? NOW_S,
  )
}

/** Signs arbitrary claims as relay-auth would (it always sets `exp`; tests need tokens without one). */
function signClaims(claims: Record<string, unknown>): string {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  const header = { alg: 'EdDSA', typ: 'JWT' }
  const payload = { iss: RelayAuth.encodeIss(raw), sub: 'subject', aud: AUDIENCE, ...claims }
  const data = RelayAuth.encodeData({ header, payload } as Parameters<typeof RelayAuth.encodeData>[0])
  const signature = RelayAuth.encodeSig(signBytes(null, data, privateKey))
  return `${Buffer.from(data).toString()}.${signature}`
}

const verify = (token: string | undefined) =>
  Auth.verify(token, { audiences: [AUDIENCE], skewS: 120, nowS: NOW_S })

describe('verify', () => {
  test('accepts a fresh token for this relay and names the client by its did:key', async () => {
    const keyPair = RelayAuth.generateKeyPair()
    const result = await verify(await sign({ keyPair }))
    expect(result).toEqual({
      ok: true,
      clientId: RelayAuth.encodeIss(keyPair.publicKey),
      expiresAt: NOW_S + DAY_S,
    })
  })

  test('accepts the audience with a trailing slash', async () => {
    expect((await verify(await sign({ aud: `${AUDIENCE}/` }))).ok).toBe(true)
  })

  test('allows two minutes of clock skew both ways', async () => {
    expect((await verify(await sign({ iat: NOW_S + 100 }))).ok).toBe(true)
    expect((await verify(await sign({ iat: NOW_S - DAY_S - 100 }))).ok).toBe(true)
  })

  test('refuses an expired token', async () => {
    expect(await verify(await sign({ iat: NOW_S - DAY_S - 121 }))).toEqual({ ok: false, reason: 'expired' })
  })

  test('refuses a token issued in the future', async () => {
    expect(await verify(await sign({ iat: NOW_S + 121 }))).toEqual({ ok: false, reason: 'not yet valid' })
  })

  test('accepts the 1-day tokens WalletConnect clients sign, and lifetimes up to MAX_JWT_LIFETIME_S', async () => {
    expect(Auth.MAX_JWT_LIFETIME_S).toBe(7 * DAY_S)
    expect((await verify(await sign({ ttl: DAY_S }))).ok).toBe(true)
    expect((await verify(await sign({ ttl: Auth.MAX_JWT_LIFETIME_S }))).ok).toBe(true)
  })

  test('refuses a token that lives longer than MAX_JWT_LIFETIME_S', async () => {
    expect(await verify(await sign({ ttl: Auth.MAX_JWT_LIFETIME_S + 1 }))).toEqual({
      ok: false,
      reason: 'lifetime',
    })
    expect(await verify(await sign({ ttl: 100 * 365 * DAY_S }))).toEqual({ ok: false, reason: 'lifetime' })
    expect(
      await Auth.verify(await sign({ ttl: 2 * DAY_S }), {
        audiences: [AUDIENCE],
        skewS: 120,
        nowS: NOW_S,
        maxLifetimeS: DAY_S,
      }),
    ).toEqual({ ok: false, reason: 'lifetime' })
  })

  test('refuses a well-signed token without exp (or iat)', async () => {
    const fine = signClaims({ iat: NOW_S, exp: NOW_S + DAY_S })
    expect((await verify(fine)).ok).toBe(true)
    expect(await verify(signClaims({ iat: NOW_S }))).toEqual({ ok: false, reason: 'malformed' })
    expect(await verify(signClaims({ exp: NOW_S + DAY_S }))).toEqual({ ok: false, reason: 'malformed' })
  })

  test('refuses a token for another relay', async () => {
    expect(await verify(await sign({ aud: 'wss://relay.walletconnect.org' }))).toEqual({
      ok: false,
      reason: 'audience',
    })
  })

  test('refuses a token whose signature does not match its issuer', async () => {
    const token = await sign()
    const [header, payload] = token.split('.')
    const other = (await sign()).split('.')[2]
    expect(await verify(`${header}.${payload}.${other}`)).toEqual({ ok: false, reason: 'signature' })
  })

  test('refuses a token whose claims were changed after signing', async () => {
    const [header, payload, signature] = (await sign()).split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + DAY_S })).toString('base64url')
    expect(await verify(`${header}.${forged}.${signature}`)).toEqual({ ok: false, reason: 'signature' })
  })

  test('refuses a missing or malformed token', async () => {
    expect(await verify(undefined)).toEqual({ ok: false, reason: 'missing' })
    expect(await verify('not-a-jwt')).toEqual({ ok: false, reason: 'malformed' })
    expect(await verify('a.b.c')).toEqual({ ok: false, reason: 'malformed' })
  })
})

describe('normalizeAudience', () => {
  test('keeps scheme, host, port and path', () => {
    expect(Auth.normalizeAudience('wss://relay.example.com/v2/')).toBe('wss://relay.example.com/v2')
    expect(Auth.normalizeAudience('ws://127.0.0.1:4001')).toBe('ws://127.0.0.1:4001')
    expect(Auth.normalizeAudience('nonsense')).toBeUndefined()
  })
})
