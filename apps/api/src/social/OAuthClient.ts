import { createHash, randomBytes } from 'node:crypto'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import * as z from 'zod'
import type * as OAuthProviders from './OAuthProviders.js'

/**
 * The API's OAuth 2.0 client: authorization code with PKCE (S256), `state` and `nonce`; the code is
 * exchanged at the provider's token endpoint over HTTP, the id_token's signature checked against the
 * provider's JWKS (or, for plain OAuth 2.0 providers, the subject read from userinfo).
 */

/** How long a call to a provider may take. */
export const PROVIDER_TIMEOUT_MS = 10_000

/** A failure of the exchange or of the identity checks; `reason` is for the logs only. */
export class OAuthError extends Error {
  override name = 'OAuthError'
}

/** A random URL-safe secret (state, nonce, PKCE verifier, redeem codes). */
export function secret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** The S256 code challenge of a PKCE verifier. */
export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/**
 * The provider's authorize URL for one login.
 *
 * @example
 * OAuthClient.authorizeUrl(endpoints, { redirectUri, state, nonce, verifier })
 */
export function authorizeUrl(
  endpoints: OAuthProviders.Endpoints,
  login: { redirectUri: string; state: string; nonce: string; verifier: string },
): string {
  const url = new URL(endpoints.authorizeUrl)
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: endpoints.clientId,
    redirect_uri: login.redirectUri,
    state: login.state,
    code_challenge: challengeOf(login.verifier),
    code_challenge_method: 'S256',
    ...(endpoints.scope ? { scope: endpoints.scope } : {}),
    ...(endpoints.jwksUrl ? { nonce: login.nonce } : {}),
    ...endpoints.authorizeParams,
  }
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.href
}

const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  id_token: z.string().min(1).optional(),
})

/** Who signed in: the provider's subject and, when it gives one, a display name. */
export type Identity = { subject: string; name?: string }

/** The client, with a JWKS cache per provider key set. */
export type OAuthClient = {
  /** Exchanges the code (with the PKCE verifier) and returns the verified identity. */
  complete: (
    endpoints: OAuthProviders.Endpoints,
    login: { code: string; verifier: string; nonce: string; redirectUri: string },
  ) => Promise<Identity>
}

/** Creates the client. */
export function create(): OAuthClient {
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()
  const keySet = (url: string) => {
    let set = keySets.get(url)
    if (!set) {
      set = createRemoteJWKSet(new URL(url), { timeoutDuration: PROVIDER_TIMEOUT_MS })
      keySets.set(url, set)
    }
    return set
  }

  return {
    complete: async (endpoints, login) => {
      const tokens = await exchange(endpoints, login)
      if (endpoints.jwksUrl) {
        if (!tokens.id_token) throw new OAuthError('the token response has no id_token')
        const { payload } = await jwtVerify(tokens.id_token, keySet(endpoints.jwksUrl), {
          audience: endpoints.clientId,
          ...(endpoints.issuer ? { issuer: endpoints.issuer } : {}),
        }).catch((error: unknown) => {
          throw new OAuthError(`id_token rejected: ${(error as Error).message}`)
        })
        if (payload.nonce !== login.nonce) throw new OAuthError('id_token nonce mismatch')
        return identityFrom(payload, endpoints)
      }
      if (!endpoints.userinfoUrl) throw new OAuthError('the provider has neither JWKS nor userinfo')
      return identityFrom(await userinfo(endpoints.userinfoUrl, tokens.access_token), endpoints)
    },
  }
}

function identityFrom(claims: unknown, endpoints: OAuthProviders.Endpoints): Identity {
  const subject = pick(claims, endpoints.subjectPath)
  if (!subject) throw new OAuthError(`no subject at '${endpoints.subjectPath}'`)
  const name = endpoints.namePath ? pick(claims, endpoints.namePath) : undefined
  return name ? { subject, name } : { subject }
}

function pick(value: unknown, path: string): string | undefined {
  let current: unknown = value
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  if (typeof current === 'string' && current.length > 0) return current
  if (typeof current === 'number' && Number.isSafeInteger(current)) return String(current)
  return undefined
}

/** An error and its cause (fetch hides the network error in `cause`). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${message}${cause}`
}

async function exchange(
  endpoints: OAuthProviders.Endpoints,
  login: { code: string; verifier: string; redirectUri: string },
): Promise<z.infer<typeof TokenResponse>> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: login.code,
    redirect_uri: login.redirectUri,
    code_verifier: login.verifier,
  })
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  }
  if (endpoints.tokenAuth === 'client_secret_basic') {
    // RFC 6749 section 2.3.1: both parts form-urlencoded before base64.
    const user = encodeURIComponent(endpoints.clientId)
    const password = encodeURIComponent(endpoints.clientSecret)
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
  } else {
    body.set('client_id', endpoints.clientId)
    body.set('client_secret', endpoints.clientSecret)
  }
  const response = await fetch(endpoints.tokenUrl, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new OAuthError(`token endpoint unreachable: ${describe(error)}`)
  })
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok)
    throw new OAuthError(`token endpoint answered ${response.status}: ${JSON.stringify(json)}`)
  const tokens = TokenResponse.safeParse(json)
  if (!tokens.success) throw new OAuthError('the token response is not valid')
  return tokens.data
}

async function userinfo(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new OAuthError(`userinfo unreachable: ${describe(error)}`)
  })
  if (!response.ok) throw new OAuthError(`userinfo answered ${response.status}`)
  return response.json().catch(() => {
    throw new OAuthError('userinfo is not JSON')
  })
}
