import { randomInt } from 'node:crypto'
import { afterAll, describe, expect, test } from 'vitest'
import * as TestApp from '../../TestApp.js'
import * as TestSmtp from '../../TestSmtp.js'
import * as Devices from './Devices.js'
import * as DeviceRoutes from './routes.js'

// Real SMTP: the approval link is read from the mailbox, as a person (and the e2e test) reads it.
const sink = await TestSmtp.start()
const t = await TestApp.create({ smtpUrl: sink.smtpUrl })
afterAll(async () => {
  await t.close()
  await sink.stop()
})

const AUTH_ORIGIN = t.deps.config.authOrigin
let clock = Date.now()
t.deps.auth.now = () => clock
/** Past the 30 s cooldown of the login email. */
const afterCooldown = () => {
  clock += 31_000
}
const newEmail = () => `device-${randomInt(1e9)}@example.com`
const newDevice = () => `browser-${randomInt(1e9)}-${randomInt(1e9)}`

function post(path: string, body: unknown) {
  return t.getJson(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: AUTH_ORIGIN,
      'x-forwarded-for': `10.1.${randomInt(256)}.${randomInt(256)}`,
    },
    body: JSON.stringify(body),
  })
}
const sendOtp = (email: string, deviceId?: string) =>
  post('/v1/auth/email/otp', { projectId: 'demo', email, ...(deviceId ? { deviceId } : {}) })
const verify = (email: string, otp: string, deviceId?: string) =>
  post('/v1/auth/email/verify', { projectId: 'demo', email, otp, ...(deviceId ? { deviceId } : {}) })
const poll = (pendingLogin: string) => post('/v1/auth/device/login', { projectId: 'demo', pendingLogin })
const newestCode = (email: string) => {
  const otp = sink.messages(email).find((m) => m.otp)?.otp
  if (!otp) throw new Error(`no code mailed to ${email}`)
  return otp
}
const wrong = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0')

/** The approval link of the newest email to `email`. */
function linkFor(email: string): string {
  const mail = sink.messages(email)[0]
  const link = /https?:\/\/\S+\/v1\/device\/approve\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0]
  if (!link) throw new Error(`no approval link mailed to ${email}`)
  return link
}
const pathOf = (link: string) => {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}
const approve = (token: string) =>
  t.app.request(Devices.APPROVE_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  })

/** A new account, made by its first code in browser `deviceId`. */
async function signUp(email: string, deviceId: string) {
  expect(await sendOtp(email, deviceId)).toMatchObject({ status: 200, body: { sent: true, cooldownS: 30 } })
  const { status: code, body } = await verify(email, newestCode(email), deviceId)
  expect(code).toBe(200)
  return body.user.id as string
}

describe('device approval of the email login', () => {
  test('a new browser of an account: the code step as for anyone, then a pending login and the link; GET only asks, the form approves once and the login completes', async () => {
    const email = newEmail()
    const [first, second] = [newDevice(), newDevice()]
    const userId = await signUp(email, first)

    // Another browser: the same answer and the same email (a code) as an address without an account.
    afterCooldown()
    const mailsBefore = sink.messages(email).length
    expect(await sendOtp(email, second)).toEqual({
      status: 200,
      headers: expect.anything(),
      body: { sent: true, cooldownS: 30 },
    })
    expect(sink.messages(email)).toHaveLength(mailsBefore + 1)
    expect(sink.messages(email)[0]?.subject).toBe('Your login code for Frontdoor demo')
    // A wrong code is a wrong code: it is compared, counted, and says nothing of the account.
    const code = newestCode(email)
    expect(await verify(email, wrong(code), second)).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_otp', attemptsLeft: 4 } },
    })
    expect(sink.messages(email)).toHaveLength(mailsBefore + 1)

    // The right code: the mailbox is proven, so now the browser is told it needs approval.
    const right = await verify(email, code, second)
    expect(right).toMatchObject({
      status: 202,
      body: { action: 'VERIFY_DEVICE', pendingLogin: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    })
    expect(right.body.token).toBeUndefined()
    const { pendingLogin } = right.body
    expect(sink.messages(email)).toHaveLength(mailsBefore + 2)
    expect(sink.messages(email)[0]?.subject).toBe('Approve a new device for Frontdoor demo')
    const link = linkFor(email)
    expect(link.startsWith(`${t.deps.config.publicUrl}/v1/device/approve?token=`)).toBe(true)
    expect(await poll(pendingLogin)).toMatchObject({ status: 202, body: { approved: false } })
    // The code was used up.
    expect(await verify(email, code, second)).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_otp' } },
    })

    // Opening the link (or a mail scanner fetching it) approves nothing: it shows the question.
    const page = await t.app.request(pathOf(link))
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(DeviceRoutes.PAGE.ask)
    expect(html).toContain(`<button type="submit">${DeviceRoutes.PAGE.button}</button>`)
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'")
    expect(await poll(pendingLogin)).toMatchObject({ status: 202, body: { approved: false } })

    // Approve: once; the waiting browser's login completes, once.
    const token = new URL(link).searchParams.get('token') as string
    const approved = await approve(token)
    expect(approved.status).toBe(200)
    expect(await approved.text()).toContain(DeviceRoutes.PAGE.approved)
    const session = await poll(pendingLogin)
    expect(session).toMatchObject({ status: 200, body: { token: expect.any(String), user: { id: userId } } })
    expect(await poll(pendingLogin)).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_login' } },
    })
    const again = await approve(token)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain(DeviceRoutes.PAGE.invalid)
    expect((await t.app.request(pathOf(link))).status).toBe(400)

    // The approved browser logs in with a code alone from now on.
    afterCooldown()
    expect((await sendOtp(email, second)).status).toBe(200)
    expect(await verify(email, newestCode(email), second)).toMatchObject({
      status: 200,
      body: { user: { id: userId } },
    })
  }, 30_000)

  test("an account's right code without a device id is refused; in the link's cooldown no second email, and the first link completes the newer login", async () => {
    const email = newEmail()
    await signUp(email, newDevice())
    afterCooldown()
    expect((await sendOtp(email)).body).toEqual({ sent: true, cooldownS: 30 })
    expect(await verify(email, newestCode(email))).toMatchObject({
      status: 403,
      body: { error: { code: 'device_not_approved' } },
    })

    // A code, entered 5 s later: the link. The next code (30 s after the first) comes within the
    // link's 30 s: no second approval email, and the first link completes the newer login.
    const other = newDevice()
    afterCooldown()
    await sendOtp(email, other)
    clock += 5_000
    const first = await verify(email, newestCode(email), other)
    expect(first.status).toBe(202)
    const link = linkFor(email)
    clock += 25_000
    await sendOtp(email, other)
    const mails = sink.messages(email).length
    const second = await verify(email, newestCode(email), other)
    expect(second.status).toBe(202)
    expect(sink.messages(email)).toHaveLength(mails)
    expect(await poll(first.body.pendingLogin)).toMatchObject({ status: 400 })
    await approve(new URL(link).searchParams.get('token') as string)
    expect((await poll(second.body.pendingLogin)).status).toBe(200)
  })

  test('a new account needs no link: its first code approves the browser', async () => {
    const email = newEmail()
    const device = newDevice()
    const userId = await signUp(email, device)
    afterCooldown()
    await sendOtp(email, device)
    expect(await verify(email, newestCode(email), device)).toMatchObject({
      status: 200,
      body: { user: { id: userId } },
    })
  })

  test('bad input: a malformed device id, pending login or token, an unknown project; the login poll is for the auth frame only', async () => {
    expect((await sendOtp(newEmail(), 'short')).status).toBe(400)
    expect((await post('/v1/auth/device/login', { projectId: 'demo' })).status).toBe(400)
    expect((await post('/v1/auth/device/login', { projectId: 'demo', pendingLogin: 'short' })).status).toBe(
      400,
    )
    expect(await poll('x'.repeat(43))).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_login' } },
    })
    expect(
      (await post('/v1/auth/device/login', { projectId: 'nope', pendingLogin: 'x'.repeat(43) })).status,
    ).toBe(401)
    const foreign = await t.app.request('/v1/auth/device/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ projectId: 'demo', pendingLogin: 'x'.repeat(43) }),
    })
    expect(foreign.status).toBe(403)
    expect((await t.app.request(`${Devices.APPROVE_PATH}?token=nope`)).status).toBe(400)
    expect((await approve('x'.repeat(43))).status).toBe(400)
  })
})

describe('rate limits per client address', () => {
  test('the login polls and the approval link are limited per client address', async () => {
    const limited = await TestApp.create({
      limits: {
        deviceLoginPerIp: { limit: 3, windowMs: 60_000 },
        deviceApprovePerIp: { limit: 2, windowMs: 60_000 },
      },
    })
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip })
      const poll = (ip: string) =>
        limited.app.request('/v1/auth/device/login', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: limited.deps.config.authOrigin,
            ...from(ip),
          },
          body: JSON.stringify({ projectId: 'demo', pendingLogin: 'x'.repeat(43) }),
        })
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await poll('10.9.0.1')).status)
      expect(statuses).toEqual([400, 400, 400, 429])
      expect((await poll('10.9.0.2')).status).toBe(400)

      const page = (ip: string) =>
        limited.app.request(`${Devices.APPROVE_PATH}?token=nope`, { headers: from(ip) })
      const pages = []
      for (let i = 0; i < 3; i++) pages.push((await page('10.9.0.3')).status)
      expect(pages).toEqual([400, 400, 429])
    } finally {
      await limited.close()
    }
  }, 60_000)
})
