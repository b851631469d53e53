import * as SocialPopup from '@frontdoor/protocol/social-popup'
import type * as Limiter from '@frontdoor/rate-limit/rate-limiter'
import { Errors, SocialProviderRule } from '@frontdoor/schemas'
import type { HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as z from 'zod'
import * as AuthErrors from '../auth/AuthErrors.js'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as HttpErrors from '../http/Errors.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
import * as Projects from '../projects/Projects.js'
import * as Accounts from './Accounts.js'
import * as DevOidc from './DevOidc.js'
import * as DevUser from './DevUser.js'
import * as FarcasterChannels from './FarcasterChannels.js'
import * as FarcasterPage from './FarcasterPage.js'
import * as OAuthClient from './OAuthClient.js'
import type * as OAuthProviders from './OAuthProviders.js'
import * as ResultPage from './ResultPage.js'
import * as SocialLogins from './SocialLogins.js'

/** The social callback path (the redirect URI registered at every provider). */
export const CALLBACK_PATH = '/v1/auth/social/callback'

/** The dev Farcaster approval page of a channel. */
export const FARCASTER_DEV_PATH = '/dev/farcaster'

const Token = z.string().min(1).max(512)
const StartQuery = z.object({
  projectId: z.string().min(1).max(256),
  origin: z.string().max(2048),
  attempt: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/),
  binding: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
})
const RedeemBody = z.object({ code: Token, binding: z.string().regex(/^[A-Za-z0-9_-]{43}$/) })
const ChannelBody = z.object({ projectId: z.string().min(1).max(256) })
const ChannelTokenBody = z.object({ channelToken: Token })
const StatusQuery = z.object({ channelToken: Token })

/**
 * The cookie that binds a login to the browser that started it: set by start (HttpOnly, SameSite=Lax,
 * Secure on https, only for the callback path), needed and cleared by the callback. One per attempt,
 * so logins in two tabs do not clear each other's.
 */
export function browserCookie(attempt: string): string {
  return `fd_social_${attempt}`
}

/** Logins and channels a client address may begin per minute (each stores a row until it expires). */
export const BEGIN_LIMIT: Limiter.Limit = { limit: 60, windowMs: 60_000 }

/** Options of {@link routes}; tests move the clock with `now`. */
export type Options = {
  now?: () => number
  /** Providers with real endpoints (the rest use the dev provider); default `deps.config.oauth`. */
  oauth?: OAuthProviders.Real
  /** The dev provider's client secret (default: random per process). */
  devClientSecret?: string
}

/**
 * How start refuses: for the popup (it asks for HTML) a result page that posts the error to the modal
 * (only when the popup names the modal's origin), for anyone else the API's JSON error.
 */
function startRefusal(c: Context, modalOrigin: string) {
  const origin = c.req.query('origin')
  const targetOrigin = origin === modalOrigin ? origin : undefined
  const attempt = SocialPopup.Attempt.safeParse(c.req.query('attempt')).data
  return (status: ContentfulStatusCode, code: string, message: string) => {
    if (!prefersHtml(c)) throw AuthErrors.fail(status, code, message)
    const rendered = ResultPage.render({
      targetOrigin,
      attempt,
      error: Errors.LOGIN.FAILED_TO_CONNECT,
      detail: message,
    })
    return page(c, rendered, status)
  }
}

/** The login methods a project has turned on (its `social_login` feature, as `/appkit/v1/config` shows it). */
export function enabledSocials(project: Projects.Project): string[] {
  const feature = Projects.remoteFeatures(project).find((f) => f.id === 'social_login')
  if (!feature?.isEnabled) return []
  const list = Array.isArray(feature.config) ? feature.config : project.socialProviders
  return list.filter((item): item is string => typeof item === 'string')
}

function prefersHtml(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes('text/html')
}

function page(
  c: Context,
  rendered: { html: string; headers: Record<string, string> },
  status: ContentfulStatusCode,
) {
  return c.body(rendered.html, status, rendered.headers)
}

/**
 * Social login (OAuth 2.0 code + PKCE in a popup), its redeem route, the Farcaster stand-in and its dev
 * approval page, and the dev OIDC provider at `/oidc` (served only through the Node server: it needs
 * the raw request).
 *
 * @example
 * app.route('/', Social.routes(deps))
 */
export function routes(deps: Deps.Deps, options: Options = {}) {
  const now = options.now ?? Date.now
  const { config, db } = deps
  const apiOrigin = new URL(config.publicUrl).origin
  const redirectUri = `${config.publicUrl}${CALLBACK_PATH}`
  // The dev provider comes from the development module (`@frontdoor/dev`), never from the API itself.
  const devOidc = deps.devOidc?.({
    publicUrl: config.publicUrl,
    redirectUri,
    trustProxy: config.trustProxy > 0,
    clientSecret: options.devClientSecret,
  })
  const oauth = OAuthClient.create()
  const real = options.oauth ?? config.oauth
  const accounts = Accounts.create(deps)
  const secureCookies = new URL(config.publicUrl).protocol === 'https:'

  const endpointsOf = (provider: SocialProviderRule.SocialProvider): OAuthProviders.Endpoints | undefined => {
    const configured = real[provider]
    if (configured) return configured
    if (!config.devLogins || !devOidc) return undefined
    const client = devOidc.client(provider)
    return {
      ...client,
      authorizeUrl: `${devOidc.issuer}${DevOidc.ROUTES.authorization}`,
      tokenUrl: `${devOidc.issuer}${DevOidc.ROUTES.token}`,
      tokenAuth: 'client_secret_basic',
      scope: DevOidc.SCOPE,
      jwksUrl: `${devOidc.issuer}${DevOidc.ROUTES.jwks}`,
      issuer: devOidc.issuer,
      subjectPath: 'sub',
      namePath: 'preferred_username',
      // A test user is picked on every login, never remembered from the last one.
      authorizeParams: { prompt: 'login' },
    }
  }

  /** Logins and channels begun per client address; an attempt refused (4xx) gives its count back. */
  const begins = RateLimiter.budget(deps.limiter, BEGIN_LIMIT, { countFailed: false })
  const beginKey = (c: Context) => `social:begin:${ClientIp.of(c, config)}`

  const requireAuthOrigin = (c: Context) => {
    if (c.req.header('origin') !== config.authOrigin)
      throw AuthErrors.fail(403, 'forbidden_origin', Errors.SERVER.ORIGIN_NOT_ALLOWED)
  }

  const serveOidc = async (c: Context) => {
    if (!config.devLogins || !devOidc) return c.notFound()
    const bindings = c.env as Partial<HttpBindings> | undefined
    if (!bindings?.incoming || !bindings.outgoing)
      throw AuthErrors.fail(501, 'not_served', 'The dev OIDC provider is served only by the Node server')
    await devOidc.handle(bindings.incoming, bindings.outgoing)
    return RESPONSE_ALREADY_SENT
  }

  return new Hono()
    .all(DevOidc.MOUNT_PATH, serveOidc)
    .all(`${DevOidc.MOUNT_PATH}/*`, serveOidc)
    .get(
      '/v1/auth/social/:provider/start',
      begins(beginKey, (c) =>
        startRefusal(c, config.modalOrigin)(429, 'rate_limited', Errors.LOGIN.FAILED_TO_INITIATE_SOCIAL),
      ),
      async (c) => {
        const origin = c.req.query('origin')
        const targetOrigin = origin === config.modalOrigin ? origin : undefined
        const refuse = startRefusal(c, config.modalOrigin)
        if (!targetOrigin) return refuse(403, 'forbidden_origin', Errors.SERVER.ORIGIN_NOT_ALLOWED)
        const provider = SocialProviderRule.SocialProvider.safeParse(c.req.param('provider'))
        if (!provider.success) return refuse(400, 'invalid_provider', Errors.INVALID_SOCIAL_PROVIDER)
        const query = StartQuery.safeParse(c.req.query())
        if (!query.success) {
          const field = query.error.issues[0]?.path.join('.') || 'projectId'
          return refuse(400, 'invalid_request', `Invalid field '${field}'`)
        }
        const project = await deps.projects.get(query.data.projectId)
        if (!project) return refuse(401, 'invalid_project', Errors.SERVER.INVALID_KEY)
        const endpoints = endpointsOf(provider.data)
        if (!endpoints || !enabledSocials(project).includes(provider.data))
          return refuse(400, 'invalid_provider', Errors.INVALID_SOCIAL_PROVIDER)
        const time = now()
        await SocialLogins.sweep(db, time)
        const { browser, ...login } = await SocialLogins.begin(
          db,
          {
            projectId: project.projectId,
            provider: provider.data,
            origin: targetOrigin,
            attempt: query.data.attempt,
            bindingHash: query.data.binding,
          },
          time,
        )
        // The popup is a top-level window of the API's site at start and callback (the provider
        // redirects it back with a GET), so a first-party SameSite=Lax cookie reaches the callback.
        setCookie(c, browserCookie(query.data.attempt), browser, {
          path: CALLBACK_PATH,
          httpOnly: true,
          sameSite: 'Lax',
          secure: secureCookies,
          maxAge: SocialLogins.LOGIN_TTL_S,
        })
        return c.redirect(OAuthClient.authorizeUrl(endpoints, { redirectUri, ...login }), 302)
      },
    )
    .get(CALLBACK_PATH, async (c) => {
      const failed = (status: ContentfulStatusCode, targetOrigin: string | undefined, attempt?: string) =>
        page(c, ResultPage.render({ targetOrigin, attempt, error: Errors.LOGIN.FAILED_TO_CONNECT }), status)
      const state = c.req.query('state')
      // Without a login to read the origin from, the only origin a result may go to is the modal's.
      if (!state || state.length > 512) return failed(400, config.modalOrigin)
      const login = await SocialLogins.take(db, state, now())
      if (!login) return failed(400, config.modalOrigin)
      const targetOrigin = login.origin === config.modalOrigin ? login.origin : undefined
      const attempt = login.attempt ?? undefined
      // Only the browser that started this login may complete it: its cookie, set at start.
      const cookie = attempt ? getCookie(c, browserCookie(attempt)) : undefined
      if (attempt) deleteCookie(c, browserCookie(attempt), { path: CALLBACK_PATH, secure: secureCookies })
      if (!attempt || !login.bindingHash || !cookie || SocialLogins.hash(cookie) !== login.browserHash) {
        deps.logger.warn({ provider: login.provider }, 'social callback not from the browser that started it')
        return failed(400, targetOrigin, attempt)
      }
      const bindingHash = login.bindingHash
      const code = c.req.query('code')
      const provider = SocialProviderRule.SocialProvider.safeParse(login.provider)
      const endpoints = provider.success ? endpointsOf(provider.data) : undefined
      if (!code || c.req.query('error') || !provider.success || !endpoints)
        return failed(400, targetOrigin, attempt)
      // RFC 9207: an authorization response that names its issuer must name this provider's.
      const iss = c.req.query('iss')
      if (iss !== undefined && endpoints.issuer !== undefined && iss !== endpoints.issuer)
        return failed(400, targetOrigin, attempt)
      let identity: OAuthClient.Identity
      try {
        identity = await oauth.complete(endpoints, {
          code,
          verifier: login.verifier,
          nonce: login.nonce,
          redirectUri,
        })
      } catch (error) {
        if (!(error instanceof OAuthClient.OAuthError)) throw error
        deps.logger.warn({ provider: provider.data, reason: error.message }, 'social login failed')
        return failed(400, targetOrigin, attempt)
      }
      const user = await accounts.findOrCreate({
        kind: provider.data,
        subject: identity.subject,
        userName: identity.name,
      })
      const redeem = await SocialLogins.issueCode(
        db,
        { userId: user.id, provider: provider.data, bindingHash },
        now(),
      )
      return page(c, ResultPage.render({ targetOrigin, attempt, result: { code: redeem } }), 200)
    })
    .post('/v1/auth/social/redeem', Validate.json(RedeemBody), async (c) => {
      requireAuthOrigin(c)
      const { code, binding } = c.req.valid('json')
      const grant = await SocialLogins.redeemCode(db, code, binding, now())
      if (!grant) throw AuthErrors.fail(400, 'invalid_code', Errors.LOGIN.FAILED_TO_CONNECT)
      return c.json(await accounts.complete(grant.userId))
    })
    .post(
      '/v1/auth/farcaster/channel',
      begins(beginKey, (_c, retryAfterMs) => {
        throw HttpErrors.rateLimited(retryAfterMs, 'rate_limited', Errors.LOGIN.FAILED_TO_CONNECT_FARCASTER)
      }),
      Validate.json(ChannelBody),
      async (c) => {
        requireAuthOrigin(c)
        const { projectId } = c.req.valid('json')
        const project = await deps.projects.get(projectId)
        if (!project) throw AuthErrors.fail(401, 'invalid_project', Errors.SERVER.INVALID_KEY)
        // Farcaster has only its dev stand-in.
        if (!config.devLogins || !enabledSocials(project).includes('farcaster'))
          throw AuthErrors.fail(400, 'invalid_provider', Errors.INVALID_SOCIAL_PROVIDER)
        const time = now()
        await FarcasterChannels.sweep(db, time)
        const channelToken = await FarcasterChannels.open(db, project.projectId, time)
        return c.json({ channelToken, url: `${config.publicUrl}${FARCASTER_DEV_PATH}/${channelToken}` })
      },
    )
    .get('/v1/auth/farcaster/status', Validate.query(StatusQuery), async (c) => {
      const { channelToken } = c.req.valid('query')
      const channel = await FarcasterChannels.get(db, channelToken, now())
      if (!channel) throw AuthErrors.fail(404, 'invalid_channel', Errors.LOGIN.FAILED_TO_CONNECT_FARCASTER)
      return c.json({ state: channel.state })
    })
    .post('/v1/auth/farcaster/redeem', Validate.json(ChannelTokenBody), async (c) => {
      requireAuthOrigin(c)
      const { channelToken } = c.req.valid('json')
      const time = now()
      const channel = await FarcasterChannels.get(db, channelToken, time)
      const message = Errors.LOGIN.FAILED_TO_CONNECT_FARCASTER
      if (!channel) throw AuthErrors.fail(404, 'invalid_channel', message)
      if (channel.redeemed) throw AuthErrors.fail(410, 'channel_redeemed', message)
      if (channel.state === 'expired') throw AuthErrors.fail(410, 'channel_expired', message)
      if (channel.state === 'pending') throw AuthErrors.fail(409, 'channel_pending', message)
      const redeemed = await FarcasterChannels.redeem(db, channelToken, time)
      if (!redeemed) throw AuthErrors.fail(410, 'channel_redeemed', message)
      return c.json(await accounts.complete(redeemed.userId))
    })
    .get(`${FARCASTER_DEV_PATH}/:channelToken`, async (c) => {
      if (!config.devLogins) return c.notFound()
      const token = c.req.param('channelToken')
      const channel = await FarcasterChannels.get(db, token, now())
      const action = `${FARCASTER_DEV_PATH}/${encodeURIComponent(token)}`
      if (!channel) return page(c, FarcasterPage.render(action, { kind: 'closed', state: 'unknown' }), 404)
      if (channel.state !== 'pending')
        return page(c, FarcasterPage.render(action, { kind: 'closed', state: channel.state }), 410)
      return page(c, FarcasterPage.render(action, { kind: 'form' }), 200)
    })
    .post(`${FARCASTER_DEV_PATH}/:channelToken`, async (c) => {
      // The approval form posts from its own page: refuse any other origin (no cross-site approvals).
      if (c.req.header('origin') !== apiOrigin)
        throw AuthErrors.fail(403, 'forbidden_origin', Errors.SERVER.ORIGIN_NOT_ALLOWED)
      if (!config.devLogins) return c.notFound()
      const token = c.req.param('channelToken')
      const action = `${FARCASTER_DEV_PATH}/${encodeURIComponent(token)}`
      const channel = await FarcasterChannels.get(db, token, now())
      if (!channel) return page(c, FarcasterPage.render(action, { kind: 'closed', state: 'unknown' }), 404)
      if (channel.state !== 'pending')
        return page(c, FarcasterPage.render(action, { kind: 'closed', state: channel.state }), 410)
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
      const typed = form[FarcasterPage.USERNAME_FIELD]
      const username = DevUser.parseUsername(typed)
      if (!username) {
        const value = typeof typed === 'string' ? typed : ''
        return page(
          c,
          FarcasterPage.render(action, { kind: 'form', error: DevUser.INVALID_USERNAME, value }),
          400,
        )
      }
      const user = await accounts.findOrCreate({
        kind: 'farcaster',
        subject: DevUser.fidOf(username),
        userName: username,
      })
      const done = await FarcasterChannels.complete(db, token, { userId: user.id, userName: username }, now())
      if (!done) return page(c, FarcasterPage.render(action, { kind: 'closed', state: 'expired' }), 410)
      return page(c, FarcasterPage.render(action, { kind: 'approved', userName: username }), 200)
    })
}
