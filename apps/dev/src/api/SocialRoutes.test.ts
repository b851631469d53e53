import { runInNewContext } from 'node:vm'
import * as Projects from '@frontdoor/api/projects/Projects'
import * as OAuthProviders from '@frontdoor/api/social/OAuthProviders'
import * as Routes from '@frontdoor/api/social/routes'
import * as SocialLogins from '@frontdoor/api/social/SocialLogins'
import * as SocialPopup from '@frontdoor/protocol/social-popup'
import { Errors } from '@frontdoor/schemas'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import * as TestServer from './TestServer.js'

// Everything here is real: PGlite, the API on a Node server on a free port, oidc-provider behind it,
// the code exchange and the JWKS fetch over HTTP. Only the browser is a cookie-keeping fetch.

// Each popup is a handful of HTTP round trips through oidc-provider; a loaded machine needs the room.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

type Server = Awaited<ReturnType<typeof TestServer.start>>
type Fetch = ReturnType<typeof TestServer.browser>

let api: Server
beforeAll(async () => {
  api = await TestServer.start()
})
afterAll(() => api.close())

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
})

/** A modal's attempt: its id and the secret binding it keeps (the start URL carries the hash). */
type Attempt = { attempt: string; binding: string }
const newAttempt = (): Attempt => SocialPopup.attempt()

function startUrl(
  server: Server,
  provider: string,
  query: Record<string, string> = {},
  attempt: Attempt = newAttempt(),
) {
  const params = new URLSearchParams({
    projectId: 'demo',
    origin: server.config.modalOrigin,
    attempt: attempt.attempt,
    binding: SocialLogins.bindingHash(attempt.binding),
    ...query,
  })
  return `${server.url}/v1/auth/social/${provider}/start?${params}`
}

function location(response: Response, base: string): string {
  const to = response.headers.get('location')
  expect(to, `redirect from ${response.url} (status ${response.status})`).toBeTruthy()
  return new URL(to as string, base).href
}

/** Follows the popup from start to the provider's sign-in page; returns the page's form actions. */
async function toSignInPage(server: Server, get: Fetch, provider: string, attempt = newAttempt()) {
  const start = await get(startUrl(server, provider, {}, attempt))
  expect(start.status).toBe(302)
  const authorize = await get(location(start, server.url))
  expect(authorize.status).toBe(303)
  const page = await get(location(authorize, server.url))
  expect(page.status).toBe(200)
  const html = await page.text()
  const actions = [...html.matchAll(/action="([^"]+)"/g)].map(
    (match) => new URL(match[1] ?? '', server.url).href,
  )
  return { start, html, actions, attempt }
}

/** The provider's redirect back to the callback after signing in as `username` (not followed). */
async function toCallback(server: Server, get: Fetch, provider: string, username: string) {
  const { actions, attempt } = await toSignInPage(server, get, provider)
  const login = actions.find((action) => action.endsWith('/login')) as string
  const submitted = await get(login, form({ username }))
  expect(submitted.status).toBe(303)
  const resumed = await get(location(submitted, server.url))
  expect(resumed.status).toBe(303)
  const callbackUrl = location(resumed, server.url)
  expect(new URL(callbackUrl).pathname).toBe('/v1/auth/social/callback')
  return { callbackUrl, attempt }
}

/** The whole popup: start -> provider -> sign in as `username` -> callback page. */
async function popup(server: Server, provider: string, username: string, get: Fetch = TestServer.browser()) {
  const { callbackUrl, attempt } = await toCallback(server, get, provider, username)
  const callback = await get(callbackUrl)
  return { callbackUrl, callback, html: await callback.text(), ...attempt }
}

/** Runs the page's inline script against a fake opener and returns what it posted, and to whom. */
function runPage(html: string) {
  const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)?.[1]
  const posted: { message: SocialPopup.Message; target: string }[] = []
  let closed = false
  if (script)
    runInNewContext(script, {
      window: {
        opener: {
          postMessage: (message: SocialPopup.Message, target: string) => posted.push({ message, target }),
        },
        close: () => {
          closed = true
        },
      },
    })
  return { posted, closed }
}

/** The redeem code the popup posted, with the binding its attempt kept. */
function codeOf(popup: { html: string; binding: string }): { code: string; binding?: string } {
  const [post] = runPage(popup.html).posted
  if (!post || !('result' in post.message)) throw new Error(`no code posted: ${popup.html}`)
  return { code: post.message.result.code, binding: popup.binding }
}

async function redeem(
  server: Server,
  grant: { code: string; binding?: string | undefined },
  origin = server.config.authOrigin,
) {
  const response = await fetch(`${server.url}/v1/auth/social/redeem`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify(grant),
  })
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  return { status: response.status, body: (await response.json()) as any }
}

describe('social login with the dev OIDC provider', () => {
  test('start -> sign in -> callback posts a redeem code to the modal only -> redeem gives a session', async () => {
    const get = TestServer.browser()
    const { start, html: signIn } = await toSignInPage(api, get, 'google')
    const authorize = new URL(start.headers.get('location') as string)
    expect(authorize.origin + authorize.pathname).toBe(`${api.url}/oidc/auth`)
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'dev-google',
      redirect_uri: `${api.url}/v1/auth/social/callback`,
      code_challenge_method: 'S256',
      scope: 'openid profile',
    })
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(authorize.searchParams.get(name)).toMatch(/^[\w-]{43}$/)
    expect(signIn).toContain('<label for="username">Username</label>')
    expect(signIn).toContain('<input id="username" name="username"')
    expect(signIn).toContain('<button type="submit">Sign in</button>')
    expect(signIn).toContain('Sign in with Google')

    const alice = await popup(api, 'google', 'Alice', TestServer.browser())
    const { callback, html } = alice
    expect(callback.status).toBe(200)
    expect(callback.headers.get('content-security-policy')).toContain("script-src 'nonce-")
    expect(html).not.toContain("'*'")
    const { posted, closed } = runPage(html)
    expect(posted).toHaveLength(1)
    expect(posted[0]?.target).toBe('http://127.0.0.1:5180')
    expect(posted[0]?.message).toEqual({
      type: 'frontdoor:social',
      attempt: alice.attempt,
      result: { code: expect.any(String) },
    })
    expect(closed).toBe(true)

    const { status, body } = await redeem(api, codeOf(alice))
    expect(status).toBe(200)
    expect(body.token).toEqual(expect.any(String))
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now())
    expect(body.user).toMatchObject({
      id: expect.any(String),
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      // The smart account (the EVM default) is the address; the EOA that owns it is listed first.
      accounts: [
        { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), type: 'eoa' },
        { address: body.user.address, type: 'smartAccount' },
      ],
      socialProvider: 'google',
      userName: 'alice',
    })
  })

  test('the same username signs in to the same user; another username or provider is another user', async () => {
    const session = async (provider: string, username: string) =>
      (await redeem(api, codeOf(await popup(api, provider, username)))).body
    const first = await session('github', 'bob')
    const again = await session('github', 'BOB ')
    const other = await session('github', 'carol')
    const elsewhere = await session('discord', 'bob')
    expect(again.user.id).toBe(first.user.id)
    expect(again.user.address).toBe(first.user.address)
    expect(again.token).not.toBe(first.token)
    expect(other.user.id).not.toBe(first.user.id)
    expect(elsewhere.user.id).not.toBe(first.user.id)
    expect(elsewhere.user.socialProvider).toBe('discord')
  })

  test('a redeem code works once', async () => {
    const code = codeOf(await popup(api, 'x', 'dave'))
    expect((await redeem(api, code)).status).toBe(200)
    expect(await redeem(api, code)).toEqual({
      status: 400,
      body: { error: { code: 'invalid_code', message: Errors.LOGIN.FAILED_TO_CONNECT } },
    })
    expect((await redeem(api, { ...code, code: 'not-a-code' })).status).toBe(400)
  })

  test('redeem answers only the auth frame origin', async () => {
    const code = codeOf(await popup(api, 'apple', 'erin'))
    const refused = await redeem(api, code, api.config.modalOrigin)
    expect(refused).toEqual({
      status: 403,
      body: { error: { code: 'forbidden_origin', message: Errors.SERVER.ORIGIN_NOT_ALLOWED } },
    })
    expect((await redeem(api, code)).status).toBe(200)
  })

  test('start needs an attempt id and the hash of its binding, and sets the callback-only browser cookie', async () => {
    const attempt = newAttempt()
    for (const query of [
      { attempt: '' },
      { attempt: 'short' },
      { binding: '' },
      { binding: attempt.binding.slice(1) },
    ]) {
      const response = await fetch(startUrl(api, 'google', query, attempt), { redirect: 'manual' })
      expect(response.status, JSON.stringify(query)).toBe(400)
      expect(response.headers.getSetCookie()).toEqual([])
    }
    const start = await fetch(startUrl(api, 'google', {}, attempt), { redirect: 'manual' })
    expect(start.status).toBe(302)
    const [cookie, ...more] = start.headers.getSetCookie()
    expect(more).toEqual([])
    expect(cookie).toMatch(new RegExp(`^${Routes.browserCookie(attempt.attempt)}=[\\w-]{43};`))
    expect(cookie).toContain('Max-Age=600')
    expect(cookie).toContain('Path=/v1/auth/social/callback')
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    // http in tests; Secure when the public URL is https.
    expect(cookie).not.toContain('Secure')
  })

  test('a wrong or replayed state, a forged code and a cancelled sign-in all post Failed to connect', async () => {
    // Errors of a known login name its attempt; the rest of the message is the same.
    const failed = (html: string) =>
      runPage(html).posted.map(({ message: { attempt: _, ...message }, target }) => ({ message, target }))
    const expected = [
      {
        message: { type: 'frontdoor:social', error: Errors.LOGIN.FAILED_TO_CONNECT },
        target: 'http://127.0.0.1:5180',
      },
    ]

    const { callbackUrl, html } = await popup(api, 'facebook', 'frank')
    expect(failed(html)[0]?.message).toHaveProperty('result')
    const replayed = await fetch(callbackUrl)
    expect(replayed.status).toBe(400)
    expect(failed(await replayed.text())).toEqual(expected)

    const wrongState = new URL(callbackUrl)
    wrongState.searchParams.set('state', 'x'.repeat(43))
    const wrong = await fetch(wrongState)
    expect(wrong.status).toBe(400)
    expect(failed(await wrong.text())).toEqual(expected)

    // A response naming another issuer (a mix-up attack) is refused before any code exchange.
    const mixUp = TestServer.browser()
    const { actions: mixUpActions } = await toSignInPage(api, mixUp, 'google')
    const submitted = await mixUp(
      mixUpActions.find((action) => action.endsWith('/login')) as string,
      form({ username: 'frank' }),
    )
    const mixUpCallback = new URL(location(await mixUp(location(submitted, api.url)), api.url))
    expect(mixUpCallback.searchParams.get('iss')).toBe(`${api.url}/oidc`)
    mixUpCallback.searchParams.set('iss', 'https://evil.example')
    const mixedUp = await mixUp(mixUpCallback.href)
    expect(mixedUp.status).toBe(400)
    expect(failed(await mixedUp.text())).toEqual(expected)

    const noState = await fetch(`${api.url}/v1/auth/social/callback?code=abc`)
    expect(failed(await noState.text())).toEqual(expected)

    // A valid state with a code the provider never issued: the token exchange fails.
    const get = TestServer.browser()
    const start = await get(startUrl(api, 'google'))
    const state = new URL(location(start, api.url)).searchParams.get('state') as string
    const forged = await get(
      `${api.url}/v1/auth/social/callback?${new URLSearchParams({ code: 'forged', state })}`,
    )
    expect(forged.status).toBe(400)
    expect(failed(await forged.text())).toEqual(expected)

    const cancelling = TestServer.browser()
    const { actions } = await toSignInPage(api, cancelling, 'google')
    const abort = await cancelling(actions.find((action) => action.endsWith('/abort')) as string, form({}))
    const resumed = await cancelling(location(abort, api.url))
    const callback = new URL(location(resumed, api.url))
    expect(callback.searchParams.get('error')).toBe('access_denied')
    const cancelled = await cancelling(callback.href)
    expect(cancelled.status).toBe(400)
    expect(failed(await cancelled.text())).toEqual(expected)
  })

  test('an invalid username is refused on the sign-in page with a labelled error', async () => {
    const get = TestServer.browser()
    const { actions } = await toSignInPage(api, get, 'google')
    const response = await get(
      actions.find((action) => action.endsWith('/login')) as string,
      form({ username: '<b>' }),
    )
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('aria-invalid="true" aria-describedby="username-error"')
    expect(html).toContain('id="username-error" class="error" role="alert"')
    expect(html).toContain('value="&lt;b&gt;"')
  })

  test('a bad provider, a project without it and an unknown project are refused at start', async () => {
    const json = async (url: string) => {
      const response = await fetch(url)
      return { status: response.status, body: await response.json() }
    }
    expect(await json(startUrl(api, 'myspace'))).toEqual({
      status: 400,
      body: { error: { code: 'invalid_provider', message: Errors.INVALID_SOCIAL_PROVIDER } },
    })
    expect(await json(startUrl(api, 'farcaster'))).toMatchObject({ status: 400 })
    expect(await json(startUrl(api, 'google', { projectId: 'nope' }))).toEqual({
      status: 401,
      body: { error: { code: 'invalid_project', message: Errors.SERVER.INVALID_KEY } },
    })
    await Projects.create(api.deps.db.orm, {
      projectId: 'github-only',
      name: 'G',
      socialProviders: ['github'],
    })
    expect((await json(startUrl(api, 'google', { projectId: 'github-only' }))).status).toBe(400)
    expect(
      (await fetch(startUrl(api, 'github', { projectId: 'github-only' }), { redirect: 'manual' })).status,
    ).toBe(302)

    // A popup (a page asking for HTML) shows the message and tells the modal.
    const attempt = newAttempt()
    const page = await fetch(startUrl(api, 'myspace', {}, attempt), { headers: { accept: 'text/html' } })
    expect(page.status).toBe(400)
    const html = await page.text()
    expect(html).toContain(Errors.INVALID_SOCIAL_PROVIDER)
    expect(runPage(html).posted).toEqual([
      {
        message: {
          type: 'frontdoor:social',
          attempt: attempt.attempt,
          error: Errors.LOGIN.FAILED_TO_CONNECT,
        },
        target: 'http://127.0.0.1:5180',
      },
    ])
  })

  test('an origin other than the modal is refused, and nothing is posted anywhere', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.2:5181', '*', 'http://127.0.0.1:5180/']) {
      const response = await fetch(startUrl(api, 'google', { origin }), { headers: { accept: 'text/html' } })
      expect(response.status).toBe(403)
      const html = await response.text()
      expect(html).toContain(Errors.SERVER.ORIGIN_NOT_ALLOWED)
      expect(html).not.toContain('<script')
    }
    const json = await fetch(startUrl(api, 'google', { origin: 'https://evil.example' }))
    expect(await json.json()).toEqual({
      error: { code: 'forbidden_origin', message: Errors.SERVER.ORIGIN_NOT_ALLOWED },
    })
  })

  test('the dev provider publishes its discovery document: code flow, S256 only, ES256 id_tokens', async () => {
    const response = await fetch(`${api.url}/oidc/.well-known/openid-configuration`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      issuer: `${api.url}/oidc`,
      authorization_endpoint: `${api.url}/oidc/auth`,
      token_endpoint: `${api.url}/oidc/token`,
      jwks_uri: `${api.url}/oidc/jwks`,
      userinfo_endpoint: `${api.url}/oidc/me`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: expect.arrayContaining(['ES256']),
    })
  })

  test('a client beginning too many logins is slowed down', async () => {
    const headers = { accept: 'text/html', 'x-forwarded-for': '203.0.113.7' }
    const statuses: number[] = []
    for (let i = 0; i < Routes.BEGIN_LIMIT.limit; i++)
      statuses.push((await fetch(startUrl(api, 'google'), { headers, redirect: 'manual' })).status)
    expect(statuses.every((status) => status === 302)).toBe(true)
    const limited = await fetch(startUrl(api, 'google'), { headers, redirect: 'manual' })
    expect(limited.status).toBe(429)
    const html = await limited.text()
    expect(html).toContain(Errors.LOGIN.FAILED_TO_INITIATE_SOCIAL)
    expect(runPage(html).posted[0]?.message).toEqual({
      type: 'frontdoor:social',
      attempt: expect.any(String),
      error: Errors.LOGIN.FAILED_TO_CONNECT,
    })
  })

  test('the dev provider requires PKCE', async () => {
    const start = await fetch(startUrl(api, 'google'), { redirect: 'manual' })
    const authorize = new URL(location(start, api.url))
    authorize.searchParams.delete('code_challenge')
    authorize.searchParams.delete('code_challenge_method')
    const response = await fetch(authorize, { redirect: 'manual' })
    const callback = new URL(location(response, api.url))
    expect(callback.searchParams.get('error')).toBe('invalid_request')
    expect(callback.searchParams.get('error_description')).toMatch(/PKCE/)
  })
})

async function post(server: Server, path: string, body: unknown, origin = server.config.authOrigin) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  return { status: response.status, body: (await response.json()) as any }
}

async function status(server: Server, channelToken: string) {
  const response = await fetch(
    `${server.url}/v1/auth/farcaster/status?${new URLSearchParams({ channelToken })}`,
  )
  return { status: response.status, body: await response.json() }
}

/** Approves a channel on its dev page as `username`, as the person with the Farcaster app would. */
async function approve(server: Server, url: string, username: string) {
  const page = await fetch(url)
  const html = await page.text()
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1]
  const response = await fetch(new URL(action ?? url, server.url), {
    ...form({ username }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
  })
  return { page, html, response, result: await response.text() }
}

describe('the Farcaster stand-in', () => {
  test('channel -> dev approval page -> status completed -> redeem once', async () => {
    const opened = await post(api, '/v1/auth/farcaster/channel', { projectId: 'demo' })
    expect(opened.status).toBe(200)
    const { channelToken, url } = opened.body
    expect(url).toBe(`${api.url}/dev/farcaster/${channelToken}`)
    expect(await status(api, channelToken)).toEqual({ status: 200, body: { state: 'pending' } })
    expect((await post(api, '/v1/auth/farcaster/redeem', { channelToken })).body.error.code).toBe(
      'channel_pending',
    )

    const { page, html, response, result } = await approve(api, url, 'kate')
    expect(page.status).toBe(200)
    expect(html).toContain('<label for="username">Username</label>')
    expect(html).toContain('<button type="submit">Approve</button>')
    expect(response.status).toBe(200)
    expect(result).toContain('Signed in to Farcaster as kate')
    expect(await status(api, channelToken)).toEqual({ status: 200, body: { state: 'completed' } })

    const redeemed = await post(api, '/v1/auth/farcaster/redeem', { channelToken })
    expect(redeemed.status).toBe(200)
    expect(redeemed.body).toMatchObject({
      token: expect.any(String),
      user: { socialProvider: 'farcaster', userName: 'kate', address: expect.stringMatching(/^0x/) },
    })
    expect(await post(api, '/v1/auth/farcaster/redeem', { channelToken })).toEqual({
      status: 410,
      body: { error: { code: 'channel_redeemed', message: Errors.LOGIN.FAILED_TO_CONNECT_FARCASTER } },
    })
    // The page cannot approve a channel twice.
    expect((await approve(api, url, 'mallory')).page.status).toBe(410)

    // The same username is the same Farcaster account.
    const second = (await post(api, '/v1/auth/farcaster/channel', { projectId: 'demo' })).body
    await approve(api, second.url, 'KATE')
    const again = await post(api, '/v1/auth/farcaster/redeem', { channelToken: second.channelToken })
    expect(again.body.user.id).toBe(redeemed.body.user.id)
  })

  test('origins, projects, unknown channels and bad usernames are refused', async () => {
    expect(
      await post(api, '/v1/auth/farcaster/channel', { projectId: 'demo' }, api.config.modalOrigin),
    ).toEqual({
      status: 403,
      body: { error: { code: 'forbidden_origin', message: Errors.SERVER.ORIGIN_NOT_ALLOWED } },
    })
    expect((await post(api, '/v1/auth/farcaster/channel', { projectId: 'nope' })).status).toBe(401)
    expect((await post(api, '/v1/auth/farcaster/channel', {})).body.error.code).toBe('invalid_request')
    await Projects.create(api.deps.db.orm, {
      projectId: 'no-farcaster',
      name: 'N',
      socialProviders: ['google'],
    })
    expect((await post(api, '/v1/auth/farcaster/channel', { projectId: 'no-farcaster' })).status).toBe(400)
    expect((await status(api, 'unknown')).status).toBe(404)
    expect((await post(api, '/v1/auth/farcaster/redeem', { channelToken: 'unknown' })).status).toBe(404)

    const { channelToken, url } = (await post(api, '/v1/auth/farcaster/channel', { projectId: 'demo' })).body
    expect(
      (await post(api, '/v1/auth/farcaster/redeem', { channelToken }, api.config.modalOrigin)).status,
    ).toBe(403)
    const bad = await approve(api, url, 'no spaces')
    expect(bad.response.status).toBe(400)
    expect(bad.result).toContain('aria-invalid="true"')
    // A cross-site form post cannot approve a channel.
    const forged = await fetch(url, {
      ...form({ username: 'mallory' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    })
    expect(forged.status).toBe(403)
    expect(await status(api, channelToken)).toEqual({ status: 200, body: { state: 'pending' } })
    expect((await fetch(`${api.url}/dev/farcaster/unknown`)).status).toBe(404)
  })
})

describe('with a moving clock', () => {
  let clock = Date.now()
  let server: Server
  beforeAll(async () => {
    server = await TestServer.start({ now: () => clock })
  })
  afterAll(() => server.close())

  test('a Farcaster channel expires after 5 minutes', async () => {
    const open = async () => (await post(server, '/v1/auth/farcaster/channel', { projectId: 'demo' })).body
    const idle = await open()
    const late = await open()
    const approved = await open()
    await approve(server, approved.url, 'liam')
    clock += 5 * 60_000
    expect((await status(server, idle.channelToken)).body).toEqual({ state: 'expired' })
    expect((await fetch(idle.url)).status).toBe(410)
    expect((await approve(server, late.url, 'liam')).page.status).toBe(410)
    expect(
      (await post(server, '/v1/auth/farcaster/redeem', { channelToken: late.channelToken })).body,
    ).toEqual({
      error: { code: 'channel_expired', message: Errors.LOGIN.FAILED_TO_CONNECT_FARCASTER },
    })
    expect(
      (await post(server, '/v1/auth/farcaster/redeem', { channelToken: approved.channelToken })).status,
    ).toBe(410)
    const fresh = await open()
    await approve(server, fresh.url, 'liam')
    clock += 4 * 60_000
    expect(
      (await post(server, '/v1/auth/farcaster/redeem', { channelToken: fresh.channelToken })).status,
    ).toBe(200)
  })

  test('a redeem code expires after 60 s', async () => {
    const code = codeOf(await popup(server, 'google', 'gina'))
    clock += 60_000
    expect((await redeem(server, code)).status).toBe(400)
    const fresh = codeOf(await popup(server, 'google', 'gina'))
    clock += 59_000
    expect((await redeem(server, fresh)).status).toBe(200)
  })
})

describe('providers configured with real endpoints (OAUTH_<PROVIDER>_*)', () => {
  const secret = 'test-client-secret'
  let server: Server
  beforeAll(async () => {
    // Point google (OpenID Connect: id_token + JWKS) and github (OAuth 2.0: userinfo) at the server's own
    // dev provider, the way an operator points them at the real ones.
    server = await TestServer.start({
      devClientSecret: secret,
      oauth: (url) =>
        OAuthProviders.fromEnv({
          OAUTH_GOOGLE_CLIENT_ID: 'dev-google',
          OAUTH_GOOGLE_CLIENT_SECRET: secret,
          OAUTH_GOOGLE_AUTHORIZE_URL: `${url}/oidc/auth`,
          OAUTH_GOOGLE_TOKEN_URL: `${url}/oidc/token`,
          OAUTH_GOOGLE_JWKS_URL: `${url}/oidc/jwks`,
          OAUTH_GOOGLE_ISSUER: `${url}/oidc`,
          OAUTH_GITHUB_CLIENT_ID: 'dev-github',
          OAUTH_GITHUB_CLIENT_SECRET: secret,
          OAUTH_GITHUB_AUTHORIZE_URL: `${url}/oidc/auth`,
          OAUTH_GITHUB_TOKEN_URL: `${url}/oidc/token`,
          OAUTH_GITHUB_TOKEN_AUTH: 'client_secret_basic',
          OAUTH_GITHUB_USERINFO_URL: `${url}/oidc/me`,
          OAUTH_GITHUB_SUBJECT_PATH: 'sub',
          OAUTH_GITHUB_SCOPE: 'openid profile',
          // Apple's real issuer: the dev provider's id_tokens must not pass for Apple's.
          OAUTH_APPLE_CLIENT_ID: 'dev-apple',
          OAUTH_APPLE_CLIENT_SECRET: secret,
          OAUTH_APPLE_AUTHORIZE_URL: `${url}/oidc/auth`,
          OAUTH_APPLE_TOKEN_URL: `${url}/oidc/token`,
          OAUTH_APPLE_JWKS_URL: `${url}/oidc/jwks`,
          OAUTH_APPLE_TOKEN_AUTH: 'client_secret_basic',
          OAUTH_APPLE_SCOPE: 'openid',
        }),
    })
  })
  afterAll(() => server.close())

  test('an OpenID Connect provider: the id_token is verified against its JWKS', async () => {
    const hana = await popup(server, 'google', 'hana')
    expect(hana.callback.status).toBe(200)
    expect((await redeem(server, codeOf(hana))).body.user).toMatchObject({ socialProvider: 'google' })
  })

  test('a plain OAuth 2.0 provider: the subject comes from userinfo', async () => {
    const first = await redeem(server, codeOf(await popup(server, 'github', 'ivan')))
    const again = await redeem(server, codeOf(await popup(server, 'github', 'ivan')))
    expect(first.body.user.socialProvider).toBe('github')
    expect(again.body.user.id).toBe(first.body.user.id)
  })

  test('an id_token from another issuer is refused', async () => {
    const { callback, html, attempt } = await popup(server, 'apple', 'jack')
    expect(callback.status).toBe(400)
    expect(runPage(html).posted[0]?.message).toEqual({
      type: 'frontdoor:social',
      attempt,
      error: Errors.LOGIN.FAILED_TO_CONNECT,
    })
  })
})

describe('the flow is bound to the browser and the frame that started it (login CSRF)', () => {
  const noCode = (html: string) => runPage(html).posted.every((post) => !('result' in post.message))

  test("an attacker's callback URL opened in the victim's browser is refused: no code is posted", async () => {
    // The attacker signs in on their own machine and stops before their browser loads the callback.
    const attacker = await toCallback(api, TestServer.browser(), 'google', 'mallory')
    // The victim's browser, in the middle of its own login (its popup at the sign-in page), is made to
    // load it (a link, or its popup navigated).
    const victim = TestServer.browser()
    const own = await toSignInPage(api, victim, 'google')
    const forced = await victim(attacker.callbackUrl)
    expect(forced.status).toBe(400)
    const html = await forced.text()
    expect(noCode(html)).toBe(true)
    // The error names the attacker's attempt, which the victim's modal ignores.
    expect(runPage(html).posted).toEqual([
      {
        message: {
          type: 'frontdoor:social',
          attempt: attacker.attempt.attempt,
          error: Errors.LOGIN.FAILED_TO_CONNECT,
        },
        target: api.config.modalOrigin,
      },
    ])
    expect(own.attempt.attempt).not.toBe(attacker.attempt.attempt)
  })

  test("a callback carrying another attempt's state is refused even with this browser's cookie of another attempt", async () => {
    const get = TestServer.browser()
    const first = await toCallback(api, get, 'github', 'nina')
    const second = await toCallback(api, get, 'github', 'nina')
    // The cookie of `second` does not complete `first` in another browser that holds only it.
    const other = TestServer.browser()
    await other(startUrl(api, 'github', {}, second.attempt))
    expect(noCode(await (await other(first.callbackUrl)).text())).toBe(true)
    // The browser that started both completes both.
    expect(noCode(await (await get(second.callbackUrl)).text())).toBe(false)
  })

  test("a redeem needs the binding of its attempt: without one, a wrong one or another attempt's, refused; once only", async () => {
    const login = await popup(api, 'google', 'oscar')
    const { code } = codeOf(login)
    const refused = {
      status: 400,
      body: { error: { code: 'invalid_code', message: Errors.LOGIN.FAILED_TO_CONNECT } },
    }
    expect((await redeem(api, { code })).status).toBe(400)
    expect(await redeem(api, { code, binding: newAttempt().binding })).toEqual(refused)
    expect(await redeem(api, { code, binding: SocialLogins.bindingHash(login.binding) })).toEqual(refused)
    // Another attempt's binding (the victim's frame redeeming the attacker's code) is refused too.
    const victim = await popup(api, 'google', 'peggy')
    expect(await redeem(api, { code, binding: victim.binding })).toEqual(refused)
    // The frame that started it still can, once.
    const ok = await redeem(api, { code, binding: login.binding })
    expect(ok.status).toBe(200)
    expect(ok.body.user.userName).toBe('oscar')
    expect(await redeem(api, { code, binding: login.binding })).toEqual(refused)
    expect((await redeem(api, codeOf(victim))).body.user.userName).toBe('peggy')
  })
})

describe('with the dev logins off (AUTH_DEV_PROVIDERS=0)', () => {
  let server: Server
  beforeAll(async () => {
    server = await TestServer.start({ devLogins: false })
  })
  afterAll(() => server.close())

  test('an unconfigured provider, the dev provider and the Farcaster stand-in are unavailable', async () => {
    const start = await fetch(startUrl(server, 'google'), { redirect: 'manual' })
    expect(start.status).toBe(400)
    expect(await start.json()).toEqual({
      error: { code: 'invalid_provider', message: Errors.INVALID_SOCIAL_PROVIDER },
    })
    expect((await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).status).toBe(404)
    expect((await post(server, '/v1/auth/farcaster/channel', { projectId: 'demo' })).status).toBe(400)
    expect((await fetch(`${server.url}/dev/farcaster/anything`)).status).toBe(404)
  })
})
