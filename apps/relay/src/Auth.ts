import * as Errors from '@frontdoor/schemas/errors'
import * as RelayAuth from '@walletconnect/relay-auth'
import { z } from 'zod'

/**
 * The relay's JWT check. A WalletConnect client signs `{iss: did:key, sub, aud: relay URL, iat, exp}`
 * with its ed25519 key (EdDSA). `@walletconnect/relay-auth` checks the signature against the key in
 * `iss`; the times and the audience are checked here.
 */

/**
 * The longest lifetime (`exp - iat`) a token may claim. WalletConnect clients sign 1-day tokens; a
 * token valid for years would let a leaked one be replayed for as long.
 */
export const MAX_JWT_LIFETIME_S = 7 * 24 * 60 * 60

/** Why a token was refused. */
export type Failure =
  | 'missing'
  | 'malformed'
  | 'signature'
  | 'expired'
  | 'not yet valid'
  | 'lifetime'
  | 'audience'

/**
 * The close reason of a refused token (code 3000): `Unauthorized: <why>`, but a token issued in the
 * future (the client's clock runs ahead) in the hosted relay's words, which clients map to 'Session
 * Expired' (spec section 8).
 */
export function closeReason(failure: Failure): string {
  return failure === 'not yet valid' ? Errors.SERVER.TOKEN_NOT_YET_VALID : `Unauthorized: ${failure}`
}

/** The outcome of a check: the client's did:key, or why not. */
export type Result = { ok: true; clientId: string; expiresAt: number } | { ok: false; reason: Failure }

const Claims = z.object({
  iss: z.string().startsWith('did:key:z').max(128),
  sub: z.string().max(256),
  aud: z.string().max(2048),
  // Both required: a token without `exp` never expires.
  iat: z.number().int(),
  exp: z.number().int(),
})

/** A URL reduced to what an audience names: scheme, host, port and path without a trailing slash. */
export function normalizeAudience(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`
  } catch {
    return undefined
  }
}

export type VerifyOptions = {
  /** Accepted audiences (any form `normalizeAudience` reduces). */
  audiences: string[]
  /** Allowed clock skew on `iat` and `exp`. */
  skewS: number
  /** The longest accepted `exp - iat` (default `MAX_JWT_LIFETIME_S`). */
  maxLifetimeS?: number
  /** The time, in seconds since the epoch. */
  nowS?: number
}

/**
 * Verifies a relay JWT.
 *
 * @example
 * const auth = await Auth.verify(token, { audiences: ['ws://127.0.0.1:4001'], skewS: 120 })
 * if (!auth.ok) socket.close(Messages.Codes.unauthorized, auth.reason)
 */
export async function verify(token: string | undefined | null, options: VerifyOptions): Promise<Result> {
  if (!token) return { ok: false, reason: 'missing' }
  if (token.length > 4096) return { ok: false, reason: 'malformed' }
  let claims: z.infer<typeof Claims>
  try {
    const decoded = RelayAuth.decodeJWT(token)
    const parsed = Claims.safeParse(decoded.payload)
    if (!parsed.success) return { ok: false, reason: 'malformed' }
    claims = parsed.data
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  let valid = false
  try {
    valid = await RelayAuth.verifyJWT(token)
  } catch {
    return { ok: false, reason: 'signature' }
  }
  if (!valid) return { ok: false, reason: 'signature' }
  const now = options.nowS ?? Math.floor(Date.now() / 1000)
  if (claims.exp + options.skewS < now) return { ok: false, reason: 'expired' }
  if (claims.iat - options.skewS > now) return { ok: false, reason: 'not yet valid' }
  if (claims.exp - claims.iat > (options.maxLifetimeS ?? MAX_JWT_LIFETIME_S))
    return { ok: false, reason: 'lifetime' }
  const audience = normalizeAudience(claims.aud)
  const accepted = options.audiences.map(normalizeAudience)
  if (!audience || !accepted.includes(audience)) return { ok: false, reason: 'audience' }
  return { ok: true, clientId: claims.iss, expiresAt: claims.exp }
}
