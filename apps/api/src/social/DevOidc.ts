import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SocialProviderRule } from '@frontdoor/schemas'

/**
 * What the API needs of a development OpenID Connect provider that plays the social providers which
 * have no real OAuth client configured: its issuer, a client per provider, and a Node handler the API
 * mounts at {@link MOUNT_PATH}. The API holds no such provider: the development module
 * (`@frontdoor/dev`, `npm start`) hands one in (`Server.start({ devOidc })`); without it, unconfigured
 * providers are simply off.
 */

/** Where the provider is mounted on the API (its issuer is `${API_URL}${MOUNT_PATH}`). */
export const MOUNT_PATH = '/oidc'

/** The scopes the API's client asks of the dev provider. */
export const SCOPE = 'openid profile'

/** The provider's endpoints, relative to the issuer. */
export const ROUTES = {
  authorization: '/auth',
  token: '/token',
  jwks: '/jwks',
  userinfo: '/me',
  interaction: '/interaction',
} as const

/** The dev provider, as the API mounts and uses it. */
export type DevOidc = {
  /** The issuer: `${API_URL}/oidc`. */
  issuer: string
  /** The client credentials of `provider` (one client per social provider). */
  client: (provider: SocialProviderRule.SocialProvider) => { clientId: string; clientSecret: string }
  /** Serves a Node request whose path starts with {@link MOUNT_PATH}. */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>
}

/** What the API tells a dev provider when it creates one: where it runs, its callback. */
export type Options = {
  publicUrl: string
  redirectUri: string
  trustProxy?: boolean
  /** The secret of every client (default: random per process). */
  clientSecret?: string | undefined
}

/** Creates a dev provider for one API (the social routes call it once). */
export type Factory = (options: Options) => DevOidc
