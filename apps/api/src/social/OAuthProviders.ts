import { SocialProviderRule } from '@frontdoor/schemas'

/**
 * Where each social provider's OAuth 2.0 endpoints are. A provider with `OAUTH_<PROVIDER>_CLIENT_ID` and
 * `OAUTH_<PROVIDER>_CLIENT_SECRET` set uses its real endpoints (the defaults below, each overridable by
 * env); any other falls back to the dev OIDC provider on the API (`DevOidc`) when the dev logins are on
 * (development only: `Config.devLoginsFromEnv`).
 *
 * The subject comes from a verified id_token when the provider has a JWKS URL (OpenID Connect), else
 * from its userinfo endpoint (plain OAuth 2.0: GitHub, Discord, X, Facebook).
 */

type SocialProvider = SocialProviderRule.SocialProvider

/** How the API's client authenticates at the token endpoint. */
export type TokenAuth = 'client_secret_basic' | 'client_secret_post'

/** One provider's endpoints and client. */
export type Endpoints = {
  clientId: string
  clientSecret: string
  authorizeUrl: string
  tokenUrl: string
  tokenAuth: TokenAuth
  /** Space-separated scopes. */
  scope: string
  /** OpenID Connect: verify the id_token with these keys (and `issuer`). */
  jwksUrl?: string
  /** The id_token's expected `iss`. */
  issuer?: string
  /** OAuth 2.0: read the subject (and name) from this endpoint with the access token. */
  userinfoUrl?: string
  /** Dotted path of the subject in the userinfo answer (`sub`, `id`, `data.id`). */
  subjectPath: string
  /** Dotted path of a display name in the id_token or userinfo answer. */
  namePath?: string
  /** Extra authorize parameters. */
  authorizeParams?: Record<string, string>
}

/** The providers configured for real (the rest use the dev provider). */
export type Real = Partial<Record<SocialProvider, Endpoints>>

type Defaults = Omit<Endpoints, 'clientId' | 'clientSecret'>

/** The providers' published endpoints (used when the matching URL variables are unset). */
export const DEFAULTS: Record<SocialProvider, Defaults> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    tokenAuth: 'client_secret_basic',
    scope: 'openid profile',
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    issuer: 'https://accounts.google.com',
    subjectPath: 'sub',
    namePath: 'name',
  },
  apple: {
    authorizeUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    tokenAuth: 'client_secret_post',
    // Apple answers with a form POST when name or email is asked; the subject needs no scope.
    scope: '',
    jwksUrl: 'https://appleid.apple.com/auth/keys',
    issuer: 'https://appleid.apple.com',
    subjectPath: 'sub',
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    tokenAuth: 'client_secret_post',
    scope: 'read:user',
    userinfoUrl: 'https://api.github.com/user',
    subjectPath: 'id',
    namePath: 'login',
  },
  discord: {
    authorizeUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    tokenAuth: 'client_secret_basic',
    scope: 'identify',
    userinfoUrl: 'https://discord.com/api/users/@me',
    subjectPath: 'id',
    namePath: 'username',
  },
  x: {
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    tokenAuth: 'client_secret_basic',
    scope: 'users.read tweet.read',
    userinfoUrl: 'https://api.x.com/2/users/me',
    subjectPath: 'data.id',
    namePath: 'data.username',
  },
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    tokenAuth: 'client_secret_post',
    scope: 'public_profile',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,name',
    subjectPath: 'id',
    namePath: 'name',
  },
}

/** The environment variable prefix of a provider: `OAUTH_GOOGLE_`. */
export function envPrefix(provider: SocialProvider): string {
  return `OAUTH_${provider.toUpperCase()}_`
}

/**
 * The real providers of an environment: `OAUTH_<P>_CLIENT_ID`, `_CLIENT_SECRET` (both required), and
 * optionally `_AUTHORIZE_URL`, `_TOKEN_URL`, `_JWKS_URL`, `_ISSUER`, `_USERINFO_URL`, `_SUBJECT_PATH`,
 * `_SCOPE`, `_TOKEN_AUTH` (`client_secret_basic` | `client_secret_post`). Setting `_JWKS_URL` makes the
 * provider OpenID Connect; setting only `_USERINFO_URL` makes it plain OAuth 2.0.
 *
 * @example
 * OAuthProviders.fromEnv({ OAUTH_GOOGLE_CLIENT_ID: 'id', OAUTH_GOOGLE_CLIENT_SECRET: 'secret' }).google?.tokenUrl
 * // 'https://oauth2.googleapis.com/token'
 */
export function fromEnv(env: Record<string, string | undefined>): Real {
  const real: Real = {}
  for (const provider of SocialProviderRule.SOCIAL_PROVIDERS) {
    const prefix = envPrefix(provider)
    const read = (name: string) => env[`${prefix}${name}`]?.trim() || undefined
    const clientId = read('CLIENT_ID')
    const clientSecret = read('CLIENT_SECRET')
    if (!clientId || !clientSecret) continue
    const defaults = DEFAULTS[provider]
    const jwksUrl = read('JWKS_URL')
    const userinfoUrl = read('USERINFO_URL')
    // Naming only one of the two picks that kind of provider.
    const oidc = jwksUrl ? true : userinfoUrl ? false : defaults.jwksUrl !== undefined
    const tokenAuth = read('TOKEN_AUTH')
    const issuer = read('ISSUER') ?? defaults.issuer
    const endpoints: Endpoints = {
      clientId,
      clientSecret,
      authorizeUrl: read('AUTHORIZE_URL') ?? defaults.authorizeUrl,
      tokenUrl: read('TOKEN_URL') ?? defaults.tokenUrl,
      tokenAuth:
        tokenAuth === 'client_secret_basic' || tokenAuth === 'client_secret_post'
          ? tokenAuth
          : defaults.tokenAuth,
      scope: env[`${prefix}SCOPE`]?.trim() ?? defaults.scope,
      subjectPath: read('SUBJECT_PATH') ?? (oidc ? 'sub' : defaults.subjectPath),
    }
    if (oidc) {
      endpoints.jwksUrl = jwksUrl ?? defaults.jwksUrl ?? ''
      if (issuer) endpoints.issuer = issuer
    } else {
      endpoints.userinfoUrl = userinfoUrl ?? defaults.userinfoUrl ?? ''
    }
    if (defaults.namePath) endpoints.namePath = defaults.namePath
    real[provider] = endpoints
  }
  return real
}
