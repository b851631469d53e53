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
const status = (email: string, deviceId: string) =>
  post('/v1/auth/device/status', { projectId: 'demo', email, deviceId })

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
  expect(await sendOtp(email, deviceId)).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })
  const otp = sink.messages(email)[0]?.otp
  if (!otp) throw new Error('no code')
  const { status: code, body } = await verify(email, otp, deviceId)
  expect(code).toBe(200)
  return body.user.id as string
}

describe('device approval of the email login', () => {
  test('a new browser gets the link first; GET only asks, the form approves once; the code step follows', async () => {
    const email = newEmail()
    const [first, second] = [newDevice(), newDevice()]
    const userId = await signUp(email, first)

    // The account's first browser logs in straight with a code again.
    afterCooldown()
    expect(await sendOtp(email, first)).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })

    // Another browser: the approval email, no code.
    const mailsBefore = sink.messages(email).length
    expect(await sendOtp(email, second)).toMatchObject({
      status: 200,
      body: { sent: true, action: 'VERIFY_DEVICE', cooldownS: 30 },
    })
    const mail = sink.messages(email)[0]
    expect(sink.messages(email)).toHaveLength(mailsBefore + 1)
    expect(mail?.subject).toBe('Approve a new device for Frontdoor demo')
    const link = linkFor(email)
    expect(link.startsWith(`${t.deps.config.publicUrl}/v1/device/approve?token=`)).toBe(true)
    // A code (an older one, or a guess) is refused from the unapproved browser, before it is compared.
    expect(await verify(email, '123456', second)).toMatchObject({
      status: 403,
      body: { error: { code: 'device_not_approved' } },
    })
    expect(await status(email, second)).toMatchObject({ status: 200, body: { approved: false } })

    // Opening the link (or a mail scanner fetching it) approves nothing: it shows the question.
    const page = await t.app.request(pathOf(link))
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(DeviceRoutes.PAGE.ask)
    expect(html).toContain(`<button type="submit">${DeviceRoutes.PAGE.button}</button>`)
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'")
    expect(await status(email, second)).toMatchObject({ body: { approved: false } })

    // Approve: once.
    const token = new URL(link).searchParams.get('token') as string
    const approved = await approve(token)
    expect(approved.status).toBe(200)
    expect(await approved.text()).toContain(DeviceRoutes.PAGE.approved)
    expect(await status(email, second)).toMatchObject({ status: 200, body: { approved: true } })
    const again = await approve(token)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain(DeviceRoutes.PAGE.invalid)
    expect((await t.app.request(pathOf(link))).status).toBe(400)

    // The code step: a code to this browser, the same account.
    afterCooldown()
    expect(await sendOtp(email, second)).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })
    const otp = sink.messages(email)[0]?.otp as string
    expect(await verify(email, otp, second)).toMatchObject({ status: 200, body: { user: { id: userId } } })
  })

  test('an existing account without a device id is refused; the link respects the 30 s cooldown', async () => {
    const email = newEmail()
    await signUp(email, newDevice())
    expect(await sendOtp(email)).toMatchObject({
      status: 403,
      body: { error: { code: 'device_not_approved' } },
    })
    const other = newDevice()
    expect((await sendOtp(email, other)).body.action).toBe('VERIFY_DEVICE')
    expect(await sendOtp(email, other)).toMatchObject({
      status: 429,
      body: {
        error: { code: 'cooldown', message: expect.stringMatching(/^Please try again after \d+ seconds$/) },
      },
    })
  })

  test('a new account needs no link: its first code approves the browser', async () => {
    const email = newEmail()
    const device = newDevice()
    expect(await status(email, device)).toMatchObject({ body: { approved: false } })
    await signUp(email, device)
    expect(await status(email, device)).toMatchObject({ body: { approved: true } })
  })

  test('bad input: a malformed device id or token, an unknown project; status is for the auth frame only', async () => {
    expect((await sendOtp(newEmail(), 'short')).status).toBe(400)
    expect((await post('/v1/auth/device/status', { projectId: 'demo', email: newEmail() })).status).toBe(400)
    expect(
      (await post('/v1/auth/device/status', { projectId: 'nope', email: newEmail(), deviceId: newDevice() }))
        .status,
    ).toBe(401)
    const foreign = await t.app.request('/v1/auth/device/status', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ projectId: 'demo', email: newEmail(), deviceId: newDevice() }),
    })
    expect(foreign.status).toBe(403)
    expect((await t.app.request(`${Devices.APPROVE_PATH}?token=nope`)).status).toBe(400)
    expect((await approve('x'.repeat(43))).status).toBe(400)
  })
})

describe('rate limits per client address', () => {
  test('the status polls and the approval link are limited per client address', async () => {
    const limited = await TestApp.create({
      limits: {
        deviceStatusPerIp: { limit: 3, windowMs: 60_000 },
        deviceApprovePerIp: { limit: 2, windowMs: 60_000 },
      },
    })
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip })
      const poll = (ip: string) =>
        limited.app.request('/v1/auth/device/status', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: limited.deps.config.authOrigin,
            ...from(ip),
          },
          body: JSON.stringify({ projectId: 'demo', email: newEmail(), deviceId: newDevice() }),
        })
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await poll('10.9.0.1')).status)
      expect(statuses).toEqual([200, 200, 200, 429])
      expect((await poll('10.9.0.2')).status).toBe(200)

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
