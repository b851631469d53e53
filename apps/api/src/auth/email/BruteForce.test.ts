import { randomInt } from 'node:crypto'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import * as TestApp from '../../TestApp.js'
import * as TestSmtp from '../../TestSmtp.js'
import * as Otp from './Otp.js'

/**
 * OTP brute force against the lockout alone: the rate limits (per address and per email) are raised out
 * of the way, every request comes from a new client address, and the attacker resends codes whenever the
 * API lets it. The attacker reads the real code from the sink only to never guess it, so every guess is
 * one that counts. The figures are printed for SECURITY.md.
 */

const sink = await TestSmtp.start()
const unlimited = { limit: 1_000_000, windowMs: 60_000 }
const t = await TestApp.create({
  smtpUrl: sink.smtpUrl,
  limits: {
    otpSendPerIp: unlimited,
    otpSendPerEmail: unlimited,
    otpVerifyPerIp: unlimited,
    otpVerifyPerEmail: unlimited,
  },
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

let emails = 0
const newEmail = () => `victim${++emails}-${randomInt(1e9)}@example.com`
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`

const post = (path: string, body: unknown) =>
  t.getJson(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), origin: AUTH_ORIGIN },
    body: JSON.stringify(body),
  })
const sendOtp = (email: string) => post('/v1/auth/email/otp', { projectId: 'demo', email })
const verify = (email: string, otp: string) =>
  post('/v1/auth/email/verify', { projectId: 'demo', email, otp })

/** The code of the newest email to an address. */
const codeFor = (email: string) => {
  const otp = sink.messages(email)[0]?.otp
  if (!otp) throw new Error(`no code mailed to ${email}`)
  return otp
}

/** Guesses in order, never the real code: every guess is a wrong one that must count. */
function guesser() {
  let next = 0
  return (right: string) => {
    let guess = String(next++ % 10 ** Otp.LENGTH).padStart(Otp.LENGTH, '0')
    if (guess === right) guess = String(next++ % 10 ** Otp.LENGTH).padStart(Otp.LENGTH, '0')
    return guess
  }
}

describe('OTP brute force', () => {
  test('resending codes does not reset the count: the fifth wrong guess across codes locks', async () => {
    const email = newEmail()
    const guess = guesser()
    expect((await sendOtp(email)).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await verify(email, guess(codeFor(email)))).status).toBe(400)
    clock += Otp.COOLDOWN_S * 1000
    expect((await sendOtp(email)).status).toBe(200)
    const answers = []
    for (let i = 0; i < 3; i++) answers.push((await verify(email, guess(codeFor(email)))).body.error)
    expect(answers.map((e) => e.code)).toEqual(['invalid_otp', 'invalid_otp', 'locked'])
    expect(answers[1]).toMatchObject({ attemptsLeft: 1 })
    // Locked: the right code is refused and no new code can be asked for.
    expect((await verify(email, codeFor(email))).body.error.code).toBe('locked')
    expect((await sendOtp(email)).body.error.code).toBe('locked')
  })

  test(`a day of guessing one address, as fast as the API allows: at most ${Otp.MAX_FAILURES} guesses per ${Otp.LOCKOUT_S} s`, async () => {
    const email = newEmail()
    const guess = guesser()
    const started = clock
    const DAY_MS = 24 * 3600 * 1000
    let checked = 0
    let refused = 0
    let sent = 0
    let requests = 0
    while (clock - started < DAY_MS) {
      const send = await sendOtp(email)
      requests++
      if (send.status !== 200) {
        // Cooldown or lockout: wait exactly as long as the API says.
        expect(send.status).toBe(429)
        clock += send.body.error.retryAfterS * 1000
        continue
      }
      sent++
      const right = codeFor(email)
      for (;;) {
        const answer = await verify(email, guess(right))
        requests++
        const code = answer.body.error?.code
        expect(answer.status, JSON.stringify(answer.body)).not.toBe(200)
        if (code === 'invalid_otp') checked++
        else if (code === 'locked') {
          // The guess that locks was checked too; the next one is refused unchecked.
          checked++
          const again = await verify(email, guess(right))
          requests++
          expect(again.body.error.code).toBe('locked')
          refused++
          break
        } else throw new Error(`unexpected answer ${answer.status} ${JSON.stringify(answer.body)}`)
      }
    }
    const windows = Math.ceil(DAY_MS / (Otp.LOCKOUT_S * 1000))
    const perCode = checked / 10 ** Otp.LENGTH
    console.log(
      `OTP brute force, one address, 24 h simulated: ${requests} requests, ${sent} codes sent, ${checked} guesses checked ` +
        `(${Otp.MAX_FAILURES} per ${Otp.LOCKOUT_S} s lockout), ${refused} refused while locked; ` +
        `chance of a hit in a day ${(perCode * 100).toFixed(3)} % (1 in ${Math.round(1 / perCode)})`,
    )
    expect(checked).toBeLessThanOrEqual(windows * Otp.MAX_FAILURES)
    expect(checked).toBeGreaterThan(0)
  }, 120_000)

  test('a burst of concurrent guesses at one code: the lockout still counts every wrong one, and the right code sent among them does not log in', async () => {
    const email = newEmail()
    expect((await sendOtp(email)).status).toBe(200)
    const right = codeFor(email)
    const guess = guesser()
    const burst = Array.from({ length: 100 }, () => guess(right))
    // The right code rides at the end of the burst, as a lucky guess would.
    const answers = await Promise.all([...burst, right].map((otp) => verify(email, otp)))
    const counted = answers.filter((a) => a.body.error?.attemptsLeft !== undefined).length
    const locked = answers.filter((a) => a.body.error?.code === 'locked').length
    const loggedIn = answers.filter((a) => a.status === 200).length
    console.log(
      `OTP brute force, ${answers.length} concurrent guesses at one code: ${counted} answered as counted wrong codes, ` +
        `${locked} locked, ${loggedIn} logged in`,
    )
    expect(loggedIn).toBe(0)
    expect(counted).toBeLessThan(Otp.MAX_FAILURES)
    expect(answers.at(-1)?.status).not.toBe(200)
    // Afterwards the address is locked for everyone, the right code included.
    expect((await verify(email, right)).body.error.code).toBe('locked')
  })
})
