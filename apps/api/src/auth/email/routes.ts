import { EmailRule, Errors } from '@frontdoor/schemas'
import { type Context, Hono } from 'hono'
import * as zm from 'zod/mini'
import type * as Config from '../../Config.js'
import type * as Deps from '../../Deps.js'
import * as ClientIp from '../../http/ClientIp.js'
import * as HttpErrors from '../../http/Errors.js'
import * as Query from '../../http/Query.js'
import * as AuthErrors from '../AuthErrors.js'
import * as Login from '../Login.js'
import * as Bearer from '../sessions/Bearer.js'
import * as Sessions from '../sessions/Sessions.js'
import * as Users from '../users/Users.js'
import * as Challenges from './Challenges.js'
import type * as Mailer from './Mailer.js'
import * as Mails from './Mails.js'
import * as Otp from './Otp.js'

const Code = zm.string().check(zm.regex(new RegExp(`^[0-9]{${Otp.LENGTH}}$`), `must be ${Otp.LENGTH} digits`))
const Email = EmailRule.Email.check(zm.maxLength(254, Errors.INVALID_EMAIL))

const SendBody = zm.object({ projectId: Query.ProjectId, email: Email })
const VerifyBody = zm.object({ projectId: Query.ProjectId, email: Email, otp: Code })
const UpdateBody = zm.object({ newEmail: Email })
const UpdateVerifyBody = zm.object({ primaryOtp: Code, secondaryOtp: Code })

/** The label the OTP hashing key is derived under from the master key. */
export const OTP_KEY_LABEL = 'email otp'

type Limit = keyof Pick<
  Config.Config['limits'],
  'otpSendPerIp' | 'otpSendPerEmail' | 'otpVerifyPerIp' | 'otpVerifyPerEmail'
>

/** Message of a lockout: why, then the spec's 'Please try again after {n} seconds'. */
function lockedMessage(retryAfterS: number) {
  return `Too many wrong codes. ${Errors.pleaseTryAgainAfter(retryAfterS)}`
}

/** The 429 of an address that may not get a code yet. */
function notIssued(result: Extract<Challenges.Issued, { ok: false }>) {
  return result.reason === 'locked'
    ? AuthErrors.tooMany('locked', lockedMessage(result.retryAfterS), result.retryAfterS)
    : AuthErrors.tooMany('cooldown', Errors.pleaseTryAgainAfter(result.retryAfterS), result.retryAfterS)
}

/** The error of a code that did not check out; `which` names the code of an email change. */
function notChecked(result: Extract<Challenges.Checked, { ok: false }>, which?: 'primary' | 'secondary') {
  const details = which ? { which } : {}
  if (result.reason === 'locked')
    return AuthErrors.tooMany('locked', lockedMessage(result.retryAfterS), result.retryAfterS)
  if (result.reason === 'expired')
    return AuthErrors.fail(410, 'expired_otp', 'The code has expired; ask for a new one', details)
  return AuthErrors.fail(400, 'invalid_otp', 'The code is not valid', {
    ...details,
    ...(result.failuresLeft !== undefined ? { attemptsLeft: result.failuresLeft } : {}),
  })
}

/**
 * Email OTP login (`POST /v1/auth/email/otp`, `/v1/auth/email/verify`) and email change
 * (`POST /v1/auth/email/update`, `/v1/auth/email/update/verify`, bearer; a change revokes the account's
 * other sessions).
 */
export function routes(deps: Deps.Deps) {
  const otpKey = deps.auth.vault.derive(OTP_KEY_LABEL)
  const now = () => deps.auth.now()

  const limit = async (c: Context, name: Limit, subject?: string) => {
    const { limit, windowMs } = deps.config.limits[name]
    const key = subject ?? ClientIp.of(c, deps.config)
    const decision = await deps.limiter.take(`auth:${name}:${key}`, limit, windowMs)
    if (!decision.allowed)
      throw AuthErrors.tooMany('rate_limited', HttpErrors.RATE_LIMITED, decision.retryAfterMs / 1000)
  }

  const project = async (projectId: string) => {
    const found = await deps.projects.get(projectId)
    if (!found) throw AuthErrors.fail(401, 'invalid_key', Errors.SERVER.INVALID_KEY)
    return found
  }

  /** Sends one email; on failure withdraws its codes (no cooldown for an email never sent) and answers 502. */
  const send = async (c: Context, mails: Mailer.Mail[], keys: Challenges.Key[]) => {
    try {
      await Promise.all(mails.map((mail) => deps.auth.mailer.send(mail)))
    } catch (error) {
      c.get('logger')?.error({ err: error }, 'auth: the email could not be sent')
      await Promise.all(keys.map((key) => Challenges.withdraw(deps.db, key)))
      throw AuthErrors.fail(502, 'email_failed', 'The email could not be sent; try again')
    }
  }

  const bearer = Bearer.required(deps)

  return new Hono<Bearer.Env>()
    .post('/v1/auth/email/otp', async (c) => {
      await limit(c, 'otpSendPerIp')
      const body = await AuthErrors.json(c, SendBody)
      const { name } = await project(body.projectId)
      const email = Users.normalizeEmail(body.email)
      await limit(c, 'otpSendPerEmail', email)
      const key: Challenges.Key = { purpose: 'login', email }
      const issued = await Challenges.issue(deps.db, otpKey, key, { now: now() })
      if (!issued.ok) throw notIssued(issued)
      await send(c, [{ to: email, ...Mails.login({ code: issued.code, projectName: name }) }], [key])
      return c.json({ sent: true, cooldownS: Otp.COOLDOWN_S })
    })
    .post('/v1/auth/email/verify', async (c) => {
      await limit(c, 'otpVerifyPerIp')
      const body = await AuthErrors.json(c, VerifyBody)
      await project(body.projectId)
      const email = Users.normalizeEmail(body.email)
      await limit(c, 'otpVerifyPerEmail', email)
      const key: Challenges.Key = { purpose: 'login', email }
      const checked = await Challenges.check(deps.db, otpKey, key, body.otp, { now: now() })
      if (!checked.ok) throw notChecked(checked)
      if (!(await Challenges.consume(deps.db, otpKey, key, body.otp, { now: now() })))
        throw notChecked({ ok: false, reason: 'invalid' })
      const user = await Users.findOrCreateByIdentity(deps.db, { kind: 'email', subject: email })
      return c.json(await Login.complete(deps, user.id))
    })
    .post('/v1/auth/email/update', bearer, async (c) => {
      await limit(c, 'otpSendPerIp')
      const body = await AuthErrors.json(c, UpdateBody)
      const { userId } = c.get('session')
      const user = await Users.get(deps.db, userId)
      if (!user?.email) throw AuthErrors.fail(400, 'no_email', 'This account has no email to change')
      const current = user.email
      const newEmail = Users.normalizeEmail(body.newEmail)
      if (newEmail === current)
        throw AuthErrors.fail(400, 'same_email', 'This is already the email of the account')
      const owner = await Users.findByIdentity(deps.db, { kind: 'email', subject: newEmail })
      if (owner && owner.id !== userId)
        throw AuthErrors.fail(409, 'email_taken', 'Another account uses this email')
      await limit(c, 'otpSendPerEmail', current)
      await limit(c, 'otpSendPerEmail', newEmail)
      const primary: Challenges.Key = { purpose: 'update_primary', email: current }
      const secondary: Challenges.Key = { purpose: 'update_secondary', email: newEmail }
      const ride = { now: now(), userId, newEmail }
      const first = await Challenges.issue(deps.db, otpKey, primary, ride)
      if (!first.ok) throw notIssued(first)
      const second = await Challenges.issue(deps.db, otpKey, secondary, ride)
      if (!second.ok) {
        await Challenges.withdraw(deps.db, primary)
        throw notIssued(second)
      }
      await send(
        c,
        [
          { to: current, ...Mails.updateEmail({ code: first.code, to: 'primary', newEmail }) },
          { to: newEmail, ...Mails.updateEmail({ code: second.code, to: 'secondary', newEmail }) },
        ],
        [primary, secondary],
      )
      return c.json({ sent: true, cooldownS: Otp.COOLDOWN_S })
    })
    .post('/v1/auth/email/update/verify', bearer, async (c) => {
      await limit(c, 'otpVerifyPerIp')
      const body = await AuthErrors.json(c, UpdateVerifyBody)
      const { userId } = c.get('session')
      const user = await Users.get(deps.db, userId)
      const pending = user?.email ? await Challenges.pendingUpdate(deps.db, userId, user.email) : undefined
      if (!user?.email || !pending) throw notChecked({ ok: false, reason: 'invalid' }, 'primary')
      await limit(c, 'otpVerifyPerEmail', user.email)
      const primary: Challenges.Key = { purpose: 'update_primary', email: user.email }
      const secondary: Challenges.Key = { purpose: 'update_secondary', email: pending.newEmail }
      const options = { now: now(), userId }
      const first = await Challenges.check(deps.db, otpKey, primary, body.primaryOtp, options)
      if (!first.ok) throw notChecked(first, 'primary')
      const second = await Challenges.check(deps.db, otpKey, secondary, body.secondaryOtp, options)
      if (!second.ok) throw notChecked(second, 'secondary')
      if (!(await Challenges.consume(deps.db, otpKey, primary, body.primaryOtp, options)))
        throw notChecked({ ok: false, reason: 'invalid' }, 'primary')
      if (!(await Challenges.consume(deps.db, otpKey, secondary, body.secondaryOtp, options)))
        throw notChecked({ ok: false, reason: 'invalid' }, 'secondary')
      try {
        await Users.changeEmail(deps.db, userId, user.email, pending.newEmail)
      } catch (error) {
        if (error instanceof Users.EmailTakenError)
          throw AuthErrors.fail(409, 'email_taken', 'Another account uses this email')
        throw error
      }
      await Sessions.revokeOthers(deps.db, userId, c.get('session').tokenHash, { now: now() })
      return c.json({ user: await Login.user(deps, userId) })
    })
}
