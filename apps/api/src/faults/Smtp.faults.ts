import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as TestSmtp from '../TestSmtp.js'
import * as Harness from './Harness.js'

// Issue 24: SMTP refusing connections under a running API process (src/main.ts, PGlite). The email
// code request must answer at once with an error telling the user to try again, must not use up the
// address's resend cooldown (30 s), and must succeed on retry once SMTP is back, with a code that logs
// in. Two faults: nothing listening on SMTP_URL's port from the start, and the SMTP server stopped
// after it had served (the mailer's pooled connection dies with it), then started on the same port.
// Today's code already survives both (routes.ts withdraws the code of an email that failed); this
// proves it against a real refusing port.

const AUTH_ORIGIN = 'http://127.0.0.2:5181'
const DEVICE = 'faults-smtp-device'
/** What the user is told (the auth frame passes the message on; the modal shows it under the field). */
const EMAIL_FAILED = {
  status: 502,
  body: { error: { code: 'email_failed', message: 'The email could not be sent; try again' } },
}

describe('SMTP refusing connections under a running API process', { timeout: 120_000 }, () => {
  let smtpPort = 0
  let apiUrl = ''
  let api: ReturnType<typeof Harness.api>
  let sink: TestSmtp.TestSmtp | undefined

  const post = async (path: string, body: unknown) => {
    const started = Date.now()
    const response = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: AUTH_ORIGIN },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    // biome-ignore lint/suspicious/noExplicitAny: tests read bodies loosely
    const json = (await response.json()) as any
    return { status: response.status, body: Harness.withoutRequestId(json), ms: Date.now() - started }
  }
  const sendOtp = (email: string) =>
    post('/v1/auth/email/otp', { projectId: 'demo', email, deviceId: DEVICE })
  const verify = (email: string, otp: string) =>
    post('/v1/auth/email/verify', { projectId: 'demo', email, otp, deviceId: DEVICE })

  beforeAll(async () => {
    smtpPort = await Harness.freePort()
    apiUrl = `http://127.0.0.1:${await Harness.freePort()}`
    api = Harness.api({
      API_URL: apiUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      INDEXER_CHAINS: '',
      METRICS_TOKEN: 'faults-metrics',
    })
    await api.until(
      'the API to be ready',
      async () =>
        (await fetch(`${apiUrl}/readyz`).catch(() => undefined))?.status === 200 ? true : undefined,
      60_000,
    )
  }, 90_000)

  afterAll(async () => {
    await api?.stop()
    await sink?.stop()
  }, 30_000)

  test('nothing listens on the SMTP port: a clear error at once, no cooldown used; SMTP started: the retry mails a code that logs in', async () => {
    const email = `faults-smtp-${Date.now()}@example.com`
    const failed = await sendOtp(email)
    expect({ status: failed.status, body: failed.body }).toEqual(EMAIL_FAILED)
    expect(failed.ms).toBeLessThan(5_000)
    // Asked again at once, still refused: the same error, not the cooldown's 429.
    const again = await sendOtp(email)
    expect({ status: again.status, body: again.body }).toEqual(EMAIL_FAILED)
    expect(api.log()).toContain('auth: the email could not be sent')

    sink = await TestSmtp.start(smtpPort)
    const backAt = Date.now()
    const sent = await sendOtp(email)
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({ sent: true, cooldownS: 30 })
    const otp = sink.messages(email)[0]?.otp
    expect(otp).toMatch(/^\d{6}$/)
    expect((await verify(email, otp as string)).status).toBe(200)
    console.log(
      `faults: SMTP refusing: the code request failed in ${failed.ms} ms (${again.ms} ms the second time) with 502 email_failed; served ${Date.now() - backAt} ms after SMTP listened, no cooldown used`,
    )
  })

  test('SMTP stopped after it served (pooled connection gone), then started on the same port: error, then the retry works', async () => {
    expect(sink, 'the first case started SMTP').toBeDefined()
    const warm = `faults-smtp-warm-${Date.now()}@example.com`
    expect((await sendOtp(warm)).status).toBe(200)
    await sink?.stop()
    sink = undefined
    const stoppedAt = Date.now()

    const email = `faults-smtp-restart-${Date.now()}@example.com`
    const failed = await sendOtp(email)
    expect({ status: failed.status, body: failed.body }).toEqual(EMAIL_FAILED)
    expect(failed.ms).toBeLessThan(15_000)
    expect(api.exited()).toBeUndefined()

    sink = await TestSmtp.start(smtpPort)
    const sent = await sendOtp(email)
    expect(sent.status).toBe(200)
    const otp = sink.messages(email)[0]?.otp as string
    expect((await verify(email, otp)).status).toBe(200)
    // The address that was mailed before the stop still has its cooldown (it was really sent).
    const cooldown = await sendOtp(warm)
    expect(cooldown.status).toBe(429)
    expect(cooldown.body.error.code).toBe('cooldown')

    const metrics = await (
      await fetch(`${apiUrl}/metrics`, { headers: { authorization: 'Bearer faults-metrics' } })
    ).text()
    const failures = Number(/^frontdoor_email_failures_total (\d+)$/m.exec(metrics)?.[1])
    expect(failures).toBeGreaterThanOrEqual(3)
    console.log(
      `faults: SMTP stopped after serving: the code request failed in ${failed.ms} ms; served again at once after it listened (${Date.now() - stoppedAt} ms in all); frontdoor_email_failures_total ${failures}`,
    )
    expect(api.exited()).toBeUndefined()
  })
})
