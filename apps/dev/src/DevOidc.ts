import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import * as Api from '@frontdoor/api/social/DevOidc'
import * as DevUser from '@frontdoor/api/social/DevUser'
import * as Html from '@frontdoor/api/social/Html'
import { SocialProviderRule } from '@frontdoor/schemas'
import type { Configuration, KoaContextWithOIDC, Provider } from 'oidc-provider'
import * as OidcStore from './OidcStore.js'

/**
 * The development OpenID Connect provider that plays all six social providers: a real `oidc-provider`
 * (authorization code flow, PKCE S256 required, signed id_tokens, JWKS, userinfo) mounted on the API at
 * `/oidc` (`Api.MOUNT_PATH`), with one confidential client per social provider and a test-user sign-in page (any username;
 * consent is granted without asking). Its keys, client secret and state live in this process.
 */

const { MOUNT_PATH, ROUTES, SCOPE } = Api

/** Names shown on the sign-in page. */
const LABELS: Record<SocialProviderRule.SocialProvider, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}

/** Lifetimes of the provider's artifacts, in seconds. */
const TTL_S = {
  AccessToken: 600,
  AuthorizationCode: 60,
  IdToken: 600,
  Interaction: 600,
  Session: 3600,
  Grant: 3600,
} as const

const USERNAME_FIELD = 'username'
const MAX_FORM_BYTES = 4096

/** The client id of the dev provider's client for a social provider. */
export function clientIdOf(provider: SocialProviderRule.SocialProvider): string {
  return `dev-${provider}`
}

function providerOfClient(clientId: unknown): SocialProviderRule.SocialProvider | undefined {
  if (typeof clientId !== 'string' || !clientId.startsWith('dev-')) return undefined
  const provider = clientId.slice('dev-'.length)
  return SocialProviderRule.isSocialProvider(provider) ? provider : undefined
}

/**
 * Creates the dev provider for an API at `publicUrl`; `redirectUri` is the API's social callback.
 * `oidc-provider` is loaded on the first request, so an API that never serves it never loads it.
 *
 * @example
 * const oidc = DevOidc.create({ publicUrl: 'http://127.0.0.1:4000', redirectUri: 'http://127.0.0.1:4000/v1/auth/social/callback' })
 */
export const create: Api.Factory = (options) => {
  const issuer = `${options.publicUrl.replace(/\/$/, '')}${MOUNT_PATH}`
  const clientSecret = options.clientSecret ?? randomBytes(32).toString('base64url')
  let handler: Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> | undefined

  const build = async () => {
    const { default: ProviderClass } = await import('oidc-provider')
    // The usernames behind the subjects signed in here, for the profile claims.
    const usernames = new Map<string, string>()
    const provider = new ProviderClass(
      issuer,
      configuration({ issuer, clientSecret, redirectUri: options.redirectUri, usernames }),
    )
    provider.proxy = options.trustProxy ?? false
    provider.use(interactions(provider, issuer, usernames))
    const callback = provider.callback()
    return async (req: IncomingMessage, res: ServerResponse) => {
      await callback(req, res)
    }
  }

  return {
    issuer,
    client: (provider) => ({ clientId: clientIdOf(provider), clientSecret }),
    handle: async (req, res) => {
      if (!handler) {
        handler = build()
        handler.catch(() => {
          handler = undefined
        })
      }
      const serve = await handler
      const url = req.url ?? '/'
      // oidc-provider finds its mount path as the part of originalUrl before url.
      Object.assign(req, { originalUrl: url })
      req.url = url.slice(MOUNT_PATH.length) || '/'
      await serve(req, res)
    },
  }
}

function configuration(options: {
  issuer: string
  clientSecret: string
  redirectUri: string
  usernames: Map<string, string>
}): Configuration {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    alg: 'ES256',
    use: 'sig',
  }
  return {
    adapter: OidcStore.create(),
    clients: SocialProviderRule.SOCIAL_PROVIDERS.map((provider) => ({
      client_id: clientIdOf(provider),
      client_secret: options.clientSecret,
      client_name: LABELS[provider],
      redirect_uris: [options.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'profile'],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    // The profile claims go in the id_token too, as Google's do.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    routes: {
      authorization: ROUTES.authorization,
      token: ROUTES.token,
      jwks: ROUTES.jwks,
      userinfo: ROUTES.userinfo,
    },
    ttl: { ...TTL_S },
    clientBasedCORS: () => false,
    interactions: { url: (_ctx, interaction) => `${options.issuer}${ROUTES.interaction}/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const username = options.usernames.get(sub)
      return {
        accountId: sub,
        claims: () => ({ sub, ...(username ? { name: username, preferred_username: username } : {}) }),
      }
    },
    // Dev consent: every client of this provider is first-party, so its scopes are granted without a prompt.
    loadExistingGrant: async (ctx) => {
      const { client, session, provider } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      const existing = grantId ? await provider.Grant.find(grantId) : undefined
      if (existing) return existing
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope(SCOPE)
      await grant.save()
      return grant
    },
    renderError: (ctx, out) => {
      const { html, headers } = Html.render({
        title: 'Sign-in error',
        body: `<h1>Sign-in error</h1><p class="error" role="alert">${Html.text(String(out.error_description ?? out.error))}</p>`,
      })
      ctx.set(headers)
      ctx.body = html
    },
  }
}

/** Koa middleware for the sign-in page: `GET /interaction/:uid`, `POST .../login`, `POST .../abort`. */
function interactions(provider: Provider, issuer: string, usernames: Map<string, string>) {
  const path = new RegExp(`^${ROUTES.interaction}/([A-Za-z0-9_-]+)(/login|/abort)?$`)
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    const match = path.exec(ctx.path)
    if (!match) return next()
    const [, uid, action] = match
    const details = await provider.interactionDetails(ctx.req, ctx.res).catch(() => undefined)
    if (!details || details.uid !== uid) {
      ctx.status = 400
      return respond(ctx, expired())
    }
    const client = providerOfClient(details.params.client_id)
    if (ctx.method === 'GET' && !action) return respond(ctx, page({ issuer, uid, client }))
    if (ctx.method !== 'POST') {
      ctx.status = 405
      return
    }
    if (action === '/abort') {
      const to = await provider.interactionResult(ctx.req, ctx.res, {
        error: 'access_denied',
        error_description: 'The user cancelled the sign-in',
      })
      ctx.redirect(to)
      ctx.status = 303
      return
    }
    const form = await readForm(ctx.req)
    const username = DevUser.parseUsername(form?.get(USERNAME_FIELD))
    if (!username) {
      ctx.status = 400
      return respond(
        ctx,
        page({
          issuer,
          uid,
          client,
          error: DevUser.INVALID_USERNAME,
          value: form?.get(USERNAME_FIELD) ?? '',
        }),
      )
    }
    const accountId = DevUser.subjectOf(username)
    usernames.set(accountId, username)
    const to = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    )
    ctx.redirect(to)
    ctx.status = 303
  }
}

function respond(ctx: KoaContextWithOIDC, rendered: { html: string; headers: Record<string, string> }) {
  ctx.set(rendered.headers)
  ctx.body = rendered.html
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
    return undefined
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_FORM_BYTES) return undefined
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/** The page of a sign-in that is over (expired, finished, or not this browser's). */
function expired() {
  const message = 'This sign-in has expired. Close this window and start again.'
  return Html.render({
    title: 'Sign-in expired',
    body: `<h1>Sign-in expired</h1><p class="error" role="alert">${Html.text(message)}</p>`,
  })
}

/** The test-user sign-in page. */
function page(options: {
  issuer: string
  uid: string
  client: SocialProviderRule.SocialProvider | undefined
  error?: string
  value?: string
}) {
  const name = options.client ? LABELS[options.client] : 'the app'
  const action = `${new URL(options.issuer).pathname}${ROUTES.interaction}/${encodeURIComponent(options.uid)}`
  const error = options.error
    ? `<p id="username-error" class="error" role="alert">${Html.text(options.error)}</p>`
    : ''
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="username-error"' : ''
  return Html.render({
    title: `Sign in with ${name} (dev)`,
    body: `<h1>Sign in with ${Html.text(name)}</h1>
<p>Development sign-in: any username is a test user, and the same username is the same account.</p>
<form method="post" action="${Html.text(`${action}/login`)}">
<label for="username">Username</label>
<input id="username" name="${USERNAME_FIELD}" autocomplete="username" autocapitalize="none" spellcheck="false" maxlength="${DevUser.USERNAME_MAX_LENGTH}" required autofocus value="${Html.text(options.value ?? '')}"${invalid}>
${error}
<button type="submit">Sign in</button>
</form>
<form method="post" action="${Html.text(`${action}/abort`)}">
<button type="submit" class="secondary">Cancel</button>
</form>`,
  })
}
