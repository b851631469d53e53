import { randomInt } from 'node:crypto'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as TestApp from '../../TestApp.js'
import * as TestSmtp from '../../TestSmtp.js'
import * as Login from '../Login.js'
import * as Users from '../users/Users.js'
import * as Otp from './Otp.js'

// A real SMTP receiver: the API sends over SMTP with nodemailer, the test reads the code the way the e2e
// tests and people do, from the mailbox.
const sink = await TestSmtp.start()
const t = await TestApp.create({
  smtpUrl: sink.smtpUrl,
  limits: { otpSendPerIp: { limit: 3, windowMs: 60_000 } },
})
afterAll(async () => {
  await t.close()
  await sink.stop()
})

const AUTH_ORIGIN = t.deps.config.authOrigin
let clock = Date.now()
beforeEach(() => {
  clock = Date.now()
  t.deps.auth.now = () => clock
})
const advance = (ms: number) => {
  clock += ms
}

let emails = 0
const newEmail = () => `user${++emails}-${randomInt(1e9)}@example.com`
/** Each request from its own client address, unless a test pins one (per-IP limits). */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`

async function post(
  path: string,
  body: unknown,
  options: { token?: string; origin?: string | null; ip?: string } = {},
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': options.ip ?? randomIp(),
  }
  if (options.origin !== null) headers.origin = options.origin ?? AUTH_ORIGIN
  if (options.token) headers.authorization = `Bearer ${options.token}`
  return t.getJson(path, { method: 'POST', headers, body: JSON.stringify(body) })
}
const getUser = (token: string) =>
  t.getJson('/v1/auth/user', { headers: { authorization: `Bearer ${token}`, origin: AUTH_ORIGIN } })

/** The code of the newest email to an address. */
function codeFor(email: string): string {
  const [latest] = sink.messages(email)
  if (!latest?.otp) throw new Error(`no code mailed to ${email}`)
  return latest.otp
}

/** The auth frame's device id of these tests' browser (device approval: tests in device/). */
const DEVICE = 'email-routes-test-device'
const sendOtp = (email: string, options?: { ip?: string }) =>
  post('/v1/auth/email/otp', { projectId: 'demo', email, deviceId: DEVICE }, options)
const verify = (email: string, otp: string) =>
  post('/v1/auth/email/verify', { projectId: 'demo', email, otp, deviceId: DEVICE })

async function login(email: string) {
  expect((await sendOtp(email)).status).toBe(200)
  const { status, body } = await verify(email, codeFor(email))
  expect(status).toBe(200)
  return body as { token: string; expiresAt: string; user: Record<string, unknown> }
}

/** A wrong code for `right`: same length, never equal. */
const wrong = (right: string) => String((Number(right) + 1) % 10 ** Otp.LENGTH).padStart(Otp.LENGTH, '0')

describe('POST /v1/auth/email/otp + /verify', () => {
  test('send -> read the mail -> verify -> token -> /v1/auth/user; the same email logs in to the same wallet', async () => {
    const email = newEmail()
    const sent = await sendOtp(email)
    expect(sent).toMatchObject({ status: 200, body: { sent: true, cooldownS: 30 } })
    const [mail] = sink.messages(email)
    expect(mail?.subject).toBe('Your login code for Frontdoor demo')
    expect(mail?.text).toContain('expires in 10 minutes')

    const { status, body } = await verify(email, codeFor(email))
    expect(status).toBe(200)
    expect(body.token).toMatch(/^[\w-]{43}$/)
    expect(Date.parse(body.expiresAt) - clock).toBe(7 * 24 * 3600 * 1000)
    expect(body.user).toEqual({
      id: expect.any(String),
      email,
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      solanaAddress: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
      // The smart account (the EVM default) is the address; the EOA that owns it is listed first.
      accounts: [
        { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), type: 'eoa' },
        { address: body.user.address, type: 'smartAccount' },
      ],
      caipAccounts: [
        { address: expect.stringMatching(/^bip122:000000000019d6689c085ae165831e93:bc1q/), type: 'payment' },
        { address: expect.stringMatching(/^polkadot:91b171bb158e2d3848fa23a9f1c25182:1/), type: 'eoa' },
        { address: expect.stringMatching(/^cosmos:cosmoshub-4:cosmos1/), type: 'eoa' },
      ],
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    })
    expect(body.user.address).not.toBe(body.user.address.toLowerCase())

    const me = await getUser(body.token)
    expect(me).toMatchObject({ status: 200, body: { user: body.user } })

    advance(31_000)
    const again = await login(email.toUpperCase())
    expect(again.user).toEqual(body.user)
    expect(again.token).not.toBe(body.token)
  })

  test('the 30 s cooldown per address answers 429 with the seconds left', async () => {
    const email = newEmail()
    expect((await sendOtp(email)).status).toBe(200)
    advance(12_500)
    const early = await sendOtp(email)
    expect(early.status).toBe(429)
    expect(early.body).toEqual({
      error: { code: 'cooldown', message: 'Please try again after 18 seconds', retryAfterS: 18 },
    })
    expect(early.headers.get('retry-after')).toBe('18')
    advance(17_000)
    expect((await sendOtp(email)).body.error.message).toBe('Please try again after 1 seconds')
    advance(500)
    expect((await sendOtp(email)).status).toBe(200)
    expect(sink.messages(email)).toHaveLength(2)
  })

  test('wrong codes are counted; the fifth locks the address for 15 minutes', async () => {
    const email = newEmail()
    await sendOtp(email)
    const code = codeFor(email)
    for (let left = 4; left >= 1; left--) {
      const { status, body } = await verify(email, wrong(code))
      expect(status).toBe(400)
      expect(body.error).toMatchObject({ code: 'invalid_otp', attemptsLeft: left })
    }
    const locked = await verify(email, wrong(code))
    expect(locked.status).toBe(429)
    expect(locked.body.error).toEqual({
      code: 'locked',
      message: 'Too many wrong codes. Please try again after 900 seconds',
      retryAfterS: 900,
    })
    // Locked: the right code no longer works and no new code is sent.
    expect((await verify(email, code)).body.error.code).toBe('locked')
    advance(60_000)
    expect((await sendOtp(email)).body.error).toMatchObject({ code: 'locked', retryAfterS: 840 })
    advance(14 * 60_000)
    expect((await sendOtp(email)).status).toBe(200)
    expect((await verify(email, codeFor(email))).status).toBe(200)
  })

  test('a code expires after 10 minutes (410) and is single use', async () => {
    const email = newEmail()
    await sendOtp(email)
    advance(Otp.LIFETIME_S * 1000)
    expect(await verify(email, codeFor(email))).toMatchObject({
      status: 410,
      body: { error: { code: 'expired_otp' } },
    })
    await sendOtp(email)
    const code = codeFor(email)
    advance(Otp.LIFETIME_S * 1000 - 1)
    expect((await verify(email, code)).status).toBe(200)
    expect(await verify(email, code)).toMatchObject({ status: 400, body: { error: { code: 'invalid_otp' } } })
  })

  test('concurrent verifies of one code: exactly one session', async () => {
    const email = newEmail()
    await sendOtp(email)
    const code = codeFor(email)
    const results = await Promise.all([1, 2, 3, 4].map(() => verify(email, code)))
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400])
  })

  test('a new code replaces the previous one', async () => {
    const email = newEmail()
    await sendOtp(email)
    const first = codeFor(email)
    advance(30_000)
    await sendOtp(email)
    const second = codeFor(email)
    if (first !== second) expect((await verify(email, first)).body.error.code).toBe('invalid_otp')
    expect((await verify(email, second)).status).toBe(200)
  })

  test('bad input: invalid email (the spec message), bad code, unknown project, not JSON', async () => {
    expect(await sendOtp('not-an-email')).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_email', message: 'Invalid email' } },
    })
    expect(await post('/v1/auth/email/otp', { projectId: 'demo' })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_email', message: 'Invalid email' } },
    })
    expect(await verify(newEmail(), '12ab56')).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_request', message: "Invalid body field 'otp': must be 6 digits" } },
    })
    expect(await post('/v1/auth/email/otp', { projectId: 'nope', email: newEmail() })).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_key', message: 'Unauthorized: invalid key' } },
    })
    const notJson = await t.getJson('/v1/auth/email/otp', {
      method: 'POST',
      headers: { origin: AUTH_ORIGIN, 'content-type': 'application/json' },
      body: '{',
    })
    expect(notJson).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } })
  })

  test('sending is rate-limited per client address', async () => {
    const ip = randomIp()
    for (let i = 0; i < 3; i++) expect((await sendOtp(newEmail(), { ip })).status).toBe(200)
    const limited = await sendOtp(newEmail(), { ip })
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatchObject({ code: 'rate_limited', message: 'Rate Limited' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('sessions', () => {
  test('sign out revokes the token', async () => {
    const { token } = await login(newEmail())
    expect((await getUser(token)).status).toBe(200)
    expect(await post('/v1/auth/signout', {}, { token })).toMatchObject({ status: 200, body: { ok: true } })
    expect(await getUser(token)).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
    expect((await post('/v1/auth/signout', {}, { token })).status).toBe(401)
  })

  test('a session ends after 7 days; no or a malformed token is 401', async () => {
    const { token } = await login(newEmail())
    advance(7 * 24 * 3600 * 1000 - 1)
    expect((await getUser(token)).status).toBe(200)
    advance(1)
    expect((await getUser(token)).status).toBe(401)
    expect((await t.getJson('/v1/auth/user')).status).toBe(401)
    expect((await getUser('not a token')).status).toBe(401)
  })

  test('the preferred account type is stored and reported', async () => {
    const { token } = await login(newEmail())
    const set = await post('/v1/auth/account-type', { preferredAccountType: 'eoa' }, { token })
    expect(set).toMatchObject({ status: 200, body: { user: { preferredAccountType: 'eoa' } } })
    expect((await getUser(token)).body.user.preferredAccountType).toBe('eoa')
    expect((await post('/v1/auth/account-type', { preferredAccountType: 'payment' }, { token })).status).toBe(
      400,
    )
  })
})

describe('POST /v1/auth/email/update + /verify', () => {
  test('a code to the current address and one to the new one, both required; the wallet stays', async () => {
    const current = newEmail()
    const next = newEmail()
    const { token, user } = await login(current)
    advance(31_000)
    expect(await post('/v1/auth/email/update', { newEmail: next }, { token })).toMatchObject({
      status: 200,
      body: { sent: true },
    })
    const primary = codeFor(current)
    const secondary = codeFor(next)
    expect(sink.messages(current)[0]?.text).toContain(next)

    const wrongPrimary = await post(
      '/v1/auth/email/update/verify',
      { primaryOtp: wrong(primary), secondaryOtp: secondary },
      { token },
    )
    expect(wrongPrimary).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_otp', which: 'primary' } },
    })
    const wrongSecondary = await post(
      '/v1/auth/email/update/verify',
      { primaryOtp: primary, secondaryOtp: wrong(secondary) },
      { token },
    )
    expect(wrongSecondary).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_otp', which: 'secondary' } },
    })
    expect((await post('/v1/auth/email/update/verify', { primaryOtp: primary }, { token })).status).toBe(400)

    const done = await post(
      '/v1/auth/email/update/verify',
      { primaryOtp: primary, secondaryOtp: secondary },
      { token },
    )
    expect(done).toMatchObject({ status: 200, body: { user: { ...user, email: next } } })
    // The codes are used up.
    expect(
      (
        await post(
          '/v1/auth/email/update/verify',
          { primaryOtp: primary, secondaryOtp: secondary },
          { token },
        )
      ).status,
    ).toBe(400)

    advance(31_000)
    expect((await login(next)).user.id).toBe(user.id)
    expect((await login(current)).user.id).not.toBe(user.id)
  })

  test('after an email change every other session of the account is revoked; the one that changed it stays', async () => {
    const current = newEmail()
    const next = newEmail()
    const { token } = await login(current)
    advance(31_000)
    const other = await login(current)
    const social = await Login.complete(t.deps, other.user.id as string)
    expect((await getUser(other.token)).status).toBe(200)
    advance(31_000)
    expect((await post('/v1/auth/email/update', { newEmail: next }, { token })).status).toBe(200)
    const done = await post(
      '/v1/auth/email/update/verify',
      { primaryOtp: codeFor(current), secondaryOtp: codeFor(next) },
      { token },
    )
    expect(done.status).toBe(200)
    expect((await getUser(other.token)).status).toBe(401)
    expect((await getUser(social.token)).status).toBe(401)
    expect(await getUser(token)).toMatchObject({ status: 200, body: { user: { email: next } } })
  })

  test('the code is in the body of each email, never in its subject', async () => {
    const current = newEmail()
    const next = newEmail()
    const { token } = await login(current)
    const [loginMail] = sink.messages(current)
    expect(loginMail?.otp).toMatch(/^\d{6}$/)
    expect(loginMail?.subject).not.toMatch(/\d{6}/)
    expect(loginMail?.text).toContain(loginMail?.otp)
    advance(31_000)
    expect((await post('/v1/auth/email/update', { newEmail: next }, { token })).status).toBe(200)
    for (const mail of [sink.messages(current)[0], sink.messages(next)[0]]) {
      expect(mail?.otp).toMatch(/^\d{6}$/)
      expect(mail?.subject).not.toMatch(/\d{6}/)
      expect(mail?.text).toContain(mail?.otp)
    }
  })

  test('an address of another account is refused only once both codes are right; the same address and an account without email are refused', async () => {
    const taken = newEmail()
    await login(taken)
    const mine = newEmail()
    const { token } = await login(mine)
    advance(31_000)
    // The first answer and the emails are those of a free address: who has an account shows to no one yet.
    expect(await post('/v1/auth/email/update', { newEmail: taken }, { token })).toMatchObject({
      status: 200,
      body: { sent: true, cooldownS: 30 },
    })
    const wrongCodes = await post(
      '/v1/auth/email/update/verify',
      { primaryOtp: codeFor(mine), secondaryOtp: wrong(codeFor(taken)) },
      { token },
    )
    expect(wrongCodes).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_otp', which: 'secondary' } },
    })
    advance(31_000)
    expect((await post('/v1/auth/email/update', { newEmail: taken }, { token })).status).toBe(200)
    expect(
      await post(
        '/v1/auth/email/update/verify',
        { primaryOtp: codeFor(mine), secondaryOtp: codeFor(taken) },
        { token },
      ),
    ).toMatchObject({ status: 409, body: { error: { code: 'email_taken' } } })
    expect((await getUser(token)).body.user.email).toBe(mine)
    expect(await post('/v1/auth/email/update', { newEmail: mine.toUpperCase() }, { token })).toMatchObject({
      status: 400,
      body: { error: { code: 'same_email' } },
    })
    expect(await post('/v1/auth/email/update', { newEmail: 'nope' }, { token })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_email', message: 'Invalid email' } },
    })
    expect((await post('/v1/auth/email/update', { newEmail: newEmail() })).status).toBe(401)
    const social = await Users.findOrCreateByIdentity(t.deps.db, {
      kind: 'github',
      subject: `gh-${randomInt(1e9)}`,
    })
    const session = await Login.complete(t.deps, social.id)
    expect(session.user.email).toBeUndefined()
    expect(
      await post('/v1/auth/email/update', { newEmail: newEmail() }, { token: session.token }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: 'no_email' } },
    })
  })
})

describe('Origin and CORS', () => {
  test('every auth POST must come from the auth frame: 403 otherwise', async () => {
    for (const origin of [null, t.deps.config.modalOrigin, TestApp.DEMO_URL, 'https://evil.example']) {
      const { status, body } = await post(
        '/v1/auth/email/otp',
        { projectId: 'demo', email: newEmail() },
        { origin },
      )
      expect(status).toBe(403)
      expect(body).toEqual({
        error: { code: 'forbidden_origin', message: 'Unauthorized: origin not allowed' },
      })
    }
    expect((await post('/v1/vault/rpc', {}, { origin: t.deps.config.modalOrigin })).status).toBe(403)
  })

  test('CORS answers the auth frame only, and lets it send Authorization', async () => {
    const preflight = (origin: string) =>
      t.app.request('/v1/auth/user', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      })
    const allowed = await preflight(AUTH_ORIGIN)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(AUTH_ORIGIN)
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization')
    const modal = await preflight(t.deps.config.modalOrigin)
    expect(modal.headers.get('access-control-allow-origin')).toBeNull()
    // Other routes keep their CORS (the modal frame reads them).
    const config = await t.app.request('/appkit/v1/config?projectId=demo', {
      headers: { origin: t.deps.config.modalOrigin },
    })
    expect(config.headers.get('access-control-allow-origin')).toBe(t.deps.config.modalOrigin)
  })
})
